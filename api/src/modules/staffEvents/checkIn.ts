/**
 * Door check-in: staff scan or type a ticket's code; each paid ticket checks
 * in once (one conditional UPDATE, so of any number of scans at once exactly
 * one checks it in); a second scan answers when and by whom it was.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/index.js';
import { normalizeTicketCode } from '../payments/tickets.js';

export interface CheckInCounts {
  /** Tickets (seats) of paid bookings checked in, and sold. */
  checkedIn: number;
  sold: number;
}

export type CheckInOutcome =
  | { outcome: 'checked_in' | 'already'; ticket: CheckedTicket; counts: CheckInCounts }
  | { outcome: 'bad_code' | 'unknown' | 'other_event' | 'not_valid'; status?: string; counts: CheckInCounts };

export interface CheckedTicket {
  name: string;
  quantity: number;
  checkedInAt: string;
  checkedInBy: string | null;
}

export async function checkInCounts(db: Kysely<Database>, eventId: string): Promise<CheckInCounts> {
  const row = await db
    .selectFrom('bookings')
    .select([
      sql<number>`COALESCE(SUM(quantity) FILTER (WHERE checked_in_at IS NOT NULL), 0)::int`.as('checked_in'),
      sql<number>`COALESCE(SUM(quantity), 0)::int`.as('sold'),
    ])
    .where('event_id', '=', eventId)
    .where('status', '=', 'paid')
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
    .updateTable('bookings')
    .set({ checked_in_at: now, checked_in_by: input.staffId })
    .where('ticket_token', '=', token)
    .where('event_id', '=', input.eventId)
    .where('status', '=', 'paid')
    .where('checked_in_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  const row = await db
    .selectFrom('bookings')
    .innerJoin('users', 'users.id', 'bookings.user_id')
    .leftJoin('users as staff', 'staff.id', 'bookings.checked_in_by')
    .select([
      'bookings.event_id',
      'bookings.status',
      'bookings.quantity',
      'bookings.checked_in_at',
      'users.firstname',
      'users.lastname',
      'staff.firstname as staff_firstname',
      'staff.lastname as staff_lastname',
    ])
    .where('bookings.ticket_token', '=', token)
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
  };
  return { outcome: done ? 'checked_in' : 'already', ticket, counts };
}
