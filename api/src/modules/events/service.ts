import type { Kysely, Selectable } from 'kysely';
import type { MinistryEvent } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';
import type { EventsTable } from '../../db/schema.js';

export function toEvent(row: Selectable<EventsTable>): MinistryEvent {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    photo: row.photo,
    event_date: new Date(row.event_date).toISOString(),
    seat_price: Number(row.seat_price),
    numberOfSeats: row.number_of_seats,
    seatsLeft: Math.max(0, row.number_of_seats - row.seats_held - row.seats_sold),
    price_Id: row.price_id,
  };
}

/** Upcoming events first (soonest first), then past ones (most recent first). */
export async function listEvents(db: Kysely<Database>): Promise<MinistryEvent[]> {
  const rows = await db.selectFrom('events').selectAll().orderBy('event_date').execute();
  const now = Date.now();
  const upcoming = rows.filter((r) => new Date(r.event_date).getTime() >= now);
  const past = rows.filter((r) => new Date(r.event_date).getTime() < now).reverse();
  return [...upcoming, ...past].map(toEvent);
}

export async function findEvent(db: Kysely<Database>, id: string): Promise<MinistryEvent | undefined> {
  const row = await db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toEvent(row);
}
