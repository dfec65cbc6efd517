import { useCallback, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { errorStatus } from '@ministry/shared/api';
import { siteIdentity } from '@ministry/shared/config';
import { formatNewsDate } from '@ministry/shared/format';
import type { NewsItem } from '@ministry/shared/types';
import {
  Container,
  ErrorState,
  Grid,
  LoadingState,
  media,
  PageBanner,
  PageLinks,
  pageParam,
  ResourceView,
  ResponsiveImage,
  Section,
  SectionTitle,
  ShareButtons,
  theme,
  usePageTitle,
} from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { NewsCard, newsItemPath } from './NewsCard';
import { getNewsItem, getNewsPage } from './api';

/** The address of page `n` of the news. */
export const newsPageHref = (n: number): string => (n > 1 ? `/news?page=${n}` : '/news');

const Reader = styled.article`
  display: grid;
  grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr);
  gap: 36px;
  align-items: start;
  margin-bottom: 56px;
  padding-bottom: 48px;
  scroll-margin-top: 96px;
  /* Focused only so screen readers start here; not a control, so no focus box. */
  &:focus {
    outline: none;
  }
  border-bottom: 1px solid ${theme.colors.border};
  img {
    width: 100%;
    height: auto;
    border-radius: ${theme.radius};
    background: ${theme.colors.surface};
  }
  h2 {
    font-size: 2rem;
    color: ${theme.colors.primary};
    margin: 4px 0 16px;
  }
  p {
    font-size: 1.05rem;
    line-height: 1.8;
  }
  /* The text keeps the paragraphs it was written in. */
  p.text {
    white-space: pre-line;
  }
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
    gap: 20px;
    h2 {
      font-size: 1.5rem;
    }
  }
`;

const PressLink = styled(Link)`
  color: #fff;
  font-weight: 600;
`;

const Dateline = styled.p`
  margin: 0;
  color: ${theme.colors.accentText};
  font-weight: 600;
  font-size: 0.95rem !important;
`;

/** One news item in full, with share buttons (`preview`: as a staff page shows it before it is public, without them). */
export function NewsReader({ item, preview = false }: { item: NewsItem; preview?: boolean }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (preview) return;
    ref.current?.scrollIntoView?.({ block: 'start' });
    ref.current?.focus({ preventScroll: true });
  }, [item._id, preview]);
  return (
    <Reader ref={ref} tabIndex={-1} aria-labelledby="news-reader-title">
      <ResponsiveImage src={item.photo} sizes="(max-width: 768px) calc(100vw - 32px), 600px" alt="" width={800} height={450} />
      <div>
        <Dateline>
          <time dateTime={item.createdAt}>{formatNewsDate(item.createdAt)}</time>
        </Dateline>
        <h2 id="news-reader-title">{item.title}</h2>
        <p className="text">{item.description}</p>
        {!preview && (
          <>
            <ShareButtons
              url={newsItemPath(item)}
              title={`${item.title} — ${siteIdentity.ministryName}`}
              heading="Share this news"
            />
            <p style={{ marginTop: 20 }}>
              <Link to="/news">← All news</Link>
            </p>
          </>
        )}
      </div>
    </Reader>
  );
}

const sameId = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * /news: the news, newest first, a page at a time (`?page=2`, page links
 * that are real addresses); `?item=<id>` opens one item in full at the top, with
 * share buttons. The item is asked for by its id, so a shared link to an item
 * older than the latest list still opens it.
 */
export function NewsPage() {
  const [params] = useSearchParams();
  const page = pageParam(params.get('page'));
  const loadNews = useCallback(() => getNewsPage(page), [page]);
  const news = useResource(loadNews, `news:page:${page}`);
  const itemId = params.get('item') || null;
  const loadItem = useCallback(() => (itemId ? getNewsItem(itemId) : Promise.resolve(null)), [itemId]);
  const item = useResource<NewsItem | null>(loadItem, itemId ? `news:${itemId}` : null);
  // The list's copy shows at once; the item's own answer (or the list, if that fails) then.
  const fetched = itemId && item.data && sameId(item.data._id, itemId) ? item.data : undefined;
  const listed = itemId ? news.data?.data.find((n) => sameId(n._id, itemId)) : undefined;
  const open = fetched ?? listed;
  const gone = Boolean(itemId && !open && item.error && [400, 404].includes(errorStatus(item.error)));
  usePageTitle(open ? open.title : page > 1 ? `News (page ${page})` : 'News');

  return (
    <>
      <PageBanner>
        <Container>
          <h1>News</h1>
          <p>
            Find our latest news on our <PressLink to="/press">official press page</PressLink>
          </p>
        </Container>
      </PageBanner>
      <Section>
        <Container>
          {gone && (
            <p role="status" style={{ marginTop: 0 }}>
              That news item is no longer available; here is all our latest news.
            </p>
          )}
          {itemId && !open && !gone && item.loading && <LoadingState label="Loading the news item…" />}
          {itemId && !open && !gone && !item.loading && item.error !== null && (
            <div style={{ marginBottom: 40 }}>
              <ErrorState error={item.error} onRetry={item.reload} what="that news item" />
            </div>
          )}
          {open && <NewsReader item={open} />}
          <ResourceView
            resource={news}
            what="the news"
            empty="There is no news yet. Please come back soon."
            isEmpty={({ paging }) => paging.total === 0}
            loadingRows={3}
          >
            {({ data, paging }) => (
              <>
                <SectionTitle>{open ? 'More news' : page > 1 ? `News · page ${page}` : 'Latest news'}</SectionTitle>
                {data.length === 0 ? (
                  <p>
                    There is no page {page}; the last is <Link to={newsPageHref(paging.pages)}>page {paging.pages}</Link>.
                  </p>
                ) : (
                  <Grid>
                    {data
                      .filter((n) => n._id !== open?._id)
                      .map((n) => (
                        <NewsCard key={n._id} item={n} />
                      ))}
                  </Grid>
                )}
                <PageLinks page={page} pages={paging.pages} hrefFor={newsPageHref} label="Pages of news" />
              </>
            )}
          </ResourceView>
        </Container>
      </Section>
    </>
  );
}
