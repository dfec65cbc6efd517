import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { friendlyError } from '@ministry/shared/api';
import { countOf } from '@ministry/shared/format';
import { useAuth } from '@ministry/shared/store';
import type { Booking, MinistryEvent } from '@ministry/shared/types';
import { Button, FieldError, theme } from '@ministry/shared/ui';
import { reservePlaces } from './api';
import { PriceLine, SeatCountField, useSeatCount } from './SeatCount';

const Done = styled.div`
  padding: 14px 16px;
  border-radius: 8px;
  border: 1px solid ${theme.colors.success};
  background: #fff;
  p {
    margin: 0 0 8px;
  }
  p:last-child {
    margin: 0;
  }
`;

/**
 * The reservation form of a free event: how many places (the member and
 * their guests; a whole number up to the places left and those one member
 * may have) and Reserve: no payment step, the tickets come at once (My
 * tickets and an e-mail). A visitor is asked to log in first.
 */
export function ReserveForm({
  event,
  seatsPerMember,
  onReserved,
}: {
  event: MinistryEvent;
  seatsPerMember?: number;
  onReserved?: (booking: Booking) => void;
}) {
  const { isAuth } = useAuth();
  const seats = useSeatCount(event, seatsPerMember);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reserved, setReserved] = useState<Booking | null>(null);

  if (reserved) {
    return (
      <Done role="status">
        <p>
          <strong>Reserved: {countOf(reserved.quantity, 'place', 'places')}.</strong> Your tickets (one QR code each) are on My
          tickets and in your e-mail.
        </p>
        <p>
          <Link to="/my-tickets">See my tickets</Link>
        </p>
      </Done>
    );
  }

  if (!isAuth) {
    return (
      <p>
        This event is free. <Link to={`/login?next=${encodeURIComponent(`/events/${event._id}`)}`}>Log in to reserve</Link> your
        places.
      </p>
    );
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!(await seats.ready())) return;
    setBusy(true);
    setError(null);
    try {
      const booking = await reservePlaces(event._id, seats.quantity);
      setReserved(booking);
      onReserved?.(booking);
    } catch (err) {
      setError(friendlyError(err, 'Your places could not be reserved. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Reserve places">
      <SeatCountField seats={seats} label="Places (you and your guests)" name="places" />
      <PriceLine>
        <span>Price</span>
        <strong>Free</strong>
      </PriceLine>
      {error && <FieldError role="alert">{error}</FieldError>}
      <Button type="submit" $block disabled={busy}>
        {busy ? 'Reserving…' : 'Reserve'}
      </Button>
    </form>
  );
}
