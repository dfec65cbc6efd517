import { useId, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MinistryEvent } from '@ministry/shared/types';
import { Button, Input } from '@ministry/shared/ui';
import { chosenQuantity, storeBooking } from '../../lib/bookingStorage';
import { priceText } from './eventStatus';
import { Field, PriceLine, SeatCountField, useSeatCount } from './SeatCount';

/**
 * The ticket form of an event on sale: a ticket count (1, or the count chosen before for this event; a whole
 * number up to the seats left and the seats one member may hold), the read-only seat price ('45$') and Buy,
 * which keeps the event under the `event` key with the count, and goes to /booking (which shows that count).
 */
export function TicketForm({ event, seatsPerMember }: { event: MinistryEvent; seatsPerMember?: number }) {
  const navigate = useNavigate();
  const seats = useSeatCount(event, seatsPerMember, () => chosenQuantity(event._id) ?? 1);
  const id = useId();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!(await seats.ready())) return;
    storeBooking(event._id, seats.quantity);
    navigate('/booking');
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Buy tickets">
      <SeatCountField seats={seats} label="Number of tickets" name="tickets" />
      <Field>
        <label htmlFor={`${id}-price`}>Price per ticket</label>
        <Input id={`${id}-price`} name="price" type="text" readOnly value={priceText(event.seat_price)} />
      </Field>
      <PriceLine aria-live="polite">
        <span>Total</span>
        <strong>{seats.error ? '—' : priceText(Math.round(event.seat_price * seats.quantity * 100) / 100)}</strong>
      </PriceLine>
      <Button type="submit" $block>
        Buy
      </Button>
    </form>
  );
}
