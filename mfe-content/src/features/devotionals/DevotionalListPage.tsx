import { getDevotionals } from '@ministry/shared/api';
import { ButtonLink, Container, Grid, PageBanner, ResourceView, Section, useResource } from '@ministry/shared/ui';
import { DevotionalCard } from './DevotionalCard';

const FIRST_PAGE = 9;

/** /daily-devotion (the latest, with View All) and /daily-devotion/all ('All devotionals'). */
export function DevotionalListPage({ all = false }: { all?: boolean }) {
  const devotionals = useResource(getDevotionals);
  return (
    <>
      <PageBanner>
        <Container>
          <h1>{all ? 'All devotionals' : 'Daily Devotion'}</h1>
          <p>A word for every day: scripture, reflection and prayer.</p>
        </Container>
      </PageBanner>
      <Section>
        <Container>
          <ResourceView resource={devotionals} what="the devotionals" empty="No devotionals have been published yet." loadingRows={3}>
            {(list) => (
              <>
                <Grid>
                  {(all ? list : list.slice(0, FIRST_PAGE)).map((d) => (
                    <DevotionalCard key={d._id} devotional={d} />
                  ))}
                </Grid>
                {!all && list.length > FIRST_PAGE && (
                  <p style={{ textAlign: 'center', marginTop: 32 }}>
                    <ButtonLink to="/daily-devotion/all">View All</ButtonLink>
                  </p>
                )}
              </>
            )}
          </ResourceView>
        </Container>
      </Section>
    </>
  );
}
