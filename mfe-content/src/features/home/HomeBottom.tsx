import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatNewsDate, homeSummary } from '@ministry/shared/format';
import type { Devotional, NewsItem, PressRelease } from '@ministry/shared/types';
import {
  ButtonLink,
  Container,
  Grid,
  media,
  ResourceView,
  ResponsiveImage,
  Section,
  SectionTitle,
  theme,
} from '@ministry/shared/ui';
import { type Resource, useResource } from '@ministry/shared/app';
import { DevotionalCard } from '../devotionals/DevotionalCard';
import { Clipped, NewsCard } from '../news/NewsCard';
import { DevotionalCarousel } from './DevotionalCarousel';
import { getDevotionals } from '../devotionals/api';
import { getRecentNews } from '../news/api';
import { getPressReleases } from '../press/api';

/** How the home page splits what it loads. */
export const HOME = {
  recentNews: 3,
  pressReleases: 4,
  carousel: 5,
  devotionalList: 6,
} as const;

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

const Tinted = styled(Section)`
  background: ${theme.colors.surface};
`;

const More = styled.p`
  text-align: center;
  margin: 32px 0 0;
`;

const LatestList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 24px;
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
    gap: 16px;
  }
`;

const LatestItem = styled.li`
  display: grid;
  grid-template-columns: 180px minmax(0, 1fr);
  gap: 18px;
  align-items: start;
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
    min-height: 140px;
    object-fit: cover;
    background: ${theme.colors.surface};
  }
  > div {
    padding: 16px 18px 16px 0;
    display: grid;
    gap: 6px;
  }
  h3 {
    font-size: 1.05rem;
    margin: 0;
    line-height: 1.35;
  }
  h3 a {
    color: ${theme.colors.primary};
    text-decoration: none;
  }
  h3 a:hover {
    text-decoration: underline;
  }
  time {
    color: ${theme.colors.muted};
    font-size: 0.88rem;
  }
  ${media.mobile} {
    grid-template-columns: 112px minmax(0, 1fr);
    gap: 12px;
    img {
      min-height: 120px;
    }
    > div {
      padding: 12px 12px 12px 0;
    }
    h3 {
      font-size: 0.98rem;
    }
  }
`;

function RecentNews({ news }: { news: Resource<NewsItem[]> }) {
  return (
    <Section aria-labelledby="home-recent-news">
      <Container>
        <Head>
          <SectionTitle id="home-recent-news">Recent news</SectionTitle>
          <Link to="/news">All news</Link>
        </Head>
        <ResourceView resource={news} what="the news" empty="There is no news yet. Please come back soon." loadingRows={1}>
          {(list) => (
            <Grid>
              {list.slice(0, HOME.recentNews).map((n) => (
                <NewsCard key={n._id} item={n} />
              ))}
            </Grid>
          )}
        </ResourceView>
      </Container>
    </Section>
  );
}

function DailyDevotion({ devotionals }: { devotionals: Resource<Devotional[]> }) {
  return (
    <Tinted aria-labelledby="home-devotionals">
      <Container>
        <Head>
          <SectionTitle id="home-devotionals">Daily devotion</SectionTitle>
          <Link to="/daily-devotion">Today&apos;s devotional and more</Link>
        </Head>
        <ResourceView
          resource={devotionals}
          what="the devotionals"
          empty="No devotionals have been published yet."
          loadingRows={2}
        >
          {(list) => {
            const featured = list.slice(0, HOME.carousel);
            // The devotionals after the carousel's; with too few of those, the list
            // reaches back into the carousel's so it stays full (all of them, with five or fewer).
            const start = Math.max(0, Math.min(HOME.carousel, list.length - HOME.devotionalList));
            const more = list.slice(start, start + HOME.devotionalList);
            return (
              <>
                <DevotionalCarousel devotionals={featured} />
                {more.length > 0 && (
                  <>
                    <SectionTitle as="h3" style={{ marginTop: 48, fontSize: '1.5rem' }}>
                      More devotionals
                    </SectionTitle>
                    <Grid>
                      {more.map((d) => (
                        <DevotionalCard key={d._id} devotional={d} summary={homeSummary} />
                      ))}
                    </Grid>
                  </>
                )}
                <More>
                  <ButtonLink to="/daily-devotion/all">View All</ButtonLink>
                </More>
              </>
            );
          }}
        </ResourceView>
      </Container>
    </Tinted>
  );
}

/** Where a press release opens on /press. */
export const pressReleasePath = (release: PressRelease): string => `/press?release=${encodeURIComponent(release._id)}`;

/** "Press releases": the newest press releases (the recent news cards are above). */
function LatestPressReleases({ releases }: { releases: Resource<PressRelease[]> }) {
  return (
    <Section aria-labelledby="home-press-releases">
      <Container>
        <Head>
          <SectionTitle id="home-press-releases">Press releases</SectionTitle>
          <Link to="/press">All press releases</Link>
        </Head>
        <ResourceView resource={releases} what="the press releases" empty="There are no press releases yet." loadingRows={1}>
          {(list) => (
            <LatestList>
              {list.slice(0, HOME.pressReleases).map((r) => (
                <LatestItem key={r._id}>
                  <ResponsiveImage
                    src={r.photo}
                    sizes="(max-width: 768px) 112px, 180px"
                    alt=""
                    loading="lazy"
                    width={320}
                    height={180}
                  />
                  <div>
                    <h3>
                      <Link to={pressReleasePath(r)}>{r.title}</Link>
                    </h3>
                    <time dateTime={r.createdAt}>{formatNewsDate(r.createdAt)}</time>
                    <Clipped>{r.description}</Clipped>
                  </div>
                </LatestItem>
              ))}
            </LatestList>
          )}
        </ResourceView>
      </Container>
    </Section>
  );
}

/**
 * The home page below the latest stories and the latest sermon: recent
 * news, the devotional carousel and list, and the newest press releases. Each list is loaded once, under the same key as its own page.
 */
export function HomeBottom() {
  const news = useResource(getRecentNews, 'news:recent');
  const devotionals = useResource(getDevotionals, 'devotionals');
  const releases = useResource(getPressReleases, 'press-releases');
  return (
    <>
      <RecentNews news={news} />
      <DailyDevotion devotionals={devotionals} />
      <LatestPressReleases releases={releases} />
    </>
  );
}
