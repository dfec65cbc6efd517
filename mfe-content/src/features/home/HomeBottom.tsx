import { getDevotionals } from '@ministry/shared/api';
import { ButtonLink, Container, Grid, ResourceView, Section, SectionTitle, useResource } from '@ministry/shared/ui';
import { DevotionalCard } from '../devotionals/DevotionalCard';

/** The home page's devotional list. */
export function HomeBottom() {
  const devotionals = useResource(getDevotionals);
  return (
    <Section aria-labelledby="home-devotionals">
      <Container>
        <SectionTitle id="home-devotionals">Daily devotionals</SectionTitle>
        <ResourceView resource={devotionals} what="the devotionals" empty="No devotionals have been published yet." loadingRows={2}>
          {(list) => (
            <Grid>
              {list.slice(0, 3).map((d) => (
                <DevotionalCard key={d._id} devotional={d} />
              ))}
            </Grid>
          )}
        </ResourceView>
        <p style={{ textAlign: 'center', marginTop: 28 }}>
          <ButtonLink to="/daily-devotion/all" $variant="outline">
            View All
          </ButtonLink>
        </p>
      </Container>
    </Section>
  );
}
