import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Devotional } from '@ministry/shared/types';
import { formatDevotionalDate, formatWeekday, listSummary } from '@ministry/shared/format';
import { Card, CardBody, Muted, theme } from '@ministry/shared/ui';

const Image = styled.img`
  width: 100%;
  aspect-ratio: 16 / 9;
  object-fit: cover;
  background: ${theme.colors.surface};
`;

const Tag = styled.span`
  align-self: flex-start;
  background: ${theme.colors.surface};
  color: ${theme.colors.accentText};
  font-weight: 600;
  font-size: 0.78rem;
  text-transform: uppercase;
  letter-spacing: 0.06em;
  padding: 3px 10px;
  border-radius: 999px;
`;

const Title = styled.h3`
  font-size: 1.1rem;
  margin: 0;
  a { color: ${theme.colors.primary}; text-decoration: none; }
  a:hover { text-decoration: underline; }
`;

const ReadMore = styled(Link)`
  margin-top: auto;
  font-weight: 600;
  color: ${theme.colors.primary};
`;

/** A devotional in a list: date, image, title, tag, weekday, summary and Read More. */
export function DevotionalCard({ devotional }: { devotional: Devotional }) {
  const href = `/devotional-detail/${devotional.slug || devotional._id}`;
  return (
    <Card>
      <Image src={devotional.image} alt="" loading="lazy" width={640} height={360} />
      <CardBody>
        <Muted>
          <time dateTime={new Date(devotional.timestamp * 1000).toISOString()}>{formatDevotionalDate(devotional.timestamp)}</time>
          {' · '}
          {formatWeekday(devotional.timestamp)}
        </Muted>
        <Title>
          <Link to={href}>{devotional.title}</Link>
        </Title>
        <Tag>{devotional.tag}</Tag>
        <p style={{ margin: 0 }}>{listSummary(devotional.detail)}</p>
        <ReadMore to={href} aria-label={`Read more: ${devotional.title}`}>
          Read More
        </ReadMore>
      </CardBody>
    </Card>
  );
}
