/**
 * How many seats, as the ticket form and the reservation form ask it: a
 * whole number up to the seats left and those one member may hold, its
 * message under it once touched, and the price line below.
 */
import { useId, useState } from 'react';
import styled from 'styled-components';
import type { MinistryEvent } from '@ministry/shared/types';
import { FieldError, Input, theme } from '@ministry/shared/ui';
import { ticketCountError } from '@ministry/shared/validation';

export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  margin-bottom: 16px;
  label {
    font-weight: 500;
    font-size: 0.92rem;
  }
`;

/** The price line under the count: a word and, in large, the amount ('Free', '90$'). */
export const PriceLine = styled.p`
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

/** The count's state: `initial` gives the count to start from (1, or what the member chose before), read once. */
export function useSeatCount(event: MinistryEvent, seatsPerMember: number | undefined, initial: () => number = () => 1) {
  const id = `${useId()}-count`;
  const [count, setCount] = useState(() => String(initial()));
  const [touched, setTouched] = useState(false);
  const error = ticketCountError(count === '' ? '' : Number(count), event.seatsLeft, seatsPerMember);
  return {
    id,
    count,
    quantity: Number(count),
    error,
    shownError: touched ? error : null,
    max: Math.min(event.seatsLeft, seatsPerMember ?? event.seatsLeft),
    change: (text: string) => {
      setCount(text.replace(/[^\d]/g, ''));
      setTouched(true);
    },
    touch: () => setTouched(true),
    /** On submit: shows the message and puts the focus on the field when the count may not go. */
    ready: (): boolean => {
      setTouched(true);
      if (error) document.getElementById(id)?.focus();
      return !error;
    },
  };
}

export function SeatCountField({ seats, label, name }: { seats: ReturnType<typeof useSeatCount>; label: string; name: string }) {
  const { id, shownError } = seats;
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <Input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={1}
        max={seats.max}
        step={1}
        value={seats.count}
        $invalid={Boolean(shownError)}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? `${id}-error` : undefined}
        onChange={(e) => seats.change(e.target.value)}
        onBlur={seats.touch}
      />
      {shownError && <FieldError id={`${id}-error`}>{shownError}</FieldError>}
    </Field>
  );
}
