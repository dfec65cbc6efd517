import type { MyTicket } from '@ministry/shared/types';

/** How one of the member's tickets stands, as "My tickets" says it. */
export type TicketState = 'paid' | 'past' | 'refund_due' | 'refunded' | 'reserved' | 'reserved_past' | 'cancelled';

/** A reservation of a free event (nothing paid): its amount is 0. */
export const isFreeTicket = (ticket: MyTicket & { free?: boolean }): boolean => ticket.free ?? ticket.amount === 0;

export function ticketState(ticket: MyTicket & { free?: boolean }, now = Date.now()): TicketState {
  if (ticket.status === 'cancelled') return 'cancelled';
  if (isFreeTicket(ticket)) return Date.parse(ticket.event.event_date) <= now ? 'reserved_past' : 'reserved';
  if (ticket.status === 'refunded') return 'refunded';
  if (ticket.status === 'refund_due') return 'refund_due';
  return Date.parse(ticket.event.event_date) <= now ? 'past' : 'paid';
}

export const TICKET_STATES: Record<TicketState, { label: string; tone: 'ok' | 'warn' | 'muted' | 'danger' }> = {
  paid: { label: 'Paid', tone: 'ok' },
  past: { label: 'Paid · took place', tone: 'muted' },
  refund_due: { label: 'Refund on its way', tone: 'warn' },
  refunded: { label: 'Refunded', tone: 'muted' },
  reserved: { label: 'Reserved · free', tone: 'ok' },
  reserved_past: { label: 'Reserved · took place', tone: 'muted' },
  cancelled: { label: 'Cancelled', tone: 'muted' },
};

/** What the member should know beside the state: why and how much was refunded. */
export function ticketNote(
  ticket: MyTicket & { free?: boolean },
  price: (amount: number) => string,
  date: (iso: string) => string,
): string | null {
  if (ticket.status === 'cancelled')
    return ticket.event.cancelledAt ? 'The event was cancelled.' : 'You cancelled this reservation; the places went back.';
  const cancelled = ticket.event.cancelledAt
    ? 'The event was cancelled. '
    : ticket.cancelledByMember
      ? 'You cancelled this booking. '
      : '';
  if (ticket.status === 'refunded')
    return `${cancelled}${price(ticket.amount)} refunded${ticket.refundedAt ? ` on ${date(ticket.refundedAt)}` : ''}; it can take 5 to 10 business days to show on your statement.`;
  if (ticket.status === 'refund_due') return `${cancelled}Your ${price(ticket.amount)} is being refunded.`;
  return null;
}
