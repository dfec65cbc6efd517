/**
 * Tickets: each paid booking has an unguessable token, the content of its QR
 * code and the code staff may type at the door. 20 characters of Crockford's
 * base 32 (100 random bits), shown in groups of five; typed codes forgive
 * case, spaces, dashes and the letters read as digits (O, I, L).
 *
 * A member may cancel a paid booking until `CANCEL_HOURS_BEFORE` hours before
 * the event (not once it is checked in): in one transaction the booking
 * becomes refund_due (refund_reason member_cancelled) and its seats go back;
 * the refund itself is made after the commit (fulfilment.ts), once. The
 * seats freed are offered to the event's waitlist in the same transaction.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import QRCode from 'qrcode';
import type { Database } from '../../db/index.js';
import type { BookingRow } from './service.js';
import { offerFreeSeats, type Offer, type OfferOptions } from '../waitlist/service.js';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const TICKET_TOKEN_LENGTH = 20;

export function newTicketToken(): string {
  const bytes = randomBytes(TICKET_TOKEN_LENGTH);
  let token = '';
  for (const byte of bytes) token += ALPHABET[byte & 31];
  return token;
}

/** A code as typed or scanned, in the form stored; null when it cannot be a ticket's code. */
export function normalizeTicketCode(input: string): string | null {
  const code = input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return new RegExp(`^[${ALPHABET}]{${TICKET_TOKEN_LENGTH}}$`).test(code) ? code : null;
}

/** 'ABCDE-FGHJK-MNPQR-STVWX': the code as printed under the QR code. */
export const groupedCode = (token: string): string => token.match(/.{1,5}/g)?.join('-') ?? token;

/** The ticket's QR code as an SVG image. */
export const ticketQrSvg = (token: string): Promise<string> =>
  QRCode.toString(token, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });

/** The ticket's QR code as a PNG image (for e-mail). */
export const ticketQrPng = (token: string): Promise<Buffer> =>
  QRCode.toBuffer(token, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 });

export type CancelOutcome =
  | { outcome: 'cancelled'; booking: BookingRow; offers: Offer[] }
  | { outcome: 'not_found' }
  | { outcome: 'not_paid'; status: string }
  | { outcome: 'too_late'; deadline: Date }
  | { outcome: 'checked_in' }
  | { outcome: 'event_cancelled' };

/**
 * The member gives a paid booking back: refund_due and seats released, in one
 * transaction, for exactly one of any number of concurrent requests.
 */
export async function cancelPaidBooking(
  db: Kysely<Database>,
  input: { bookingId: string; userId: string; hoursBefore: number; now?: Date; offer?: OfferOptions },
): Promise<CancelOutcome> {
  const now = input.now ?? new Date();
  const run = async (trx: Transaction<Database>): Promise<CancelOutcome> => {
    const found = await trx
      .selectFrom('bookings')
      .innerJoin('events', 'events.id', 'bookings.event_id')
      .select(['bookings.status', 'bookings.checked_in_at', 'events.event_date', 'events.cancelled_at'])
      .where('bookings.id', '=', input.bookingId)
      .where('bookings.user_id', '=', input.userId)
      .executeTakeFirst();
    if (!found) return { outcome: 'not_found' };
    if (found.status !== 'paid') return { outcome: 'not_paid', status: found.status };
    if (found.cancelled_at) return { outcome: 'event_cancelled' };
    if (found.checked_in_at) return { outcome: 'checked_in' };
    const deadline = new Date(new Date(found.event_date).getTime() - input.hoursBefore * 3_600_000);
    if (now >= deadline) return { outcome: 'too_late', deadline };
    const cancelled = await trx
      .updateTable('bookings')
      .set({ status: 'refund_due', refund_reason: 'member_cancelled', member_cancelled_at: now })
      .where('id', '=', input.bookingId)
      .where('status', '=', 'paid')
      .where('checked_in_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!cancelled) {
      const current = await trx
        .selectFrom('bookings')
        .select('status')
        .where('id', '=', input.bookingId)
        .executeTakeFirstOrThrow();
      return { outcome: 'not_paid', status: current.status };
    }
    await trx
      .updateTable('events')
      .set((eb) => ({ seats_sold: sql<number>`greatest(0, ${eb.ref('seats_sold')} - ${cancelled.quantity})` }))
      .where('id', '=', cancelled.event_id)
      .execute();
    // The seats go to the waitlist first, in this same transaction (mail the offers after the commit).
    const offers = input.offer ? await offerFreeSeats(trx, cancelled.event_id, input.offer) : [];
    return { outcome: 'cancelled', booking: cancelled, offers };
  };
  return db.isTransaction ? run(db as Transaction<Database>) : db.transaction().execute(run);
}
