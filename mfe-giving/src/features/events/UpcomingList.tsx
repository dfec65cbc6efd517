import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatEventTime, inSiteTimeZone } from '@ministry/shared/format';
import type { MinistryEvent } from '@ministry/shared/types';
import { theme } from '@ministry/shared/ui';
import { availabilityOf, eventPath, priceText, seatsText } from './eventStatus';

const Heading = styled.h3`
  margin: 40px 0 12px;
  font-size: 1.3rem;
  color: ${theme.colors.primary};
`;

const Rows = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  border-top: 1px solid ${theme.colors.border};
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: 4.5rem minmax(0, 1fr) auto;
  gap: 4px 20px;
  align-items: center;
  padding: 14px 4px;
  border-bottom: 1px solid ${theme.colors.border};
`;

const Day = styled.time`
  display: flex;
  flex-direction: column;
  align-items: center;
  line-height: 1.1;
  color: ${theme.colors.accentText};
  font-weight: 700;
  span:first-child {
    font-size: 1.6rem;
  }
  span:last-child {
    font-size: 0.8rem;
    text-transform: uppercase;
    letter-spacing: 0.06em;
  }
`;

const What = styled.div`
  min-width: 0;
  a {
    font-weight: 600;
    color: ${theme.colors.primary};
  }
  p {
    margin: 2px 0 0;
    color: ${theme.colors.muted};
    font-size: 0.92rem;
  }
`;

const Seats = styled.span<{ $open: boolean }>`
  font-weight: 600;
  white-space: nowrap;
  color: ${(p) => (p.$open ? theme.colors.success : theme.colors.danger)};
`;

/** Every upcoming event at a glance beside the carousel (desktop): date, title, where, price and seats. */
export function UpcomingList({ events }: { events: MinistryEvent[] }) {
  const upcoming = events.filter((event) => availabilityOf(event) !== 'past');
  if (upcoming.length === 0) return null;
  return (
    <section aria-labelledby="all-upcoming-heading">
      <Heading id="all-upcoming-heading">All upcoming events</Heading>
      <Rows>
        {upcoming.map((event) => {
          const day = inSiteTimeZone(event.event_date);
          return (
            <Row key={event._id}>
              <Day dateTime={event.event_date}>
                <span>{day.format('DD')}</span>
                <span>{day.format('MMM YYYY')}</span>
              </Day>
              <What>
                <Link to={eventPath(event)}>{event.title}</Link>
                <p>
                  {day.format('dddd')}, {formatEventTime(event.event_date)}
                  {event.place && <> · {event.place.name ?? event.place.address}</>} · {priceText(event.seat_price)}
                </p>
              </What>
              <Seats $open={availabilityOf(event) === 'on-sale'}>{seatsText(event)}</Seats>
            </Row>
          );
        })}
      </Rows>
    </section>
  );
}
