import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { friendlyError } from '@ministry/shared/api';
import { countOf, formatEventDate, formatEventTime } from '@ministry/shared/format';
import { useAuth } from '@ministry/shared/store';
import type { MinistryEvent, MyWaitlistEntry } from '@ministry/shared/types';
import { Button, ExternalButton, FieldError, Input, theme } from '@ministry/shared/ui';
import { getMyWaitlist, heldCheckoutUrl, joinWaitlist, leaveWaitlist, reservePlaces } from './api';

const Box = styled.div`
  margin: 16px 0;
  padding-top: 16px;
  border-top: 1px solid ${theme.colors.border};
  p {
    margin: 0 0 10px;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: 10px;
    align-items: center;
  }
  label {
    font-weight: 500;
    font-size: 0.92rem;
    display: block;
    margin-bottom: 6px;
  }
  input {
    max-width: 110px;
    margin-bottom: 12px;
  }
`;

const seats = (n: number) => countOf(n, 'seat', 'seats');

/**
 * The waitlist of a sold-out event: a signed-in member joins it (for a
 * number of seats) or leaves it, and sees their place; once seats are
 * offered to them, a link to pay for them before the offer runs out.
 * Shown on an event on sale only to a member who holds an offer.
 */
export function WaitlistPanel({
  event,
  soldOut,
  seatsPerMember = 10,
}: {
  event: MinistryEvent;
  soldOut: boolean;
  seatsPerMember?: number;
}) {
  const { isAuth } = useAuth();
  const id = useId();
  const [entry, setEntry] = useState<MyWaitlistEntry | null>(null);
  const [count, setCount] = useState('1');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reserved, setReserved] = useState(false);

  useEffect(() => {
    if (!isAuth) return;
    let live = true;
    getMyWaitlist(event._id)
      .then((found) => live && setEntry(found))
      .catch(() => live && setEntry({ status: 'none', quantity: 0, position: null, bookingId: null, offerExpiresAt: null }));
    return () => {
      live = false;
    };
  }, [event._id, isAuth]);

  const act = async (run: () => Promise<MyWaitlistEntry>) => {
    setBusy(true);
    setError(null);
    try {
      setEntry(await run());
    } catch (e) {
      setError(friendlyError(e));
    } finally {
      setBusy(false);
    }
  };

  if (!isAuth) {
    if (!soldOut) return null;
    return (
      <Box>
        <p>Sign in to join the waitlist: when seats come free, the first person waiting gets them.</p>
        <Link to={`/login?next=${encodeURIComponent(`/events/${event._id}`)}`}>Log in to join the waitlist</Link>
      </Box>
    );
  }
  if (reserved) {
    return (
      <Box role="status">
        <p>
          <strong>Your places are reserved.</strong> Your tickets are on <Link to="/my-tickets">My tickets</Link> and in your
          e-mail.
        </p>
      </Box>
    );
  }
  if (!entry || (entry.status === 'none' && !soldOut)) return null;

  const quantity = Number(count);
  const countError =
    !Number.isInteger(quantity) || quantity < 1
      ? 'Enter a whole number of seats'
      : quantity > seatsPerMember
        ? `At most ${seatsPerMember} seats`
        : null;

  return (
    <Box aria-label="Waitlist" role="region">
      {entry.status === 'none' && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!countError) void act(() => joinWaitlist(event._id, quantity));
          }}
        >
          <p>Join the waitlist: when seats come free, the first person waiting is offered them by e-mail.</p>
          <label htmlFor={`${id}-seats`}>Seats wanted</label>
          <Input
            id={`${id}-seats`}
            type="number"
            min={1}
            max={seatsPerMember}
            value={count}
            onChange={(e) => setCount(e.target.value)}
            aria-invalid={countError ? true : undefined}
          />
          {countError && <FieldError>{countError}</FieldError>}
          <Button type="submit" disabled={busy}>
            Join the waitlist
          </Button>
        </form>
      )}
      {entry.status === 'waiting' && (
        <>
          <p role="status">
            You are <strong>number {entry.position}</strong> on the waitlist for {seats(entry.quantity)}. We will e-mail you when
            seats come free.
          </p>
          <Button type="button" $variant="outline" disabled={busy} onClick={() => void act(() => leaveWaitlist(event._id))}>
            Leave the waitlist
          </Button>
        </>
      )}
      {entry.status === 'offered' && entry.bookingId && (
        <>
          <p role="status">
            <strong>{seats(entry.quantity)} came free for you.</strong>
            {entry.offerExpiresAt &&
              ` They are held for you until ${formatEventDate(entry.offerExpiresAt)} at ${formatEventTime(entry.offerExpiresAt)}.`}
          </p>
          <div className="row">
            {event.seat_price === 0 ? (
              <Button
                type="button"
                disabled={busy}
                onClick={() =>
                  void act(async () => {
                    await reservePlaces(event._id, entry.quantity);
                    setReserved(true);
                    return getMyWaitlist(event._id);
                  })
                }
              >
                Reserve your places
              </Button>
            ) : (
              <ExternalButton href={heldCheckoutUrl(entry.bookingId)}>Pay for your seats</ExternalButton>
            )}
            <Button type="button" $variant="outline" disabled={busy} onClick={() => void act(() => leaveWaitlist(event._id))}>
              Leave the waitlist
            </Button>
          </div>
        </>
      )}
      {error && <FieldError role="alert">{error}</FieldError>}
    </Box>
  );
}
