import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { MinistryEvent } from '@ministry/shared/types';
import { Button, FieldError, Input, theme } from '@ministry/shared/ui';
import { ticketCountError } from '@ministry/shared/validation';
import { chosenQuantity, storeBooking } from '../../lib/bookingStorage';
import { priceText } from './eventStatus';

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

const Total = styled.p`
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

/**
 * The ticket form of an event on sale: a ticket count (1, or the count chosen before for this event; a whole
 * number up to the seats left and the seats one member may hold), the read-only seat price ('45$') and Buy,
 * which keeps the event under the `event` key with the count, and goes to /booking (which shows that count).
 */
export function TicketForm({ event, seatsPerMember }: { event: MinistryEvent; seatsPerMember?: number }) {
  const navigate = useNavigate();
  const id = useId();
  const [count, setCount] = useState(() => String(chosenQuantity(event._id) ?? 1));
  const [touched, setTouched] = useState(false);
  const error = ticketCountError(count === '' ? '' : Number(count), event.seatsLeft, seatsPerMember);
  const quantity = Number(count);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (error) {
      document.getElementById(`${id}-count`)?.focus();
      return;
    }
    storeBooking(event._id, quantity);
    navigate('/booking');
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Buy tickets">
      <Field>
        <label htmlFor={`${id}-count`}>Number of tickets</label>
        <Input
          id={`${id}-count`}
          name="tickets"
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.min(event.seatsLeft, seatsPerMember ?? event.seatsLeft)}
          step={1}
          value={count}
          $invalid={touched && Boolean(error)}
          aria-invalid={touched && error ? true : undefined}
          aria-describedby={touched && error ? `${id}-error` : undefined}
          onChange={(e) => {
            setCount(e.target.value.replace(/[^\d]/g, ''));
            setTouched(true);
          }}
          onBlur={() => setTouched(true)}
        />
        {touched && error && <FieldError id={`${id}-error`}>{error}</FieldError>}
      </Field>
      <Field>
        <label htmlFor={`${id}-price`}>Price per ticket</label>
        <Input id={`${id}-price`} name="price" type="text" readOnly value={priceText(event.seat_price)} />
      </Field>
      <Total aria-live="polite">
        <span>Total</span>
        <strong>{error ? '—' : priceText(Math.round(event.seat_price * quantity * 100) / 100)}</strong>
      </Total>
      <Button type="submit" $block>
        Buy
      </Button>
    </form>
  );
}
