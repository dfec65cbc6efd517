import { useState } from 'react';
import styled from 'styled-components';
import { friendlyError } from '@ministry/shared/api';
import { countOf, formatEventDate, formatEventTime, formatPrice } from '@ministry/shared/format';
import type { MyTicket } from '@ministry/shared/types';
import { Button, FieldError, Modal, notify } from '@ministry/shared/ui';
import { cancelMyBooking } from './api';

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-top: 20px;
`;

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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tickets = countOf(ticket.quantity, 'ticket', 'tickets');

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
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
    } catch (failure) {
      setError(friendlyError(failure, 'Your booking could not be cancelled. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={`Cancel your ${free ? 'reservation' : 'booking'} for "${ticket.event.title}"?`}
      onClose={busy ? () => undefined : onClose}
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
      {error && <FieldError role="alert">{error}</FieldError>}
      <Buttons>
        <Button type="button" $variant="danger" disabled={busy} onClick={() => void confirm()}>
          {busy ? 'Cancelling…' : free ? 'Cancel reservation' : 'Cancel and refund'}
        </Button>
        <Button type="button" $variant="outline" disabled={busy} onClick={onClose}>
          {free ? 'Keep my places' : 'Keep my booking'}
        </Button>
      </Buttons>
    </Modal>
  );
}
