import { getEvents } from '@ministry/shared/api';
import { siteIdentity } from '@ministry/shared/config';
import { Container, ExternalButton, Grid, PageBanner, ResourceView, Section, useResource } from '@ministry/shared/ui';
import { EventCard } from './EventCard';

/** /events: 'Recent Events' with the Visit link to the TV network. */
export function EventsPage() {
  const events = useResource(getEvents);
  return (
    <>
      <PageBanner>
        <Container>
          <h1>Recent Events</h1>
          <p>
            Gatherings, conferences and services across our churches, streamed on {siteIdentity.tvNetwork.name}.
          </p>
          <p style={{ marginTop: 16 }}>
            <ExternalButton href={siteIdentity.tvNetwork.url} target="_blank" rel="noopener noreferrer" $variant="light">
              Visit {siteIdentity.tvNetwork.name}
            </ExternalButton>
          </p>
        </Container>
      </PageBanner>
      <Section>
        <Container>
          <ResourceView resource={events} what="the events" empty="No upcoming events right now. Please check back soon." loadingRows={2}>
            {(list) => (
              <Grid>
                {list.map((event) => (
                  <EventCard key={event._id} event={event} />
                ))}
              </Grid>
            )}
          </ResourceView>
        </Container>
      </Section>
    </>
  );
}
