import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { getRecentNews } from '@ministry/shared/api';
import { formatNewsDate } from '@ministry/shared/format';
import type { NewsItem } from '@ministry/shared/types';
import {
  Container,
  Grid,
  media,
  PageBanner,
  ResourceView,
  Section,
  SectionTitle,
  ShareButtons,
  theme,
  usePageTitle,
  useResource,
} from '@ministry/shared/ui';
import { NewsCard, newsItemPath } from './NewsCard';

const loadNews = () => getRecentNews();

const Reader = styled.article`
  display: grid;
  grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr);
  gap: 36px;
  align-items: start;
  margin-bottom: 56px;
  padding-bottom: 48px;
  scroll-margin-top: 96px;
  border-bottom: 1px solid ${theme.colors.border};
  img { width: 100%; height: auto; border-radius: ${theme.radius}; background: ${theme.colors.surface}; }
  h2 { font-size: 2rem; color: ${theme.colors.primary}; margin: 4px 0 16px; }
  p { font-size: 1.05rem; line-height: 1.8; }
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
    gap: 20px;
    h2 { font-size: 1.5rem; }
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

function NewsReader({ item }: { item: NewsItem }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'start' });
    ref.current?.focus({ preventScroll: true });
  }, [item._id]);
  return (
    <Reader ref={ref} tabIndex={-1} aria-labelledby="news-reader-title">
      <img src={item.photo} alt="" width={800} height={450} />
      <div>
        <Dateline>
          <time dateTime={item.createdAt}>{formatNewsDate(item.createdAt)}</time>
        </Dateline>
        <h2 id="news-reader-title">{item.title}</h2>
        <p>{item.description}</p>
        <ShareButtons url={`${window.location.origin}${newsItemPath(item)}`} heading="Share this news" />
        <p style={{ marginTop: 20 }}>
          <Link to="/news">← All news</Link>
        </p>
      </div>
    </Reader>
  );
}

/** /news: the latest news; `?item=<id>` opens one item in full at the top, with share buttons. */
export function NewsPage() {
  const news = useResource(loadNews);
  const [params] = useSearchParams();
  const itemId = params.get('item');
  const open = itemId ? news.data?.find((n) => n._id === itemId) : undefined;
  usePageTitle(open ? open.title : 'News');

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
          <ResourceView resource={news} what="the news" empty="There is no news yet. Please come back soon." loadingRows={3}>
            {(list) => (
              <>
                {itemId && !open && (
                  <p role="status" style={{ marginTop: 0 }}>
                    That news item is no longer available; here is all our latest news.
                  </p>
                )}
                {open && <NewsReader item={open} />}
                <SectionTitle>{open ? 'More news' : 'Latest news'}</SectionTitle>
                <Grid>
                  {list
                    .filter((n) => n._id !== open?._id)
                    .map((n) => (
                      <NewsCard key={n._id} item={n} />
                    ))}
                </Grid>
              </>
            )}
          </ResourceView>
        </Container>
      </Section>
    </>
  );
}
