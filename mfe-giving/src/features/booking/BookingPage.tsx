import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { errorStatus, friendlyError } from '@ministry/shared/api';
import { countOf, formatEventDate, formatEventTime } from '@ministry/shared/format';
import { useAuth } from '@ministry/shared/store';
import type { MinistryEvent } from '@ministry/shared/types';
import {
  Button,
  ButtonLink,
  Container,
  EmptyState,
  ErrorState,
  LoadingState,
  media,
  Muted,
  notify,
  PageBanner,
  Section,
  theme,
  usePageTitle,
} from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { leavePageFor } from '../checkout/leavePage';
import { availabilityOf, priceText, seatsText } from '../events/eventStatus';
import { chosenQuantity, readBookingEvent } from '../../lib/bookingStorage';
import { PaymentNotice, usePaymentStatus } from '../payment-status/PaymentNotice';
import { getEvent } from '../events/api';
import { createCheckoutSession } from './api';

/** Where the login page sends the member back to (it reads `state.from`, or `?next=`). */
export const LOGIN_FOR_BOOKING = '/login?next=%2Fbooking';

const Layout = styled.div`
  display: grid;
  grid-template-columns: 220px minmax(0, 1fr);
  gap: 28px;
  align-items: start;
  background: #fff;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
  padding: 28px;
  max-width: 860px;
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
    padding: 20px;
    gap: 18px;
  }
`;

const Photo = styled.img`
  width: 100%;
  height: auto;
  aspect-ratio: 4 / 3;
  object-fit: cover;
  border-radius: 8px;
  background: ${theme.colors.surface};
  ${media.mobile} {
    aspect-ratio: 16 / 9;
  }
`;

const Title = styled.h2`
  font-size: 1.5rem;
  color: ${theme.colors.primary};
  margin: 0 0 4px;
`;

const Lines = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 10px 18px;
  align-items: center;
  margin: 20px 0;
  dt {
    color: ${theme.colors.muted};
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
`;

const Total = styled.dd`
  font-size: 1.4rem;
  color: ${theme.colors.primary};
`;

const Note = styled(Muted)`
  margin-top: 12px;
`;

const ticketsText = (n: number): string => countOf(n, 'ticket', 'tickets');

function BookingForm({ event, onStale }: { event: MinistryEvent; onStale: () => void }) {
  const { isAuth, user } = useAuth();
  const navigate = useNavigate();
  const payments = usePaymentStatus();
  const max = Math.max(1, Math.min(event.seatsLeft, payments?.seatsPerMember ?? event.seatsLeft));
  // The count chosen on the event page (kept in the browser: it survives /login and a reload),
  // never more than the seats left now (they may have gone down since it was chosen).
  const wanted = chosenQuantity(event._id) ?? 1;
  const quantity = Math.min(wanted, max);
  const [busy, setBusy] = useState(false);
  const availability = availabilityOf(event);
  const total = Math.round(event.seat_price * quantity * 100) / 100;

  const toLogin = () => navigate(LOGIN_FOR_BOOKING, { state: { from: '/booking' } });

  const pay = async () => {
    if (!isAuth || !user) {
      toLogin();
      return;
    }
    setBusy(true);
    try {
      const url = await createCheckoutSession({ items: [{ quantity, price: event.price_Id }], user: user._id, event: event._id });
      leavePageFor(url);
    } catch (error) {
      setBusy(false);
      const status = errorStatus(error);
      if (status === 401) {
        notify.warning('Please log in again to pay.');
        toLogin();
      } else if (status === 403) {
        // Signed in, but not allowed to buy yet (an unconfirmed address): the server says why.
        notify.warning(friendlyError(error));
      } else if (status === 409) {
        notify.error(friendlyError(error));
        onStale();
      } else {
        notify.error(friendlyError(error));
      }
    }
  };

  return (
    <Layout>
      <Photo src={event.photo} alt="" width={440} height={330} />
      <div>
        <Title>{event.title}</Title>
        <Muted>
          <time dateTime={event.event_date}>
            {formatEventDate(event.event_date)} · {formatEventTime(event.event_date)}
          </time>{' '}
          · {seatsText(event)}
        </Muted>
        {availability === 'on-sale' ? (
          <>
            <PaymentNotice status={payments} what="tickets" />
            <Lines>
              <dt>Tickets</dt>
              <dd>
                {ticketsText(quantity)} <Link to={`/events/${event._id}`}>Change</Link>
              </dd>
              <dt>Price per ticket</dt>
              <dd>{priceText(event.seat_price)}</dd>
              <dt>Total</dt>
              <Total aria-live="polite">{priceText(total)}</Total>
            </Lines>
            {quantity < wanted && (
              <Note role="status">
                Only {ticketsText(max)} can be booked now, not the {wanted} you chose: your booking is for {quantity}.
              </Note>
            )}
            <Button type="button" onClick={pay} disabled={busy} $block>
              {busy ? 'Opening the payment page…' : `Pay ${priceText(total)}`}
            </Button>
            <Note>
              {isAuth
                ? 'You will pay by card on a secure payment page; your seats are held for you while you pay.'
                : 'You will be asked to log in first, then come straight back here to pay.'}
            </Note>
          </>
        ) : (
          <EmptyState>
            {availability === 'sold-out' ? 'This event is sold out.' : 'Tickets for this event are no longer on sale.'}{' '}
            <ButtonLink to="/events" $variant="outline">
              See the other events
            </ButtonLink>
          </EmptyState>
        )}
      </div>
    </Layout>
  );
}

function ChooseEventFirst() {
  return (
    <EmptyState>
      Choose an event first.{' '}
      <ButtonLink to="/events" $variant="outline">
        See the events
      </ButtonLink>
    </EmptyState>
  );
}

function BookingOfEvent({ eventId }: { eventId: string }) {
  const event = useResource(() => getEvent(eventId), `event:${eventId}`);
  if ([400, 404].includes(errorStatus(event.error))) return <ChooseEventFirst />;
  if (event.loading && !event.data) return <LoadingState label="Loading your booking…" />;
  if (event.error || !event.data) return <ErrorState error={event.error} onRetry={event.reload} what="your booking" />;
  return <BookingForm key={event.data._id} event={event.data} onStale={event.reload} />;
}

/** /booking: 'Book now!', the number of tickets chosen on the event page and the pay button, for the stored `event`. */
export function BookingPage() {
  usePageTitle('Booking');
  const eventId = readBookingEvent();
  return (
    <>
      <PageBanner>
        <Container>
          <h1>Book now!</h1>
          <p>Check your booking and pay securely by card. Your tickets arrive by e-mail and on My tickets.</p>
        </Container>
      </PageBanner>
      <Section>
        <Container>{eventId ? <BookingOfEvent eventId={eventId} /> : <ChooseEventFirst />}</Container>
      </Section>
    </>
  );
}
