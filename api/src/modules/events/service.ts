import type { Kysely } from 'kysely';
import type { MinistryEvent } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';

/** The events with the church each happens at (its name and address), when it is at one. */
function eventsWithPlace(db: Kysely<Database>) {
  return db
    .selectFrom('events')
    .leftJoin('churches', 'churches.id', 'events.church_id')
    .selectAll('events')
    .select(['churches.church_name as place_name', 'churches.adress as place_address']);
}

type EventRow = Awaited<ReturnType<ReturnType<typeof eventsWithPlace>['executeTakeFirstOrThrow']>>;

export function toEvent(row: EventRow): MinistryEvent {
  const place =
    row.church_id && row.place_address
      ? { name: row.place_name, address: row.place_address, churchId: row.church_id }
      : row.venue
        ? { name: null, address: row.venue, churchId: null }
        : null;
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    photo: row.photo,
    event_date: new Date(row.event_date).toISOString(),
    seat_price: Number(row.seat_price),
    numberOfSeats: row.number_of_seats,
    // A cancelled event sells nothing more.
    seatsLeft: row.cancelled_at ? 0 : Math.max(0, row.number_of_seats - row.seats_held - row.seats_sold),
    price_Id: row.price_id,
    place,
    durationMinutes: row.duration_minutes,
    cancelledAt: row.cancelled_at ? new Date(row.cancelled_at).toISOString() : null,
  };
}

/** Upcoming events first (soonest first), then past ones (most recent first); cancelled ones are left out. */
export async function listEvents(db: Kysely<Database>): Promise<MinistryEvent[]> {
  const rows = await eventsWithPlace(db).where('events.cancelled_at', 'is', null).orderBy('events.event_date').execute();
  const now = Date.now();
  const upcoming = rows.filter((r) => new Date(r.event_date).getTime() >= now);
  const past = rows.filter((r) => new Date(r.event_date).getTime() < now).reverse();
  return [...upcoming, ...past].map(toEvent);
}

/** One event, cancelled or not (its page says so). */
export async function findEvent(db: Kysely<Database>, id: string): Promise<MinistryEvent | undefined> {
  const row = await eventsWithPlace(db).where('events.id', '=', id).executeTakeFirst();
  return row && toEvent(row);
}
