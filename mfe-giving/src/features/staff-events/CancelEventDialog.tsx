import { countOf, formatEventDate } from '@ministry/shared/format';
import type { StaffEvent } from '@ministry/shared/types';
import { ConfirmDialog, notify } from '@ministry/shared/ui';
import { cancelStaffEvent } from './api';

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
  const confirm = async () => {
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
  };

  return (
    <ConfirmDialog
      open={open}
      title={`Cancel "${event.title}"?`}
      onClose={onClose}
      confirmLabel="Cancel the event"
      busyLabel="Cancelling…"
      onConfirm={confirm}
      failure="The event could not be cancelled. Please try again."
      keepLabel="Keep the event"
    >
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
    </ConfirmDialog>
  );
}
