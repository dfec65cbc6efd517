import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { siteIdentity } from '@ministry/shared/config';
import type { SermonSeries, SermonSummary } from '@ministry/shared/types';
import { Card, CardBody, CardImage, CardTitle, ExternalButton, Muted, theme } from '@ministry/shared/ui';
import {
  feedPath,
  formatLength,
  formatSermonDate,
  sermonImage,
  seriesPath,
  sermonPath,
  spokenLength,
  subscribeLinks,
} from './sermonLinks';

/** A card's width: one column on a phone, two on a tablet, three in the container on a desktop. */
export const SERMON_IMAGE_SIZES = '(max-width: 640px) calc(100vw - 32px), (max-width: 1000px) 50vw, 370px';

export const Passages = styled.p`
  margin: 0;
  font-weight: 600;
  color: ${theme.colors.accentText};
`;

const Meta = styled(Muted)`
  margin: 0;
  font-size: 0.92rem;
`;

const SeriesLink = styled(Link)`
  font-size: 0.85rem;
  font-weight: 600;
  color: ${theme.colors.primary};
`;

/** A sermon in a list: picture, title, day, speaker, passages, length and series. */
export function SermonCard({
  sermon,
  headingLevel = 3,
  eager = false,
  showSeries = true,
}: {
  sermon: SermonSummary;
  headingLevel?: 2 | 3;
  eager?: boolean;
  showSeries?: boolean;
}) {
  const length = formatLength(sermon.audio?.seconds);
  return (
    <Card>
      <CardImage
        src={sermonImage(sermon)}
        sizes={SERMON_IMAGE_SIZES}
        alt=""
        loading={eager ? 'eager' : 'lazy'}
        width={640}
        height={360}
      />
      <CardBody>
        <Meta>
          <time dateTime={sermon.date}>{formatSermonDate(sermon.date)}</time>
          {length && (
            <>
              {' · '}
              <span aria-label={spokenLength(sermon.audio?.seconds)}>{length}</span>
            </>
          )}
        </Meta>
        <CardTitle as={`h${headingLevel}`}>
          <Link to={sermonPath(sermon)}>{sermon.title}</Link>
        </CardTitle>
        <Meta>{sermon.speaker.name}</Meta>
        {sermon.passages.length > 0 && (
          <Passages>
            <span className="visually-hidden">Scripture: </span>
            {sermon.passages.map((p) => p.reference).join('; ')}
          </Passages>
        )}
        {showSeries && sermon.series && (
          <SeriesLink to={seriesPath(sermon.series)}>
            <span className="visually-hidden">Series: </span>
            {sermon.series.title}
          </SeriesLink>
        )}
      </CardBody>
    </Card>
  );
}

const SeriesCardTitle = styled(CardTitle)`
  margin-bottom: 0;
`;

/** A series in the grid: picture, title, how many sermons and when. */
export function SeriesCard({ series, headingLevel = 3 }: { series: SermonSeries; headingLevel?: 2 | 3 }) {
  return (
    <Card>
      <CardImage
        src={series.image || '/media/cover.svg'}
        sizes={SERMON_IMAGE_SIZES}
        alt=""
        loading="lazy"
        width={640}
        height={360}
      />
      <CardBody>
        <SeriesCardTitle as={`h${headingLevel}`}>
          <Link to={seriesPath(series)}>{series.title}</Link>
        </SeriesCardTitle>
        <Meta>
          {series.sermonCount === 1 ? 'One sermon' : `${series.sermonCount} sermons`}
          {series.lastDate && ` · latest ${formatSermonDate(series.lastDate)}`}
        </Meta>
      </CardBody>
    </Card>
  );
}

const Box = styled.aside`
  background: ${theme.colors.surface};
  border-radius: ${theme.radius};
  padding: 20px 22px;
  display: grid;
  gap: 12px;
  h2 {
    font-size: 1.2rem;
    margin: 0;
    color: ${theme.colors.primary};
  }
  p {
    margin: 0;
  }
  label {
    font-weight: 600;
    font-size: 0.9rem;
  }
  input {
    width: 100%;
    min-width: 0;
    padding: 10px 12px;
    border: 1.5px solid ${theme.colors.border};
    border-radius: 8px;
    font: inherit;
    font-size: 0.9rem;
    background: #fff;
  }
  div {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
`;

/** The podcast's Subscribe box: the feed's address to copy, and Apple Podcasts, Spotify and RSS links. */
export function SubscribeBox({ origin, seriesSlug, title }: { origin: string; seriesSlug?: string; title?: string }) {
  const feedUrl = `${origin}${feedPath(seriesSlug)}`;
  const links = subscribeLinks(feedUrl);
  const id = seriesSlug ? `subscribe-${seriesSlug}` : 'subscribe-podcast';
  return (
    <Box aria-labelledby={id}>
      <h2 id={id}>Subscribe{title ? ` to ${title}` : ' to the podcast'}</h2>
      <p>
        {seriesSlug
          ? 'Every sermon of this series in your podcast app, in order.'
          : `Every new sermon of ${siteIdentity.podcast.title}, in your podcast app as soon as it is published.`}
      </p>
      <label htmlFor={`${id}-feed`}>The feed’s address</label>
      <input id={`${id}-feed`} readOnly value={feedUrl} onFocus={(e) => e.currentTarget.select()} />
      <div>
        <ExternalButton href={links.apple} $variant="outline">
          Apple Podcasts
        </ExternalButton>
        <ExternalButton href={links.spotify} $variant="outline" target="_blank" rel="noopener noreferrer">
          Spotify<span className="visually-hidden"> (opens in a new tab)</span>
        </ExternalButton>
        <ExternalButton href={feedPath(seriesSlug)} $variant="outline" type="application/rss+xml">
          RSS
        </ExternalButton>
      </div>
    </Box>
  );
}
