import styled from 'styled-components';
import { siteIdentity } from '@ministry/shared/config';
import {
  Container,
  ExternalButton,
  Grid,
  MOBILE_QUERY,
  PageBanner,
  ResourceView,
  Section,
  useMediaQuery,
  usePageTitle,
} from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { EventCard } from './EventCard';
import { EventCarousel } from './EventCarousel';
import { UpcomingList } from './UpcomingList';
import { getEvents } from './api';

const Visit = styled.p`
  margin-top: 20px !important;
`;

/** On a wide screen the carousel and the list of every upcoming event sit side by side; narrower, the list comes below. */
const Overview = styled.div`
  display: grid;
  gap: 8px 32px;
  @media (min-width: 1100px) {
    grid-template-columns: minmax(0, 1.7fr) minmax(320px, 1fr);
    align-items: start;
    #all-upcoming-heading {
      margin-top: 0;
    }
  }
`;

/** /events: 'Recent Events' with the Visit link to the TV network; on desktop a carousel with every upcoming event listed beside it (below it on a narrower screen), on mobile a card list. */
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
          <ResourceView
            resource={events}
            what="the events"
            empty="No upcoming events right now. Please check back soon."
            loadingRows={2}
          >
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
                <Overview>
                  <EventCarousel events={list} />
                  <UpcomingList events={list} />
                </Overview>
              )
            }
          </ResourceView>
        </Container>
      </Section>
    </>
  );
}
