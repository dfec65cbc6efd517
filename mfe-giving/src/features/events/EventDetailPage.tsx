import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { errorStatus } from '@ministry/shared/api';
import { formatEventDate, formatEventTime, inSiteTimeZone, mapSearchUrl } from '@ministry/shared/format';
import type { MinistryEvent } from '@ministry/shared/types';
import {
  Container,
  ErrorState,
  LoadingState,
  media,
  NotFound,
  ResponsiveImage,
  Section,
  theme,
  usePageTitle,
} from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { availabilityOf, isFree, priceText, seatsText } from './eventStatus';
import { ReserveForm } from './ReserveForm';
import { TicketForm } from './TicketForm';
import { WaitlistPanel } from './WaitlistPanel';
import { PaymentNotice, usePaymentStatus } from '../payment-status/PaymentNotice';
import { eventCalendarUrl, getEvent } from './api';

const Back = styled(Link)`
  display: inline-block;
  margin-bottom: 20px;
  font-weight: 500;
`;

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1.6fr) minmax(300px, 1fr);
  gap: 40px;
  align-items: start;
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
    gap: 24px;
  }
`;

const Photo = styled.div`
  img {
    width: 100%;
    height: auto;
    aspect-ratio: 16 / 9;
    object-fit: cover;
    border-radius: ${theme.radius};
    background: ${theme.colors.surface};
  }
`;

const CancelledNotice = styled.p`
  margin: 16px 0 0;
  padding: 12px 16px;
  border-radius: 8px;
  border: 2px solid ${theme.colors.danger};
  color: ${theme.colors.danger};
  background: #fff;
  font-weight: 600;
`;

const Title = styled.h1`
  font-size: 2.3rem;
  color: ${theme.colors.primary};
  margin: 24px 0 8px;
  ${media.mobile} {
    font-size: 1.7rem;
    margin-top: 18px;
  }
`;

const When = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 6px 20px;
  margin: 0 0 20px;
  color: ${theme.colors.accentText};
  font-weight: 600;
`;

const Where = styled.div`
  margin: 0 0 20px;
  p {
    margin: 0;
  }
  a {
    color: ${theme.colors.primary};
    font-weight: 500;
  }
`;

const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 20px;
  margin-top: 6px !important;
`;

const Description = styled.p`
  font-size: 1.05rem;
  line-height: 1.8;
  margin: 0;
`;

const Panel = styled.aside`
  position: sticky;
  top: 24px;
  background: #fff;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
  padding: 24px;
  h2 {
    font-size: 1.3rem;
    color: ${theme.colors.primary};
    margin: 0 0 6px;
  }
  ${media.mobile} {
    position: static;
    padding: 20px;
  }
`;

const Seats = styled.p<{ $open: boolean }>`
  margin: 0 0 18px;
  font-weight: 600;
  color: ${(p) => (p.$open ? theme.colors.success : theme.colors.danger)};
`;

const Closed = styled.div`
  padding: 16px;
  border-radius: 8px;
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  p {
    margin: 0 0 8px;
  }
  p:last-child {
    margin: 0;
  }
`;

/** The church's card on the locations tab (its address scrolls to it). */
export const churchCardPath = (churchId: string): string => `/community?tab=location#church-${encodeURIComponent(churchId)}`;

/** 'Time: 07:30 PM – 10:00 PM', or, when it ends on another day, the start time and 'Ends: 03 April 2031, 04:00 PM'. */
function EventTimes({ event }: { event: MinistryEvent }) {
  const end = event.end_date;
  const sameDay = end && inSiteTimeZone(end).format('YYYY-MM-DD') === inSiteTimeZone(event.event_date).format('YYYY-MM-DD');
  if (!end) return <span>Time: {formatEventTime(event.event_date)}</span>;
  if (sameDay) {
    return (
      <span>
        Time: <time dateTime={event.event_date}>{formatEventTime(event.event_date)}</time> –{' '}
        <time dateTime={end}>{formatEventTime(end)}</time>
      </span>
    );
  }
  return (
    <>
      <span>Time: {formatEventTime(event.event_date)}</span>
      <span>
        Ends:{' '}
        <time dateTime={end}>
          {formatEventDate(end)}, {formatEventTime(end)}
        </time>
      </span>
    </>
  );
}

function EventDetail({ event }: { event: MinistryEvent }) {
  usePageTitle(event.title);
  const availability = availabilityOf(event);
  const payments = usePaymentStatus();
  const free = isFree(event);
  return (
    <Layout>
      <div>
        <Photo>
          <ResponsiveImage src={event.photo} sizes="(max-width: 768px) 100vw, 720px" alt="" width={800} height={450} />
        </Photo>
        {event.cancelledAt && (
          <CancelledNotice role="note">This event is cancelled. Ticket holders have been e-mailed and refunded.</CancelledNotice>
        )}
        <Title>{event.title}</Title>
        <When>
          <span>
            Date: <time dateTime={event.event_date}>{formatEventDate(event.event_date)}</time>
          </span>
          <EventTimes event={event} />
          {event.repeats && <span>Repeats: {event.repeats} (each date is booked on its own)</span>}
        </When>
        <Where>
          {event.place && (
            <p>
              <strong>Where: </strong>
              {event.place.churchId && (
                <>
                  <Link to={churchCardPath(event.place.churchId)}>{event.place.name}</Link>,{' '}
                </>
              )}
              {event.place.address}
            </p>
          )}
          <Links>
            {event.place && (
              <a href={mapSearchUrl(event.place.address)} target="_blank" rel="noopener noreferrer">
                Open in a map <span className="visually-hidden">(opens in a new tab)</span>
              </a>
            )}
            <a href={eventCalendarUrl(event._id)} download>
              Add to calendar
            </a>
          </Links>
        </Where>
        <Description>{event.description}</Description>
      </div>
      <Panel aria-labelledby="tickets-heading">
        <h2 id="tickets-heading">{free ? 'Free event' : 'Tickets'}</h2>
        <Seats $open={availability === 'on-sale'} role="status">
          {seatsText(event)}
        </Seats>
        {availability === 'on-sale' ? (
          <>
            {free ? (
              <ReserveForm event={event} seatsPerMember={payments?.seatsPerMember} />
            ) : (
              <>
                <PaymentNotice status={payments} what="tickets" />
                <TicketForm event={event} seatsPerMember={payments?.seatsPerMember} />
              </>
            )}
            <WaitlistPanel event={event} soldOut={false} seatsPerMember={payments?.seatsPerMember} />
          </>
        ) : (
          <Closed>
            <p>
              {availability === 'sold-out'
                ? free
                  ? `All ${event.numberOfSeats} places are reserved. Places that come free go to the people on the waitlist, first come first served.`
                  : `All ${event.numberOfSeats} seats at ${priceText(event.seat_price)} are taken. Seats that come free go to the people on the waitlist, first come first served.`
                : availability === 'cancelled'
                  ? 'This event will not take place, and no tickets are sold. Everyone who had bought tickets is refunded in full.'
                  : 'Tickets for this event are no longer on sale.'}
            </p>
            {availability === 'sold-out' && <WaitlistPanel event={event} soldOut seatsPerMember={payments?.seatsPerMember} />}
            <p>
              <Link to="/events">See the other events</Link>
            </p>
          </Closed>
        )}
      </Panel>
    </Layout>
  );
}

/** /events/:id: the event's photo, title, date, time and description, with its tickets. */
export function EventDetailPage() {
  const { id = '' } = useParams();
  const event = useResource(() => getEvent(id), `event:${id}`);
  const status = errorStatus(event.error);
  if (event.error && (status === 404 || status === 400)) {
    return <NotFound title="Event not found" message="This event does not exist or is no longer listed." />;
  }
  return (
    <Section>
      <Container>
        <Back to="/events">← All events</Back>
        {event.loading && !event.data ? (
          <LoadingState label="Loading the event…" rows={2} />
        ) : event.error || !event.data ? (
          <ErrorState error={event.error} onRetry={event.reload} what="this event" />
        ) : (
          <EventDetail event={event.data} />
        )}
      </Container>
    </Section>
  );
}
