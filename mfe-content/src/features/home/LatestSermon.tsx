import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Container, media, ResourceView, ResponsiveImage, Section, SectionTitle, theme } from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { formatLength, formatSermonDate, sermonImage, sermonPath, spokenLength } from '../sermons/sermonLinks';
import { getSermons } from '../sermons/api';

/** The newest sermon, under the same name as on /sermons and /live. */
const getLatestSermons = () => getSermons({ limit: 1 });

const Head = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: 16px;
  flex-wrap: wrap;
  margin-bottom: 24px;
  h2 {
    margin: 0;
  }
  a {
    font-weight: 600;
  }
`;

const Feature = styled.article`
  display: grid;
  grid-template-columns: 320px minmax(0, 1fr);
  gap: 28px;
  align-items: center;
  background: #fff;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  overflow: hidden;
  picture {
    display: contents;
  }
  img {
    width: 100%;
    height: 100%;
    min-height: 180px;
    object-fit: cover;
    background: ${theme.colors.surface};
  }
  > div {
    padding: 20px 24px 20px 0;
    display: grid;
    gap: 8px;
  }
  h3 {
    margin: 0;
    font-size: 1.35rem;
  }
  h3 a {
    color: ${theme.colors.primary};
    text-decoration: none;
  }
  h3 a:hover {
    text-decoration: underline;
  }
  p {
    margin: 0;
  }
  audio {
    width: 100%;
  }
  ${media.mobile} {
    grid-template-columns: 220px minmax(0, 1fr);
    gap: 20px;
  }
  @media (max-width: 600px) {
    grid-template-columns: minmax(0, 1fr);
    gap: 0;
    img {
      aspect-ratio: 16 / 9;
      min-height: 0;
    }
    > div {
      padding: 16px;
    }
  }
`;

const Muted = styled.p`
  color: ${theme.colors.muted};
  font-size: 0.92rem;
`;

const Passages = styled.p`
  font-weight: 600;
  color: ${theme.colors.accentText};
`;

/**
 * "Latest sermon" on the home page: the newest sermon with the browser's
 * own audio player (no script to load, nothing fetched before play), and a
 * link to its page (notes, transcript, video). It loads on its own, beside
 * the rest of the page (the server renders them in one go).
 */
export function LatestSermon() {
  const sermons = useResource(getLatestSermons, 'sermons:latest');
  return (
    <Section aria-labelledby="home-latest-sermon">
      <Container>
        <Head>
          <SectionTitle id="home-latest-sermon">Latest sermon</SectionTitle>
          <Link to="/sermons">All sermons and the podcast</Link>
        </Head>
        <ResourceView
          resource={sermons}
          what="the latest sermon"
          empty="No sermons have been published yet."
          isEmpty={(answer) => answer.data.length === 0}
          loadingRows={1}
        >
          {(answer) => {
            const sermon = answer.data[0]!;
            const length = formatLength(sermon.audio?.seconds);
            return (
              <Feature>
                <ResponsiveImage
                  src={sermonImage(sermon)}
                  sizes="(max-width: 768px) calc(100vw - 32px), 320px"
                  alt=""
                  loading="lazy"
                  width={640}
                  height={360}
                />
                <div>
                  <h3>
                    <Link to={sermonPath(sermon)}>{sermon.title}</Link>
                  </h3>
                  <Muted>
                    {sermon.speaker.name} · <time dateTime={sermon.date}>{formatSermonDate(sermon.date)}</time>
                    {length && (
                      <>
                        {' · '}
                        <span aria-label={spokenLength(sermon.audio?.seconds)}>{length}</span>
                      </>
                    )}
                  </Muted>
                  {sermon.passages.length > 0 && <Passages>{sermon.passages.map((p) => p.reference).join('; ')}</Passages>}
                  {sermon.audio && (
                    <audio controls preload="none" src={sermon.audio.src} aria-label={`Listen: ${sermon.title}`} />
                  )}
                </div>
              </Feature>
            );
          }}
        </ResourceView>
      </Container>
    </Section>
  );
}
