import { useCallback } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { errorStatus } from '@ministry/shared/api';
import { formatDevotionalDate, formatWeekday } from '@ministry/shared/format';
import type { Devotional } from '@ministry/shared/types';
import {
  ButtonLink,
  Container,
  ErrorState,
  LoadingState,
  media,
  ResourceView,
  ResponsiveImage,
  Section,
  ShareButtons,
  theme,
  usePageTitle,
} from '@ministry/shared/ui';
import { useResource, TimeAgo } from '@ministry/shared/app';
import { DevotionalBody } from './DevotionalBody';
import { TagLink } from './DevotionalCard';
import { devotionalPath, tagPath } from './devotionalLinks';
import { getDevotional, getDevotionals, getDevotionalsByTag } from './api';

/** How many devotionals the Related Devotionals sidebar shows (spec section 9). */
export const RELATED_COUNT = 3;

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
  h1,
  h2#devotional-title {
    font-size: 2.3rem;
    color: ${theme.colors.primary};
    margin: 0 0 12px;
  }
  ${media.mobile} {
    h1,
    h2#devotional-title {
      font-size: 1.7rem;
    }
  }
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  color: ${theme.colors.muted};
  margin-bottom: 20px;
`;

const Verses = styled.p`
  margin: -4px 0 16px;
  font-weight: 600;
  color: ${theme.colors.accentText};
`;

const Hero = styled(ResponsiveImage)`
  width: 100%;
  height: auto;
  aspect-ratio: 16 / 9;
  object-fit: cover;
  border-radius: ${theme.radius};
  margin-bottom: 28px;
  background: ${theme.colors.surface};
`;

const ShareBox = styled.div`
  margin-top: 36px;
  padding-top: 24px;
  border-top: 1px solid ${theme.colors.border};
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
  p:last-child {
    display: flex;
    flex-wrap: wrap;
    gap: 12px;
    justify-content: center;
  }
  ${media.mobile} {
    padding: 56px 0;
    h1 {
      font-size: 1.7rem;
    }
  }
`;

const Back = styled(Link)`
  display: inline-block;
  margin-bottom: 20px;
  font-weight: 600;
`;

const Sidebar = styled.aside`
  position: sticky;
  top: 24px;
  background: ${theme.colors.surface};
  border-radius: ${theme.radius};
  padding: 22px;
  h2 {
    font-size: 1.25rem;
    color: ${theme.colors.primary};
    margin: 0 0 16px;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 16px;
  }
  li a {
    display: grid;
    grid-template-columns: 96px 1fr;
    gap: 12px;
    align-items: center;
    text-decoration: none;
    color: inherit;
  }
  li picture {
    display: contents;
  }
  li img {
    width: 96px;
    height: 54px;
    object-fit: cover;
    border-radius: 6px;
  }
  li strong {
    display: block;
    color: ${theme.colors.primary};
    line-height: 1.35;
  }
  li a:hover strong {
    text-decoration: underline;
  }
  li small {
    color: ${theme.colors.muted};
  }
  ${media.mobile} {
    position: static;
  }
`;

/** Devotionals of the same tag first, then the latest, never the one being read. */
async function loadRelated(devotional: Devotional): Promise<Devotional[]> {
  const sameTag = await getDevotionalsByTag(devotional.tag);
  const picked = sameTag.filter((d) => d._id !== devotional._id).slice(0, RELATED_COUNT);
  if (picked.length < RELATED_COUNT) {
    const latest = await getDevotionals();
    for (const d of latest) {
      if (picked.length >= RELATED_COUNT) break;
      if (d._id !== devotional._id && !picked.some((p) => p._id === d._id)) picked.push(d);
    }
  }
  return picked;
}

function RelatedDevotionals({ devotional }: { devotional: Devotional }) {
  const load = useCallback(() => loadRelated(devotional), [devotional]);
  const related = useResource(load, `devotionals:related:${devotional._id}`);
  return (
    <Sidebar aria-labelledby="related-devotionals">
      <h2 id="related-devotionals">Related Devotionals</h2>
      <ResourceView resource={related} what="related devotionals" empty="No other devotionals yet." loadingRows={3}>
        {(list) => (
          <ul>
            {list.map((d) => (
              <li key={d._id}>
                <Link to={devotionalPath(d)}>
                  <ResponsiveImage src={d.image} sizes="96px" alt="" width={96} height={54} loading="lazy" />
                  <span>
                    <strong>{d.title}</strong>
                    <small>
                      {d.tag} · <TimeAgo date={d.createdAt} />
                    </small>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </ResourceView>
    </Sidebar>
  );
}

/**
 * A devotional as its page shows it: title, date and weekday, tags,
 * verses, photo, body, and (on the public page) its share buttons. The staff
 * pages preview a devotional with it, before it is public (`preview`).
 */
export function DevotionalArticle({ devotional: d, preview = false }: { devotional: Devotional; preview?: boolean }) {
  const Title = preview ? 'h2' : 'h1';
  return (
    <Article aria-labelledby="devotional-title">
      <Title id="devotional-title">{d.title}</Title>
      <Meta>
        <span>
          <time dateTime={new Date(d.timestamp * 1000).toISOString()}>{formatDevotionalDate(d.timestamp)}</time>
          {' · '}
          {formatWeekday(d.timestamp)}
        </span>
        {d.tags.map((tag) => (
          <TagLink key={tag} to={tagPath(tag)} aria-label={`More devotionals about ${tag}`}>
            {tag}
          </TagLink>
        ))}
      </Meta>
      {d.verses && (
        <Verses>
          <span className="visually-hidden">Scripture: </span>
          {d.verses}
        </Verses>
      )}
      <Hero
        src={d.image}
        sizes="(max-width: 768px) calc(100vw - 32px), (max-width: 1200px) calc(100vw - 416px), 784px"
        alt=""
        width={800}
        height={450}
      />
      {preview ? <h3 className="visually-hidden">The devotional</h3> : <h2 className="visually-hidden">The devotional</h2>}
      <DevotionalBody html={d.detail} />
      {!preview && (
        <ShareBox>
          <ShareButtons url={devotionalPath(d)} heading="Share this devotional" />
        </ShareBox>
      )}
    </Article>
  );
}

/** /devotion-detail/:id and /devotional-detail/:slugOrId: one devotional, to read and share. */
export function DevotionalDetailPage() {
  const { id = '' } = useParams();
  const load = useCallback(() => getDevotional(id), [id]);
  const devotional = useResource(load, `devotional:${id}`);
  const d = devotional.data;
  usePageTitle(d ? d.title : devotional.error && errorStatus(devotional.error) === 404 ? 'Devotional not found' : undefined);

  if (devotional.error && [400, 404].includes(errorStatus(devotional.error))) {
    return (
      <Container>
        <Missing>
          <h1>Devotional not found</h1>
          <p>
            We could not find this devotional. It may have moved, or the link may be mistyped. Today&apos;s devotional is waiting
            for you.
          </p>
          <p>
            <ButtonLink to="/daily-devotion">Today&apos;s devotional</ButtonLink>
            <ButtonLink to="/" $variant="outline">
              Back to home
            </ButtonLink>
          </p>
        </Missing>
      </Container>
    );
  }

  return (
    <Section>
      <Container>
        <Back to="/daily-devotion">← All daily devotionals</Back>
        {devotional.error ? (
          <ErrorState error={devotional.error} onRetry={devotional.reload} what="this devotional" />
        ) : !d || (devotional.loading && d.slug !== id && d._id !== id) ? (
          <LoadingState label="Loading the devotional…" rows={2} />
        ) : (
          <Layout>
            <DevotionalArticle devotional={d} />
            <RelatedDevotionals devotional={d} />
          </Layout>
        )}
      </Container>
    </Section>
  );
}
