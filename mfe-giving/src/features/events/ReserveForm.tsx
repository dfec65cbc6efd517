import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { friendlyError } from '@ministry/shared/api';
import { countOf } from '@ministry/shared/format';
import { useAuth } from '@ministry/shared/store';
import type { Booking, MinistryEvent } from '@ministry/shared/types';
import { Button, FieldError, Input, theme } from '@ministry/shared/ui';
import { ticketCountError } from '@ministry/shared/validation';
import { reservePlaces } from './api';

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  margin-bottom: 16px;
  label {
    font-weight: 500;
    font-size: 0.92rem;
  }
`;

const Price = styled.p`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  margin: 4px 0 18px;
  padding-top: 14px;
  border-top: 1px solid ${theme.colors.border};
  font-weight: 600;
  strong {
    font-size: 1.35rem;
    color: ${theme.colors.primary};
  }
`;

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
  const id = useId();
  const [count, setCount] = useState('1');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reserved, setReserved] = useState<Booking | null>(null);
  const countError = ticketCountError(count === '' ? '' : Number(count), event.seatsLeft, seatsPerMember);
  const quantity = Number(count);

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
    setTouched(true);
    if (countError) {
      document.getElementById(`${id}-count`)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const booking = await reservePlaces(event._id, quantity);
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
      <Field>
        <label htmlFor={`${id}-count`}>Places (you and your guests)</label>
        <Input
          id={`${id}-count`}
          name="places"
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.min(event.seatsLeft, seatsPerMember ?? event.seatsLeft)}
          step={1}
          value={count}
          $invalid={touched && Boolean(countError)}
          aria-invalid={touched && countError ? true : undefined}
          aria-describedby={touched && countError ? `${id}-error` : undefined}
          onChange={(e) => {
            setCount(e.target.value.replace(/[^\d]/g, ''));
            setTouched(true);
          }}
          onBlur={() => setTouched(true)}
        />
        {touched && countError && <FieldError id={`${id}-error`}>{countError}</FieldError>}
      </Field>
      <Price>
        <span>Price</span>
        <strong>Free</strong>
      </Price>
      {error && <FieldError role="alert">{error}</FieldError>}
      <Button type="submit" $block disabled={busy}>
        {busy ? 'Reserving…' : 'Reserve'}
      </Button>
    </form>
  );
}
