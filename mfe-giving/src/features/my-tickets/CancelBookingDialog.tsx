import { countOf, formatEventDate, formatEventTime, formatPrice } from '@ministry/shared/format';
import type { MyTicket } from '@ministry/shared/types';
import { ConfirmDialog, notify } from '@ministry/shared/ui';
import { cancelMyBooking } from './api';

/** The member's confirmation before a paid booking is cancelled: the seats go back and the payment is refunded. */
export function CancelBookingDialog({
  ticket,
  free = false,
  open,
  onClose,
  onCancelled,
}: {
  ticket: MyTicket;
  /** A free event's reservation: the places go back, nothing to refund. */
  free?: boolean;
  open: boolean;
  onClose: () => void;
  onCancelled: () => void;
}) {
  const tickets = countOf(ticket.quantity, 'ticket', 'tickets');

  const confirm = async () => {
    const booking = await cancelMyBooking(ticket._id);
    notify.success(
      free
        ? 'Your reservation is cancelled and the places given back. We have sent you an e-mail.'
        : booking.status === 'refunded'
          ? `Your booking is cancelled and ${formatPrice(booking.amount)} refunded. We have sent you an e-mail.`
          : `Your booking is cancelled; your ${formatPrice(booking.amount)} is being refunded. We have sent you an e-mail.`,
      8000,
    );
    onCancelled();
  };

  return (
    <ConfirmDialog
      open={open}
      title={`Cancel your ${free ? 'reservation' : 'booking'} for "${ticket.event.title}"?`}
      onClose={onClose}
      confirmLabel={free ? 'Cancel reservation' : 'Cancel and refund'}
      busyLabel="Cancelling…"
      onConfirm={confirm}
      failure="Your booking could not be cancelled. Please try again."
      keepLabel={free ? 'Keep my places' : 'Keep my booking'}
    >
      {free ? (
        <p>
          Your {countOf(ticket.quantity, 'place', 'places')} for {formatEventDate(ticket.event.event_date)} at{' '}
          {formatEventTime(ticket.event.event_date)} will be given back to others, and the tickets will no longer admit anyone.
        </p>
      ) : (
        <p>
          Your {tickets} for {formatEventDate(ticket.event.event_date)} at {formatEventTime(ticket.event.event_date)} will be
          given back to others, and your payment of {formatPrice(ticket.amount)} refunded in full. It can take 5 to 10 business
          days to show on your statement.
        </p>
      )}
      <p>
        <strong>This cannot be undone.</strong>
      </p>
    </ConfirmDialog>
  );
}
