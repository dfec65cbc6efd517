import { useCallback } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { errorStatus } from '@ministry/shared/api';
import {
  ButtonLink,
  Container,
  ErrorState,
  Grid,
  LoadingState,
  media,
  PageBanner,
  ResponsiveImage,
  Section,
  SectionTitle,
  theme,
  usePageTitle,
} from '@ministry/shared/ui';
import { useResource, useSiteOrigin } from '@ministry/shared/app';
import { SermonCard, SubscribeBox } from './SermonCard';
import { formatSermonDate } from './sermonLinks';
import { getSeries } from './api';

const Head = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 360px;
  gap: 32px;
  align-items: center;
  picture,
  img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 16 / 9;
    object-fit: cover;
    border-radius: ${theme.radius};
  }
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 320px;
  gap: 40px;
  align-items: start;
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Back = styled(Link)`
  display: inline-block;
  margin-bottom: 12px;
  font-weight: 600;
  color: inherit;
`;

/** /sermons/series/:slug: a series, its sermons in the order preached, and its own podcast feed. */
export function SeriesPage() {
  const { slug = '' } = useParams();
  const load = useCallback(() => getSeries(slug), [slug]);
  const found = useResource(load, `sermon-series:${slug}`);
  const origin = useSiteOrigin();
  const data = found.data;
  usePageTitle(data ? data.series.title : found.error && errorStatus(found.error) === 404 ? 'Series not found' : undefined);

  if (found.error && [400, 404].includes(errorStatus(found.error))) {
    return (
      <Section>
        <Container>
          <h1>Series not found</h1>
          <p>We could not find this series. It may have moved, or the link may be mistyped.</p>
          <ButtonLink to="/sermons">All sermons</ButtonLink>
        </Container>
      </Section>
    );
  }
  if (found.error) {
    return (
      <Section>
        <Container>
          <ErrorState error={found.error} onRetry={found.reload} what="this series" />
        </Container>
      </Section>
    );
  }
  if (!data || (found.loading && data.series.slug !== slug)) {
    return (
      <Section>
        <Container>
          <LoadingState label="Loading the series…" rows={2} />
        </Container>
      </Section>
    );
  }
  const { series, sermons } = data;
  return (
    <>
      <PageBanner>
        <Container>
          <Head>
            <div>
              <Back to="/sermons">← All sermons</Back>
              <h1>{series.title}</h1>
              {series.description && <p>{series.description}</p>}
              <p>
                {series.sermonCount === 1 ? 'One sermon' : `${series.sermonCount} sermons`}
                {series.firstDate &&
                  series.lastDate &&
                  (series.firstDate === series.lastDate
                    ? `, ${formatSermonDate(series.firstDate)}`
                    : `, ${formatSermonDate(series.firstDate)} to ${formatSermonDate(series.lastDate)}`)}
              </p>
            </div>
            {series.image && (
              <ResponsiveImage
                src={series.image}
                alt=""
                sizes="(max-width: 768px) calc(100vw - 32px), 360px"
                width={640}
                height={360}
                preload
              />
            )}
          </Head>
        </Container>
      </PageBanner>
      <Section aria-labelledby="series-sermons">
        <Container>
          <Layout>
            <div>
              <SectionTitle id="series-sermons">The sermons, in order</SectionTitle>
              <Grid $min="260px">
                {sermons.map((s, index) => (
                  <SermonCard key={s._id} sermon={s} eager={index < 2} showSeries={false} />
                ))}
              </Grid>
            </div>
            <SubscribeBox origin={origin} seriesSlug={series.slug} title={series.title} />
          </Layout>
        </Container>
      </Section>
    </>
  );
}
