import { useState } from 'react';
import styled from 'styled-components';
import { friendlyError } from '@ministry/shared/api';
import { countOf, formatEventDate } from '@ministry/shared/format';
import type { StaffEvent } from '@ministry/shared/types';
import { Button, FieldError, Modal, notify } from '@ministry/shared/ui';
import { cancelStaffEvent } from './api';

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-top: 20px;
`;

const bookings = (n: number) => countOf(n, 'paid booking', 'paid bookings');

/**
 * The admins' confirmation before an event is cancelled: what will happen
 * (no more sales, every paid booking refunded, every ticket holder e-mailed)
 * and that it cannot be undone.
 */
export function CancelEventDialog({
  event,
  open,
  onClose,
  onCancelled,
}: {
  event: StaffEvent;
  open: boolean;
  onClose: () => void;
  onCancelled: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const outcome = await cancelStaffEvent(event._id);
      const told = countOf(outcome.notified, 'ticket holder e-mailed', 'ticket holders e-mailed');
      notify.success(
        event.price === 0
          ? `"${event.title}" is cancelled: ${told}.`
          : outcome.refunded + outcome.refundsPending === 0
            ? `"${event.title}" is cancelled. No ticket had been sold.`
            : `"${event.title}" is cancelled: ${bookings(outcome.refunded)} refunded, ${told}.`,
        8000,
      );
      if (outcome.refundsPending > 0 || !outcome.finished) {
        notify.warning(
          `${countOf(outcome.refundsPending, 'refund is', 'refunds are')} still being made: they are tried again automatically, and the attendees page shows them as they go through.`,
          10000,
        );
      }
      onCancelled();
    } catch (failure) {
      setError(friendlyError(failure, 'The event could not be cancelled. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title={`Cancel "${event.title}"?`} onClose={busy ? () => undefined : onClose}>
      <p>
        The event on {formatEventDate(event.event_date)} will show as cancelled and no more tickets will be sold.{' '}
        {event.price === 0 && event.paidBookings > 0
          ? `This event is free: its ${countOf(event.paidBookings, 'reservation', 'reservations')} will end, and every ticket holder will get an e-mail.`
          : event.paidBookings > 0
            ? `Its ${bookings(event.paidBookings)} will be refunded in full through the payment service, and every ticket holder will get an e-mail.`
            : 'No ticket has been sold, so there is nothing to refund.'}
      </p>
      <p>
        <strong>This cannot be undone.</strong>
      </p>
      {error && <FieldError role="alert">{error}</FieldError>}
      <Buttons>
        <Button type="button" $variant="danger" disabled={busy} onClick={() => void confirm()}>
          {busy ? 'Cancelling…' : 'Cancel the event'}
        </Button>
        <Button type="button" $variant="outline" disabled={busy} onClick={onClose}>
          Keep the event
        </Button>
      </Buttons>
    </Modal>
  );
}
