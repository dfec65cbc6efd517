import styled from 'styled-components';
import { getEvents } from '@ministry/shared/api';
import { siteIdentity } from '@ministry/shared/config';
import { Container, ExternalButton, Grid, PageBanner, ResourceView, Section, usePageTitle, useResource } from '@ministry/shared/ui';
import { EventCard } from './EventCard';
import { EventCarousel } from './EventCarousel';
import { MOBILE_QUERY, useMediaQuery } from './useMediaQuery';

const Visit = styled.p`
  margin-top: 20px !important;
`;

/** /events: 'Recent Events' with the Visit link to the TV network; a carousel on desktop, a card list on mobile. */
export function EventsPage() {
  usePageTitle('Events');
  const events = useResource(getEvents, 'events');
  const mobile = useMediaQuery(MOBILE_QUERY);
  return (
    <>
      <PageBanner>
        <Container>
          <h1>Recent Events</h1>
          <p>Gatherings, conferences and services across our churches, streamed on {siteIdentity.tvNetwork.name}.</p>
          <Visit>
            <ExternalButton href={siteIdentity.tvNetwork.url} target="_blank" rel="noopener noreferrer" $variant="light">
              Visit {siteIdentity.tvNetwork.name}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </ExternalButton>
          </Visit>
        </Container>
      </PageBanner>
      <Section aria-labelledby="events-list-heading">
        <Container>
          <h2 id="events-list-heading" className="visually-hidden">
            Our events
          </h2>
          <ResourceView resource={events} what="the events" empty="No upcoming events right now. Please check back soon." loadingRows={2}>
            {(list) =>
              mobile ? (
                <Grid as="ul" role="list" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {list.map((event, index) => (
                    <li key={event._id} style={{ display: 'flex' }}>
                      <EventCard event={event} eager={index === 0} />
                    </li>
                  ))}
                </Grid>
              ) : (
                <EventCarousel events={list} />
              )
            }
          </ResourceView>
        </Container>
      </Section>
    </>
  );
}
