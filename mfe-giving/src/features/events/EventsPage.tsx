import styled from 'styled-components';
import { siteIdentity } from '@ministry/shared/config';
import type { MinistryEvent } from '@ministry/shared/types';
import {
  ButtonLink,
  Container,
  ExternalButton,
  Grid,
  MOBILE_QUERY,
  Muted,
  PageBanner,
  ResourceView,
  Section,
  theme,
  useMediaQuery,
  usePageTitle,
} from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { EventCard } from './EventCard';
import { EventCarousel } from './EventCarousel';
import { UpcomingList } from './UpcomingList';
import { availabilityOf } from './eventStatus';
import { getEvents } from './api';

const Visit = styled.p`
  margin-top: 20px !important;
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

const PastHeading = styled.h2`
  margin: 48px 0 16px;
  font-size: 1.4rem;
  color: ${theme.colors.primary};
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

/** The events' cards in a grid (the phone's list, and past events at every width). */
function CardList({ events, eagerFirst }: { events: MinistryEvent[]; eagerFirst: boolean }) {
  return (
    <Grid as="ul" role="list" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {events.map((event, index) => (
        <li key={event._id} style={{ display: 'flex' }}>
          <EventCard event={event} eager={eagerFirst && index === 0} />
        </li>
      ))}
    </Grid>
  );
}

/**
 * /events: 'Upcoming events' with the Visit link to the TV network; on desktop a carousel with every
 * upcoming event listed beside it (below it on a narrower screen), on mobile a card list; past events
 * follow under their own heading.
 */
export function EventsPage() {
  usePageTitle('Events');
  const events = useResource(getEvents, 'events');
  const mobile = useMediaQuery(MOBILE_QUERY);
  return (
    <>
      <PageBanner>
        <Container>
          <h1>Upcoming events</h1>
          <p>Gatherings, conferences and services across our churches, streamed on {siteIdentity.tvNetwork.name}.</p>
          <Visit>
            <ExternalButton href={siteIdentity.tvNetwork.url} target="_blank" rel="noopener noreferrer" $variant="light">
              Visit {siteIdentity.tvNetwork.name}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </ExternalButton>{' '}
            <ButtonLink to="/calendar" $variant="light">
              See the calendar
            </ButtonLink>
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
            {(list) => {
              const upcoming = list.filter((event) => availabilityOf(event) !== 'past');
              const past = list.filter((event) => availabilityOf(event) === 'past');
              return (
                <>
                  {upcoming.length === 0 ? (
                    <Muted>No upcoming events right now. Please check back soon.</Muted>
                  ) : mobile ? (
                    <CardList events={upcoming} eagerFirst />
                  ) : (
                    <Overview>
                      <EventCarousel events={upcoming} />
                      <UpcomingList events={upcoming} />
                    </Overview>
                  )}
                  {past.length > 0 && (
                    <section aria-labelledby="past-events-heading">
                      <PastHeading id="past-events-heading">Past events</PastHeading>
                      <CardList events={past} eagerFirst={false} />
                    </section>
                  )}
                </>
              );
            }}
          </ResourceView>
        </Container>
      </Section>
    </>
  );
}
