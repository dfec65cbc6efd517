/**
 * A first-time guest plans a visit: one of a church's coming services (from
 * its weekly service times, on the church's clock), how many adults come
 * and the children's ages, a question if they like. No account: the e-mail
 * address is confirmed by the link of a mail, as the newsletter's is.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { siteIdentity } from '@ministry/shared/config';
import { inSiteTimeZone } from '@ministry/shared/format';
import type { ComingService, VisitGroup, VisitList, VisitLocation } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';
import { newId } from '../../lib/ids.js';

/** How far ahead a guest may plan a visit. */
export const VISIT_DAYS_AHEAD = 28;
/** A service is offered until this long before it starts. */
export const VISIT_LEAD_MS = 60 * 60_000;
/** An unconfirmed visit is forgotten after this long. */
export const PENDING_VISIT_MS = 3 * 86_400_000;
/** Visits of services this long past still show on the staff's list (to mark who came). */
export const RECENT_VISITS_MS = 14 * 86_400_000;

export const VISIT_TOKEN_PATTERN = '^[0-9a-f]{64}$';
const newToken = (): string => randomBytes(32).toString('hex');

/**
 * Every church with its services of the next `VISIT_DAYS_AHEAD` days that
 * start at least `VISIT_LEAD_MS` from now, in order, read on the church's
 * clock (daylight-saving changes included).
 */
export async function comingServices(db: Kysely<Database>, now: Date, only?: string): Promise<VisitLocation[]> {
  let churches = db
    .selectFrom('churches')
    .select(['id', 'church_name', 'adress', 'time_zone'])
    .orderBy('position')
    .orderBy('church_name');
  let rows = db.selectFrom('church_services').selectAll().orderBy('weekday').orderBy('start_time').orderBy('position');
  if (only !== undefined) {
    churches = churches.where('id', '=', only);
    rows = rows.where('church_id', '=', only);
  }
  const [list, services] = await Promise.all([churches.execute(), rows.execute()]);
  const earliest = now.getTime() + VISIT_LEAD_MS;
  return list.map((church) => {
    const timeZone = church.time_zone || siteIdentity.timeZone;
    const today = inSiteTimeZone(now, timeZone).startOf('day');
    const coming: (ComingService & { t: number })[] = [];
    for (let d = 0; d <= VISIT_DAYS_AHEAD; d++) {
      const day = today.add(d, 'day');
      for (const s of services) {
        if (s.church_id !== church.id || s.weekday !== day.day()) continue;
        const start = inSiteTimeZone(`${day.format('YYYY-MM-DD')}T${s.start_time}`, timeZone);
        const t = start.valueOf();
        if (t < earliest || t > now.getTime() + VISIT_DAYS_AHEAD * 86_400_000) continue;
        coming.push({ at: new Date(t).toISOString(), name: s.name, language: s.language, t });
      }
    }
    coming.sort((a, b) => a.t - b.t);
    return {
      _id: church.id,
      church_name: church.church_name,
      adress: church.adress,
      timeZone,
      services: coming.map(({ at, name, language }) => ({ at, name, language })),
    };
  });
}

export interface VisitInput {
  location: string;
  service: string;
  name: string;
  email: string;
  adults: number;
  childrenAges: number[];
  question: string | null;
}

/**
 * A guest asks for a visit. The same address for the same service is one
 * visit: a pending one takes the new details and keeps its link (every
 * confirmation mail sent works); a confirmed one stays as it is. `confirm`
 * says whether a confirmation mail is due, with the visit's token.
 */
export async function planVisit(
  db: Kysely<Database>,
  input: VisitInput & { serviceName: string; serviceLanguage: string },
): Promise<{ confirm: boolean; token: string }> {
  const email = input.email.trim().toLowerCase();
  const details = {
    name: input.name,
    adults: input.adults,
    children_ages: input.childrenAges,
    question: input.question,
    service_name: input.serviceName,
    service_language: input.serviceLanguage,
  };
  await db
    .insertInto('visits')
    .values({
      id: newId(),
      church_id: input.location,
      service_at: new Date(input.service),
      email,
      token: newToken(),
      ...details,
    })
    .onConflict((oc) => oc.columns(['email', 'church_id', 'service_at']).doNothing())
    .execute();
  const row = await db
    .selectFrom('visits')
    .select(['id', 'status', 'token'])
    .where('email', '=', email)
    .where('church_id', '=', input.location)
    .where('service_at', '=', new Date(input.service))
    .executeTakeFirstOrThrow();
  if (row.status === 'confirmed') return { confirm: false, token: row.token };
  await db.updateTable('visits').set(details).where('id', '=', row.id).where('status', '=', 'pending').execute();
  return { confirm: true, token: row.token };
}

export interface VisitMailData {
  id: string;
  email: string;
  name: string;
  adults: number;
  childrenAges: number[];
  question: string | null;
  serviceAt: Date;
  serviceName: string;
  serviceLanguage: string;
  churchName: string;
  adress: string;
  parking: string | null;
  phones: string[];
  churchEmail: string;
  timeZone: string;
}

function visitWithChurch(db: Kysely<Database>) {
  return db
    .selectFrom('visits as v')
    .innerJoin('churches as c', 'c.id', 'v.church_id')
    .select([
      'v.id',
      'v.email',
      'v.name',
      'v.adults',
      'v.children_ages',
      'v.question',
      'v.service_at',
      'v.service_name',
      'v.service_language',
      'v.status',
      'c.church_name',
      'c.adress',
      'c.parking',
      'c.main_contact',
      'c.email as church_email',
      'c.time_zone',
    ]);
}

type VisitRow = Awaited<ReturnType<ReturnType<typeof visitWithChurch>['executeTakeFirstOrThrow']>>;

const mailData = (r: VisitRow): VisitMailData => ({
  id: r.id,
  email: r.email,
  name: r.name,
  adults: r.adults,
  childrenAges: r.children_ages ?? [],
  question: r.question,
  serviceAt: new Date(r.service_at),
  serviceName: r.service_name,
  serviceLanguage: r.service_language,
  churchName: r.church_name,
  adress: r.adress,
  parking: r.parking,
  phones: r.main_contact ?? [],
  churchEmail: r.church_email,
  timeZone: r.time_zone || siteIdentity.timeZone,
});

/**
 * The link of a confirmation mail. `first` is true for the one request that
 * confirmed it (the welcome mail goes then, once); a link opened again
 * answers the visit with `first` false. Undefined for an unknown link, or a
 * visit whose service has begun.
 */
export async function confirmVisit(
  db: Kysely<Database>,
  token: string,
  now: Date,
): Promise<{ visit: VisitMailData; first: boolean } | undefined> {
  const confirmed = await db
    .updateTable('visits')
    .set({ status: 'confirmed', confirmed_at: now })
    .where('token', '=', token)
    .where('status', '=', 'pending')
    .where('service_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  const row = await visitWithChurch(db).where('v.token', '=', token).executeTakeFirst();
  if (!row || row.status !== 'confirmed') return undefined;
  if (!confirmed && new Date(row.service_at).getTime() <= now.getTime()) return undefined;
  return { visit: mailData(row), first: confirmed !== undefined };
}

/**
 * Claims the reminders due: confirmed visits whose service starts within a
 * day and whose reminder has not gone, confirmed at least a day before
 * (a guest who confirmed later has just had the welcome mail). One UPDATE
 * marks them, so a reminder is claimed by one run only, whichever process
 * runs it; `release` gives one back when its mail could not go.
 */
export async function claimReminders(db: Kysely<Database>, now: Date): Promise<VisitMailData[]> {
  const dayLater = new Date(now.getTime() + 86_400_000);
  const claimed = await db
    .updateTable('visits')
    .set({ reminder_sent_at: now })
    .where('status', '=', 'confirmed')
    .where('reminder_sent_at', 'is', null)
    .where('service_at', '>', now)
    .where('service_at', '<=', dayLater)
    .where(sql<boolean>`confirmed_at <= service_at - interval '1 day'`)
    .returning('id')
    .execute();
  if (!claimed.length) return [];
  const rows = await visitWithChurch(db)
    .where(
      'v.id',
      'in',
      claimed.map((c) => c.id),
    )
    .orderBy('v.service_at')
    .execute();
  return rows.map(mailData);
}

export async function releaseReminder(db: Kysely<Database>, id: string): Promise<void> {
  await db.updateTable('visits').set({ reminder_sent_at: null }).where('id', '=', id).execute();
}

/** Forgets the visits never confirmed after `PENDING_VISIT_MS`, or whose service has passed. */
export async function forgetUnconfirmed(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('visits')
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('created_at', '<', new Date(now.getTime() - PENDING_VISIT_MS)), eb('service_at', '<', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The confirmed visits of services from `RECENT_VISITS_MS` ago on, grouped
 * by service (church and moment), earliest first, with each group's counts.
 */
export async function listVisits(db: Kysely<Database>, now: Date, { location }: { location?: string } = {}): Promise<VisitList> {
  const since = new Date(now.getTime() - RECENT_VISITS_MS);
  const [rows, pending] = await Promise.all([
    db
      .selectFrom('visits as v')
      .innerJoin('churches as c', 'c.id', 'v.church_id')
      .select([
        'v.id',
        'v.church_id',
        'c.church_name',
        'v.service_at',
        'v.service_name',
        'v.service_language',
        'v.name',
        'v.email',
        'v.adults',
        'v.children_ages',
        'v.question',
        'v.came',
        'v.confirmed_at',
      ])
      .where('v.status', '=', 'confirmed')
      .where('v.service_at', '>=', since)
      .$if(location !== undefined, (q) => q.where('v.church_id', '=', location!))
      .orderBy('v.service_at')
      .orderBy('c.position')
      .orderBy('v.confirmed_at')
      .orderBy('v.created_at')
      .orderBy('v.id')
      .execute(),
    db
      .selectFrom('visits')
      .select(sql<string>`count(*)`.as('n'))
      .where('status', '=', 'pending')
      .where('service_at', '>', now)
      .$if(location !== undefined, (q) => q.where('church_id', '=', location!))
      .executeTakeFirstOrThrow(),
  ]);
  const groups: VisitGroup[] = [];
  const byKey = new Map<string, VisitGroup>();
  for (const r of rows) {
    const at = new Date(r.service_at).toISOString();
    const key = `${r.church_id} ${at}`;
    let group = byKey.get(key);
    if (!group) {
      group = {
        locationId: r.church_id,
        church_name: r.church_name,
        at,
        serviceName: r.service_name,
        language: r.service_language,
        begun: new Date(r.service_at).getTime() <= now.getTime(),
        adults: 0,
        children: 0,
        childrenAges: [],
        came: 0,
        visits: [],
      };
      byKey.set(key, group);
      groups.push(group);
    }
    const ages = r.children_ages ?? [];
    group.adults += r.adults;
    group.children += ages.length;
    group.childrenAges.push(...ages);
    if (r.came) group.came += r.adults + ages.length;
    group.visits.push({
      _id: r.id,
      name: r.name,
      email: r.email,
      adults: r.adults,
      childrenAges: ages,
      question: r.question,
      came: r.came,
      confirmedAt: new Date(r.confirmed_at ?? r.service_at).toISOString(),
    });
  }
  for (const g of groups) g.childrenAges.sort((a, b) => a - b);
  return { groups, pending: Number(pending.n) };
}

/** Marks whether the guests of a confirmed visit came (null: not marked); false when there is no such visit. */
export async function markCame(db: Kysely<Database>, id: string, came: boolean | null): Promise<boolean> {
  const result = await db
    .updateTable('visits')
    .set({ came })
    .where('id', '=', id)
    .where('status', '=', 'confirmed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes a visit (a guest's data, at their request); its guest's name and service, or undefined. */
export async function deleteVisit(
  db: Kysely<Database>,
  id: string,
): Promise<{ name: string; serviceAt: Date; churchName: string } | undefined> {
  const row = await db
    .deleteFrom('visits')
    .where('id', '=', id)
    .returning(['name', 'service_at', 'church_id'])
    .executeTakeFirst();
  if (!row) return undefined;
  const church = await db.selectFrom('churches').select('church_name').where('id', '=', row.church_id).executeTakeFirst();
  return { name: row.name, serviceAt: new Date(row.service_at), churchName: church?.church_name ?? '' };
}
