/**
 * How many seats, as the ticket form and the reservation form ask it: a
 * whole number up to the seats left and those one member may hold, its
 * message under it once touched, and the price line below.
 */
import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import type { MinistryEvent } from '@ministry/shared/types';
import { FieldError, Input, theme } from '@ministry/shared/ui';

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

type TicketRule = (typeof import('@ministry/shared/validation'))['ticketCountError'];

/**
 * The ticket rule is shared's (`@ministry/shared/validation`), whose module builds every form's schemas when it is
 * first run: tens of milliseconds on a phone, in the middle of the event pages' start. It is asked for once the
 * page runs and used once it is there; until then no count has been typed, and sending waits for it.
 */
let validation: Promise<typeof import('@ministry/shared/validation')> | undefined;
const loadValidation = () =>
  (validation ??= import('@ministry/shared/validation').catch((error: unknown) => {
    validation = undefined; // a load lost on the way is asked for again by the next submit
    throw error;
  }));

function useTicketRule(): TicketRule | null {
  const [rule, setRule] = useState<TicketRule | null>(null);
  useEffect(() => {
    let mounted = true;
    loadValidation().then(
      (loaded) => mounted && setRule(() => loaded.ticketCountError),
      () => undefined, // until it loads, a submit asks for it (ready)
    );
    return () => {
      mounted = false;
    };
  }, []);
  return rule;
}

/** The count's state: `initial` gives the count to start from (1, or what the member chose before), read once. */
export function useSeatCount(event: MinistryEvent, seatsPerMember: number | undefined, initial: () => number = () => 1) {
  const id = `${useId()}-count`;
  const [count, setCount] = useState(() => String(initial()));
  const [touched, setTouched] = useState(false);
  const rule = useTicketRule();
  const errorBy = (check: TicketRule) => check(count === '' ? '' : Number(count), event.seatsLeft, seatsPerMember);
  const error = rule ? errorBy(rule) : undefined;
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
    ready: async (): Promise<boolean> => {
      setTouched(true);
      const problem = errorBy(rule ?? (await loadValidation()).ticketCountError);
      if (problem) document.getElementById(id)?.focus();
      return !problem;
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
