import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Devotional } from '@ministry/shared/types';
import { formatDevotionalDate, formatWeekday, listSummary } from '@ministry/shared/format';
import { Card, CardBody, CardImage, CardTitle, Muted, theme } from '@ministry/shared/ui';
import { devotionalPath, tagPath } from './devotionalLinks';

/** A card's width: one column on a phone, two on a tablet, three in the container on a desktop. */
export const CARD_IMAGE_SIZES = '(max-width: 640px) calc(100vw - 32px), (max-width: 1000px) 50vw, 370px';

export const TagLink = styled(Link)`
  align-self: flex-start;
  background: ${theme.colors.surface};
  color: ${theme.colors.accentText};
  font-weight: 600;
  font-size: 0.78rem;
  text-transform: uppercase;
  letter-spacing: 0.06em;
  padding: 4px 12px;
  border-radius: 999px;
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
`;

const Summary = styled.p`
  margin: 0;
`;

const ReadMore = styled(Link)`
  margin-top: auto;
  padding-top: 4px;
  font-weight: 600;
  color: ${theme.colors.primary};
`;

/** A devotional in a list: date, image, title, tag, weekday, summary and Read More. */
export function DevotionalCard({
  devotional,
  summary = listSummary,
  headingLevel = 3,
  eager = false,
}: {
  devotional: Devotional;
  /** The first cards on screen load their image at once (the largest paint), the rest lazily. */
  eager?: boolean;
  /** The summary rule: 80 characters on list pages (the default), the home rule on the home page. */
  summary?: (detail: string) => string;
  headingLevel?: 2 | 3;
}) {
  const href = devotionalPath(devotional);
  return (
    <Card>
      <CardImage
        src={devotional.image}
        sizes={CARD_IMAGE_SIZES}
        alt=""
        loading={eager ? 'eager' : 'lazy'}
        width={640}
        height={360}
      />
      <CardBody>
        <Muted>
          <time dateTime={new Date(devotional.timestamp * 1000).toISOString()}>{formatDevotionalDate(devotional.timestamp)}</time>
          {' · '}
          {formatWeekday(devotional.timestamp)}
        </Muted>
        <CardTitle as={`h${headingLevel}`}>
          <Link to={href}>{devotional.title}</Link>
        </CardTitle>
        <TagLink to={tagPath(devotional.tag)} aria-label={`More devotionals about ${devotional.tag}`}>
          {devotional.tag}
        </TagLink>
        <Summary>{summary(devotional.detail)}</Summary>
        {/* The title is in the link text itself (hidden), so every Read More link says where it goes. */}
        <ReadMore to={href}>
          Read More<span className="visually-hidden"> about {devotional.title}</span>
        </ReadMore>
      </CardBody>
    </Card>
  );
}
