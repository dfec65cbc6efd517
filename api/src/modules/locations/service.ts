import { sql, type Kysely, type Transaction } from 'kysely';
import type { ChurchLocation, ServiceTime, StaffLocation } from '@ministry/shared/types';
import type { LocationInput } from '@ministry/shared/validation';
import type { Database } from '../../db/index.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { sanitizePlainText } from '../../lib/sanitize.js';

/** Every church with its services (by weekday, then time), in the order the ministry lists them. */
export async function listChurches(db: Kysely<Database>, only?: string): Promise<ChurchLocation[]> {
  let churches = db.selectFrom('churches').selectAll().orderBy('position').orderBy('church_name');
  let serviceRows = db.selectFrom('church_services').selectAll().orderBy('weekday').orderBy('start_time').orderBy('position');
  if (only !== undefined) {
    churches = churches.where('id', '=', only);
    serviceRows = serviceRows.where('church_id', '=', only);
  }
  const [rows, services] = await Promise.all([churches.execute(), serviceRows.execute()]);
  const byChurch = new Map<string, ServiceTime[]>();
  for (const s of services) {
    const list = byChurch.get(s.church_id) ?? [];
    list.push({ name: s.name, weekday: s.weekday, time: s.start_time, language: s.language });
    byChurch.set(s.church_id, list);
  }
  return rows.map((r) => ({
    _id: r.id,
    church_name: r.church_name,
    adress: r.adress,
    main_contact: r.main_contact,
    email: r.email,
    serviceTimes: byChurch.get(r.id) ?? [],
    parking: r.parking,
    map: r.latitude === null || r.longitude === null ? null : { latitude: Number(r.latitude), longitude: Number(r.longitude) },
    liveStreamUrl: r.live_stream_url,
    timeZone: r.time_zone,
  }));
}

/**
 * The locations as the staff see them: each with the members who chose it
 * as their church and the events ahead that take place there (what a
 * removal would leave without a place).
 */
export async function listStaffLocations(db: Kysely<Database>, now: Date, only?: string): Promise<StaffLocation[]> {
  const [churches, members, events] = await Promise.all([
    listChurches(db, only),
    db
      .selectFrom('users')
      .select(['church', sql<string>`count(*)`.as('n')])
      .where('church', 'is not', null)
      .$if(only !== undefined, (q) => q.where('church', '=', only!))
      .groupBy('church')
      .execute(),
    db
      .selectFrom('events')
      .select(['church_id', sql<string>`count(*)`.as('n')])
      .where('church_id', 'is not', null)
      .where('recurrence', 'is', null)
      .where('event_date', '>=', now)
      .$if(only !== undefined, (q) => q.where('church_id', '=', only!))
      .groupBy('church_id')
      .execute(),
  ]);
  const memberCount = new Map(members.map((m) => [m.church, Number(m.n)]));
  const eventCount = new Map(events.map((e) => [e.church_id, Number(e.n)]));
  return churches.map((c) => ({ ...c, memberCount: memberCount.get(c._id) ?? 0, upcomingEvents: eventCount.get(c._id) ?? 0 }));
}

/** The columns of a location from what the staff typed (already validated): plain text, coordinates together or not at all. */
function columns(input: LocationInput) {
  return {
    church_name: sanitizePlainText(input.church_name),
    adress: sanitizePlainText(input.adress),
    main_contact: (input.main_contact ?? []).map((phone) => phone.trim()).filter(Boolean),
    email: input.email.trim(),
    parking: sanitizePlainText(input.parking ?? '') || null,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    live_stream_url: input.liveStreamUrl?.trim() || null,
    time_zone: input.timeZone?.trim() || null,
  };
}

/** A sanitized name or address that came out empty (nothing but markup) is refused under its field. */
function assertNamed(values: ReturnType<typeof columns>): void {
  if (!values.church_name) throw badRequest('Required', { church_name: 'Required' });
  if (!values.adress) throw badRequest('Required', { adress: 'Required' });
}

async function writeServices(
  trx: Transaction<Database>,
  churchId: string,
  services: LocationInput['serviceTimes'],
): Promise<void> {
  await trx.deleteFrom('church_services').where('church_id', '=', churchId).execute();
  const rows = (services ?? []).map((s, position) => ({
    id: newId(),
    church_id: churchId,
    name: sanitizePlainText(s.name) || 'Service',
    weekday: s.weekday,
    start_time: s.time,
    language: sanitizePlainText(s.language) || 'English',
    position,
  }));
  if (rows.length) await trx.insertInto('church_services').values(rows).execute();
}

/** Adds a location at the end of the list; answers its id. */
export async function createLocation(db: Kysely<Database>, input: LocationInput): Promise<string> {
  const values = columns(input);
  assertNamed(values);
  const id = newId();
  await db.transaction().execute(async (trx) => {
    const { last } = await trx
      .selectFrom('churches')
      .select(sql<number | null>`max(position)`.as('last'))
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('churches')
      .values({ id, ...values, position: last === null ? 0 : Number(last) + 1 })
      .execute();
    await writeServices(trx, id, input.serviceTimes);
  });
  return id;
}

/** Replaces a location's details and services; false when there is no such location. */
export async function updateLocation(db: Kysely<Database>, id: string, input: LocationInput): Promise<boolean> {
  const values = columns(input);
  assertNamed(values);
  return db.transaction().execute(async (trx) => {
    const result = await trx.updateTable('churches').set(values).where('id', '=', id).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await writeServices(trx, id, input.serviceTimes);
    return true;
  });
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Removes a location, carefully: never while events ahead take place there
 * (their page would lose its place: give them another first), and never
 * while members have it as their church, unless `moveMembersTo` names
 * another location they move to in the same step. Answers the removed
 * location's name and how many members moved, or undefined when there is no such location.
 */
export async function removeLocation(
  db: Kysely<Database>,
  id: string,
  { moveMembersTo, now }: { moveMembersTo?: string; now: Date },
): Promise<{ name: string; moved: number; movedTo: string | null } | undefined> {
  return db.transaction().execute(async (trx) => {
    const church = await trx
      .selectFrom('churches')
      .select(['id', 'church_name'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!church) return undefined;
    const { events } = await trx
      .selectFrom('events')
      .select(sql<string>`count(*)`.as('events'))
      .where('church_id', '=', id)
      .where('event_date', '>=', now)
      .executeTakeFirstOrThrow();
    if (Number(events) > 0) {
      throw new HttpError(
        409,
        'location_has_events',
        `${plural(Number(events), 'event ahead takes', 'events ahead take')} place at ${church.church_name}. Give ${Number(events) === 1 ? 'it' : 'them'} another place on the events page first.`,
      );
    }
    let movedTo: { id: string; church_name: string } | undefined;
    if (moveMembersTo !== undefined) {
      if (moveMembersTo === id)
        throw badRequest('Choose another church for its members.', { moveMembersTo: 'Choose another church for its members.' });
      movedTo = await trx
        .selectFrom('churches')
        .select(['id', 'church_name'])
        .where('id', '=', moveMembersTo)
        .forShare()
        .executeTakeFirst();
      if (!movedTo) throw badRequest('That church was not found.', { moveMembersTo: 'That church was not found.' });
    }
    const { members } = await trx
      .selectFrom('users')
      .select(sql<string>`count(*)`.as('members'))
      .where('church', '=', id)
      .executeTakeFirstOrThrow();
    const count = Number(members);
    if (count > 0 && !movedTo) {
      throw new HttpError(
        409,
        'location_in_use',
        `${plural(count, 'member has', 'members have')} chosen ${church.church_name} as their church. Choose the church they move to, then remove it.`,
        { moveMembersTo: 'Choose the church its members move to' },
      );
    }
    if (count > 0 && movedTo) await trx.updateTable('users').set({ church: movedTo.id }).where('church', '=', id).execute();
    await trx.deleteFrom('churches').where('id', '=', id).execute();
    return { name: church.church_name, moved: count, movedTo: movedTo?.church_name ?? null };
  });
}
