import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { errorStatus } from '@ministry/shared/api';
import { formatEventDate, formatEventTime } from '@ministry/shared/format';
import { useAuth } from '@ministry/shared/store';
import type { Booking } from '@ministry/shared/types';
import {
  ButtonLink,
  Container,
  ErrorState,
  LoadingState,
  media,
  PageBanner,
  Section,
  theme,
  usePageTitle,
} from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { clearBooking } from '../../lib/bookingStorage';
import { priceText } from '../events/eventStatus';
import { cancelBooking, syncBooking } from './api';

/** How long the success page waits for the payment provider's confirmation. */
const POLL_EVERY_MS = 2000;
const POLL_TIMES = 15;

const Summary = styled.div`
  max-width: 720px;
  background: #fff;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
  padding: 28px;
  h2 {
    color: ${theme.colors.primary};
    font-size: 1.4rem;
    margin: 0 0 8px;
  }
  p {
    margin: 0 0 12px;
  }
  ${media.mobile} {
    padding: 20px;
  }
`;

const Lines = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 8px 18px;
  margin: 16px 0 20px;
  padding: 16px;
  background: ${theme.colors.surface};
  border-radius: 8px;
  dt {
    color: ${theme.colors.muted};
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-top: 8px;
`;

function BookingLines({ booking }: { booking: Booking }) {
  return (
    <Lines>
      <dt>Event</dt>
      <dd>
        <Link to={`/events/${booking.event._id}`}>{booking.event.title}</Link>
      </dd>
      <dt>Date</dt>
      <dd>
        <time dateTime={booking.event.event_date}>
          {formatEventDate(booking.event.event_date)} · {formatEventTime(booking.event.event_date)}
        </time>
      </dd>
      <dt>Tickets</dt>
      <dd>
        {booking.quantity} × {priceText(booking.unitPrice)}
      </dd>
      <dt>Total</dt>
      <dd>{priceText(booking.amount)}</dd>
      <dt>Reference</dt>
      <dd>{booking._id.slice(0, 8).toUpperCase()}</dd>
    </Lines>
  );
}

function Page({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <>
      <PageBanner>
        <Container>
          <h1>{title}</h1>
          <p>{intro}</p>
        </Container>
      </PageBanner>
      <Section>
        <Container>{children}</Container>
      </Section>
    </>
  );
}

/** Signed out on a page that needs the member: a login link that comes back here. */
function LoginFirst({ what }: { what: string }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <Summary>
      <h2>Please log in</h2>
      <p>Log in to see {what}.</p>
      <ButtonLink to={`/login?next=${encodeURIComponent(here)}`} state={{ from: here }}>
        Log in
      </ButtonLink>
    </Summary>
  );
}

function NoBooking() {
  return (
    <Summary>
      <h2>We could not find this booking</h2>
      <p>It may belong to another account, or the link is incomplete.</p>
      <ButtonLink to="/events">See the events</ButtonLink>
    </Summary>
  );
}

/** A missing or unknown booking: the page says only that, never "Thank you". */
function BookingNotFoundPage() {
  return (
    <Page title="Booking not found" intro="This link does not lead to one of your bookings.">
      <NoBooking />
    </Page>
  );
}

const thanks = (content: ReactNode) => (
  <Page title="Thank you for booking" intro="Here is your booking. Your tickets are on My tickets as well.">
    {content}
  </Page>
);

function SuccessContent({ id }: { id: string }) {
  // A POST: the server may ask the payment provider and confirm the booking before its notice arrives.
  const booking = useResource(() => syncBooking(id), `booking:sync:${id}`);
  const polls = useRef(0);
  const [gaveUp, setGaveUp] = useState(false);
  const status = booking.data?.status;
  const { loading, reload } = booking;

  useEffect(() => {
    if (status !== 'pending' || loading) return;
    if (polls.current >= POLL_TIMES) {
      setGaveUp(true);
      return;
    }
    const timer = setTimeout(() => {
      polls.current += 1;
      reload();
    }, POLL_EVERY_MS);
    return () => clearTimeout(timer);
  }, [status, loading, reload]);

  useEffect(() => {
    if (status === 'paid') clearBooking();
  }, [status]);

  if ([400, 404].includes(errorStatus(booking.error))) return <BookingNotFoundPage />;
  if (booking.error) return thanks(<ErrorState error={booking.error} onRetry={booking.reload} what="your booking" />);
  if (!booking.data) return thanks(<LoadingState label="Loading your booking…" />);
  const data = booking.data;

  if (data.status === 'paid') {
    return thanks(
      <Summary role="status">
        <h2>Your tickets are confirmed</h2>
        <p>
          Thank you! We have e-mailed you a confirmation: show it at the entrance. All your tickets, with their QR codes, are on
          My tickets.
        </p>
        <BookingLines booking={data} />
        <Actions>
          <ButtonLink to="/my-tickets">My tickets</ButtonLink>
          <ButtonLink to="/events" $variant="outline">
            More events
          </ButtonLink>
        </Actions>
      </Summary>,
    );
  }
  if (data.status === 'pending') {
    return thanks(
      <Summary role="status" aria-busy={!gaveUp}>
        <h2>{gaveUp ? 'Your payment is still being confirmed' : 'Confirming your payment…'}</h2>
        <p>
          {gaveUp
            ? 'This is taking longer than usual. You will receive an e-mail as soon as it is confirmed, and your tickets will appear on My tickets.'
            : 'This takes a few seconds. Please keep this page open.'}
        </p>
        <BookingLines booking={data} />
      </Summary>,
    );
  }
  if (data.status === 'refund_due' || data.status === 'refunded') {
    return thanks(
      <Summary role="alert">
        <h2>Your payment arrived too late</h2>
        <p>
          Your seats were released before the payment came in, and the event has filled up since.{' '}
          {data.status === 'refunded'
            ? 'Your payment has been refunded in full, and we have e-mailed you about it.'
            : 'You will be refunded in full, and we will e-mail you when it is done.'}
        </p>
        <BookingLines booking={data} />
        <ButtonLink to="/events">See the events</ButtonLink>
      </Summary>,
    );
  }
  return thanks(
    <Summary role="alert">
      <h2>This booking was not completed</h2>
      <p>The seats were held for a limited time and have been released. Nothing was charged.</p>
      <BookingLines booking={data} />
      <ButtonLink to="/booking">Try again</ButtonLink>
    </Summary>,
  );
}

/** /booking/success?booking={id}: back from the payment page; the booking's confirmation (all the member's tickets are on My tickets). */
export function CheckoutSuccessPage() {
  const [params] = useSearchParams();
  const id = params.get('booking') ?? '';
  const { isAuth } = useAuth();
  if (isAuth && id) return <SuccessContent id={id} />;
  if (isAuth) return <BookingNotFoundPage />;
  return (
    <Page title="Your booking" intro="Log in to see your booking and your tickets.">
      <LoginFirst what="your booking" />
    </Page>
  );
}

function CancelledContent({ id }: { id: string }) {
  const result = useResource(() => cancelBooking(id), `booking:cancel:${id}`);
  if ([400, 404].includes(errorStatus(result.error))) return <NoBooking />;
  if (result.error) return <ErrorState error={result.error} onRetry={result.reload} what="your booking" />;
  if (!result.data) return <LoadingState label="Releasing your seats…" />;
  if (result.data.status === 'paid') {
    return (
      <Summary role="status">
        <h2>Your payment went through after all</h2>
        <p>Your tickets are confirmed.</p>
        <BookingLines booking={result.data} />
        <ButtonLink to={`/booking/success?booking=${id}`}>See your booking</ButtonLink>
      </Summary>
    );
  }
  return (
    <Summary role="status">
      <h2>Payment cancelled</h2>
      <p>Nothing was charged, and the seats we were holding for you have been released.</p>
      <BookingLines booking={result.data} />
      <Actions>
        <ButtonLink to="/booking">Try again</ButtonLink>
        <ButtonLink to="/events" $variant="outline">
          See the events
        </ButtonLink>
      </Actions>
    </Summary>
  );
}

/** /booking/cancelled?booking={id}: back from the payment page without paying; the held seats are given back. */
export function CheckoutCancelledPage() {
  const [params] = useSearchParams();
  const id = params.get('booking') ?? '';
  const { isAuth } = useAuth();
  return (
    <Page title="Booking cancelled" intro="You left the payment page without paying.">
      {!isAuth ? <LoginFirst what="your booking" /> : id ? <CancelledContent id={id} /> : <NoBooking />}
    </Page>
  );
}
