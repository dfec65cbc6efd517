import { useCallback, useMemo } from 'react';
import DOMPurify from 'dompurify';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { errorStatus } from '@ministry/shared/api';
import type { Sermon } from '@ministry/shared/types';
import {
  ButtonLink,
  Container,
  ErrorState,
  ExternalButton,
  LoadingState,
  media,
  Section,
  ShareButtons,
  theme,
  usePageTitle,
} from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { ChapterList, cueAt, SermonMedia, Transcript, useSermonPlayer } from './SermonPlayer';
import { Passages } from './SermonCard';
import { formatLength, formatSermonDate, seriesPath, sermonPath, spokenLength } from './sermonLinks';
import { getSermon } from './api';
import { SaveForOffline } from './SaveForOffline';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 320px;
  gap: 48px;
  align-items: start;
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
    gap: 36px;
  }
`;

const Article = styled.article`
  display: grid;
  gap: 20px;
  min-width: 0;
  h1 {
    font-size: 2.3rem;
    color: ${theme.colors.primary};
    margin: 0;
    line-height: 1.2;
  }
  h2 {
    font-size: 1.3rem;
    color: ${theme.colors.primary};
    margin: 8px 0 0;
  }
  ${media.mobile} {
    h1 {
      font-size: 1.7rem;
    }
  }
`;

const Meta = styled.p`
  margin: 0;
  color: ${theme.colors.muted};
  a {
    font-weight: 600;
  }
`;

const Notes = styled.div`
  line-height: 1.7;
  p {
    margin: 0 0 1em;
  }
  blockquote {
    margin: 0 0 1em;
    padding-left: 16px;
    border-left: 3px solid ${theme.colors.accent};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  padding-top: 20px;
  border-top: 1px solid ${theme.colors.border};
`;

const Sidebar = styled.aside`
  background: ${theme.colors.surface};
  border-radius: ${theme.radius};
  padding: 22px;
  h2 {
    font-size: 1.2rem;
    color: ${theme.colors.primary};
    margin: 0 0 12px;
  }
  ol {
    margin: 0;
    padding-left: 1.3em;
    display: grid;
    gap: 12px;
  }
  li[aria-current='page'] {
    font-weight: 700;
  }
  small {
    display: block;
    color: ${theme.colors.muted};
  }
`;

const Missing = styled.div`
  padding: 96px 0;
  text-align: center;
  h1 {
    font-size: 2.2rem;
    color: ${theme.colors.primary};
  }
  p {
    color: ${theme.colors.muted};
    max-width: 560px;
    margin: 0 auto 24px;
  }
`;

const Back = styled(Link)`
  display: inline-block;
  margin-bottom: 20px;
  font-weight: 600;
`;

/** What sermon notes may hold; anything else is dropped. */
const ALLOWED = {
  ALLOWED_TAGS: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'blockquote', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a', 'span', 'cite'],
  ALLOWED_ATTR: ['href', 'title', 'rel', 'target'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/|#)/i,
};

/**
 * The notes' HTML, cleaned in the browser too (the API sanitized it already;
 * the server renderer has no DOM for DOMPurify and shows the API's answer).
 */
function SermonNotes({ html }: { html: string }) {
  const clean = useMemo(() => (typeof window === 'undefined' ? html : DOMPurify.sanitize(html, ALLOWED)), [html]);
  return <Notes dangerouslySetInnerHTML={{ __html: clean }} />;
}

const fileKind = (type: string) => (type === 'audio/mp4' ? 'M4A' : type === 'video/mp4' ? 'MP4' : 'MP3');
const megabytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** A sermon's page: its player, passages, notes, transcript (whose times seek the player), share and download. */
export function SermonArticle({ sermon }: { sermon: Sermon }) {
  const player = useSermonPlayer(sermon);
  const current = cueAt(sermon.transcript, player.time);
  const length = formatLength(sermon.audio?.seconds);
  return (
    <Article aria-labelledby="sermon-title">
      <h1 id="sermon-title">{sermon.title}</h1>
      <Meta>
        {sermon.speaker.name}
        {sermon.speaker.role && `, ${sermon.speaker.role}`} · <time dateTime={sermon.date}>{formatSermonDate(sermon.date)}</time>
        {length && (
          <>
            {' · '}
            <span aria-label={spokenLength(sermon.audio?.seconds)}>{length}</span>
          </>
        )}
        {sermon.series && (
          <>
            {' · '}
            <Link to={seriesPath(sermon.series)}>
              <span className="visually-hidden">Series: </span>
              {sermon.series.title}
            </Link>
          </>
        )}
      </Meta>
      {sermon.passages.length > 0 && (
        <Passages>
          <span className="visually-hidden">Scripture: </span>
          {sermon.passages.map((p, i) => (
            <span key={p.reference}>
              {i > 0 && '; '}
              <Link to={`/sermons?passage=${encodeURIComponent(p.reference)}`} aria-label={`Sermons on ${p.reference}`}>
                {p.reference}
              </Link>
            </span>
          ))}
        </Passages>
      )}
      <SermonMedia sermon={sermon} player={player} />
      {sermon.summary && <p style={{ margin: 0, fontSize: '1.1rem' }}>{sermon.summary}</p>}
      {sermon.chapters.length > 0 && (sermon.audio || sermon.video) && (
        <section aria-labelledby="sermon-chapters">
          <h2 id="sermon-chapters">Chapters</h2>
          <ChapterList chapters={sermon.chapters} onSeek={player.seek} />
        </section>
      )}
      {sermon.notes && (
        <section aria-labelledby="sermon-notes">
          <h2 id="sermon-notes">Notes</h2>
          <SermonNotes html={sermon.notes} />
        </section>
      )}
      {sermon.transcript.length > 0 && (
        <section aria-labelledby="sermon-transcript">
          <h2 id="sermon-transcript">Transcript</h2>
          <p style={{ margin: '0 0 10px', color: theme.colors.muted }}>Press a line to hear it from there.</p>
          <Transcript cues={sermon.transcript} current={current} onSeek={player.seek} label="Transcript lines" />
        </section>
      )}
      <Actions>
        {sermon.audio && (
          <ExternalButton href={sermon.audio.src} download $variant="outline">
            Download the audio ({fileKind(sermon.audio.type)}, {megabytes(sermon.audio.bytes)})
          </ExternalButton>
        )}
        {sermon.audio && <SaveForOffline src={sermon.audio.src} />}
        {sermon.video?.kind === 'file' && sermon.video.bytes && (
          <ExternalButton href={sermon.video.src} download $variant="outline">
            Download the video (MP4, {megabytes(sermon.video.bytes)})
          </ExternalButton>
        )}
        {sermon.video?.pageUrl && (
          <ExternalButton href={sermon.video.pageUrl} target="_blank" rel="noopener noreferrer" $variant="outline">
            Watch on {sermon.video.kind === 'vimeo' ? 'Vimeo' : 'YouTube'}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </ExternalButton>
        )}
        {sermon.transcriptSrc && (
          <ExternalButton href={sermon.transcriptSrc} download $variant="outline">
            Transcript (WebVTT)
          </ExternalButton>
        )}
      </Actions>
      <ShareButtons url={sermonPath(sermon)} title={sermon.title} heading="Share this sermon" />
    </Article>
  );
}

function SeriesSermons({ sermon }: { sermon: Sermon }) {
  if (!sermon.series) return null;
  const all = [...sermon.seriesSermons, sermon].sort((a, b) => a.date.localeCompare(b.date));
  return (
    <Sidebar aria-labelledby="series-sermons">
      <h2 id="series-sermons">
        In the series <Link to={seriesPath(sermon.series)}>{sermon.series.title}</Link>
      </h2>
      <ol>
        {all.map((s) => (
          <li key={s._id} aria-current={s._id === sermon._id ? 'page' : undefined}>
            {s._id === sermon._id ? s.title : <Link to={sermonPath(s)}>{s.title}</Link>}
            <small>
              {s.speaker.name} · {formatSermonDate(s.date)}
            </small>
          </li>
        ))}
      </ol>
    </Sidebar>
  );
}

/** /sermons/:slug: one sermon, to hear, watch, read and share. */
export function SermonPage() {
  const { slug = '' } = useParams();
  const load = useCallback(() => getSermon(slug), [slug]);
  const sermon = useResource(load, `sermon:${slug}`);
  const s = sermon.data;
  usePageTitle(s ? s.title : sermon.error && errorStatus(sermon.error) === 404 ? 'Sermon not found' : undefined);

  if (sermon.error && [400, 404].includes(errorStatus(sermon.error))) {
    return (
      <Container>
        <Missing>
          <h1>Sermon not found</h1>
          <p>We could not find this sermon. It may have moved, or the link may be mistyped.</p>
          <p>
            <ButtonLink to="/sermons">All sermons</ButtonLink>
          </p>
        </Missing>
      </Container>
    );
  }

  return (
    <Section>
      <Container>
        <Back to="/sermons">← All sermons</Back>
        {sermon.error ? (
          <ErrorState error={sermon.error} onRetry={sermon.reload} what="this sermon" />
        ) : !s || (sermon.loading && s.slug !== slug && s._id !== slug) ? (
          <LoadingState label="Loading the sermon…" rows={2} />
        ) : (
          <Layout>
            <SermonArticle key={s._id} sermon={s} />
            <SeriesSermons sermon={s} />
          </Layout>
        )}
      </Container>
    </Section>
  );
}
