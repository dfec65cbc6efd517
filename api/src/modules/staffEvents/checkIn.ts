/**
 * Door check-in, one ticket (one person) at a time: staff scan or type a
 * ticket's code; each ticket of a paid booking checks in once (one
 * conditional UPDATE, so of any number of scans at once exactly one checks
 * it in); a second scan answers when and by whom it was. The booking is
 * marked checked in with its first ticket (it can no longer be cancelled).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/index.js';
import { groupedCode, normalizeTicketCode, shortReference } from '../seats/tickets.js';
import type { CheckInCounts } from '@ministry/shared/types';

export type CheckInOutcome =
  | { outcome: 'checked_in' | 'already'; ticket: CheckedTicket; counts: CheckInCounts }
  | { outcome: 'bad_code' | 'unknown' | 'other_event' | 'not_valid'; status?: string; counts: CheckInCounts };

export interface CheckedTicket {
  name: string;
  /** Tickets of the booking. */
  quantity: number;
  checkedInAt: string;
  checkedInBy: string | null;
  /** Which of the booking's tickets this is (1 of `quantity`). */
  position: number;
  code: string;
  /** The short booking reference the member sees. */
  reference: string;
}

export async function checkInCounts(db: Kysely<Database>, eventId: string): Promise<CheckInCounts> {
  const row = await db
    .selectFrom('event_tickets')
    .innerJoin('bookings', 'bookings.id', 'event_tickets.booking_id')
    .select([
      sql<number>`COUNT(*) FILTER (WHERE event_tickets.checked_in_at IS NOT NULL)::int`.as('checked_in'),
      sql<number>`COUNT(*)::int`.as('sold'),
    ])
    .where('event_tickets.event_id', '=', eventId)
    .where('bookings.status', '=', 'paid')
    .executeTakeFirstOrThrow();
  return { checkedIn: Number(row.checked_in), sold: Number(row.sold) };
}

export async function checkIn(
  db: Kysely<Database>,
  input: { eventId: string; code: string; staffId: string; now?: Date },
): Promise<CheckInOutcome> {
  const token = normalizeTicketCode(input.code);
  if (!token) return { outcome: 'bad_code', counts: await checkInCounts(db, input.eventId) };
  const now = input.now ?? new Date();
  const done = await db
    .updateTable('event_tickets')
    .set({ checked_in_at: now, checked_in_by: input.staffId })
    .where('token', '=', token)
    .where('event_id', '=', input.eventId)
    .where('checked_in_at', 'is', null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('bookings')
          .select('bookings.id')
          .whereRef('bookings.id', '=', 'event_tickets.booking_id')
          .where('bookings.status', '=', 'paid'),
      ),
    )
    .returning('booking_id')
    .executeTakeFirst();
  if (done) {
    // The booking is used from its first ticket on (it can no longer be cancelled).
    await db
      .updateTable('bookings')
      .set({ checked_in_at: now, checked_in_by: input.staffId })
      .where('id', '=', done.booking_id)
      .where('checked_in_at', 'is', null)
      .execute();
  }
  const row = await db
    .selectFrom('event_tickets')
    .innerJoin('bookings', 'bookings.id', 'event_tickets.booking_id')
    .innerJoin('users', 'users.id', 'bookings.user_id')
    .leftJoin('users as staff', 'staff.id', 'event_tickets.checked_in_by')
    .select([
      'event_tickets.event_id',
      'event_tickets.position',
      'event_tickets.token',
      'event_tickets.checked_in_at',
      'bookings.id as booking_id',
      'bookings.status',
      'bookings.quantity',
      'users.firstname',
      'users.lastname',
      'staff.firstname as staff_firstname',
      'staff.lastname as staff_lastname',
    ])
    .where('event_tickets.token', '=', token)
    .executeTakeFirst();
  const counts = await checkInCounts(db, input.eventId);
  if (!row) return { outcome: 'unknown', counts };
  if (row.event_id !== input.eventId) return { outcome: 'other_event', counts };
  if (row.status !== 'paid' || !row.checked_in_at) return { outcome: 'not_valid', status: row.status, counts };
  const ticket: CheckedTicket = {
    name: `${row.firstname} ${row.lastname}`.trim(),
    quantity: row.quantity,
    checkedInAt: new Date(row.checked_in_at).toISOString(),
    checkedInBy: row.staff_firstname ? `${row.staff_firstname} ${row.staff_lastname ?? ''}`.trim() : null,
    position: row.position,
    code: groupedCode(row.token),
    reference: shortReference(row.booking_id),
  };
  return { outcome: done ? 'checked_in' : 'already', ticket, counts };
}
