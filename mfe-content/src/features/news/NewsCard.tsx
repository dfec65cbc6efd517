import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatNewsDate } from '@ministry/shared/format';
import type { NewsItem } from '@ministry/shared/types';
import { Card, CardBody, CardDescription, CardImage, CardTitle, Muted, theme } from '@ministry/shared/ui';
import { CARD_IMAGE_SIZES } from '../devotionals/DevotionalCard';

/** A news item's own address: the news page opened on it. */
export const newsItemPath = (item: Pick<NewsItem, '_id'>): string => `/news?item=${encodeURIComponent(item._id)}`;

const Title = styled(CardTitle)`
  line-height: 1.35;
`;

/** News card descriptions are clipped to 3 lines (spec section 9). */
export const Clipped = styled(CardDescription)`
  line-clamp: 3;
`;

const ReadMore = styled(Link)`
  margin-top: auto;
  padding-top: 4px;
  font-weight: 600;
  color: ${theme.colors.primary};
`;

/** A news item in a grid: photo, title, date, description clipped to 3 lines, Read More. */
export function NewsCard({ item, headingLevel = 3 }: { item: NewsItem; headingLevel?: 2 | 3 }) {
  const href = newsItemPath(item);
  return (
    <Card>
      <CardImage src={item.photo} sizes={CARD_IMAGE_SIZES} alt="" loading="lazy" width={640} height={360} />
      <CardBody>
        <Muted>
          <time dateTime={item.createdAt}>{formatNewsDate(item.createdAt)}</time>
        </Muted>
        <Title as={`h${headingLevel}`}>
          <Link to={href}>{item.title}</Link>
        </Title>
        <Clipped data-testid="news-description">{item.description}</Clipped>
        <ReadMore to={href}>
          Read More<span className="visually-hidden"> about {item.title}</span>
        </ReadMore>
      </CardBody>
    </Card>
  );
}
