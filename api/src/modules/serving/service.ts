/**
 * Serving: teams, their positions and leaders, dated slots, and who serves
 * in each. A slot's time is an instant; its day is the day on the site's
 * clock (a blockout day names such a day). Sign-ups are made in a
 * transaction that locks the slot's row first, so two members asking for
 * its last place at once cannot both get it.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { inSiteTimeZone } from '@ministry/shared/format';
import type { ManagedTeam, MySchedule, RosterDay, ServingSlot, ServingTeam } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';
import { conflict, forbidden, HttpError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { siteDay } from '../../lib/schedule.js';

type Db = Kysely<Database>;

/** How long a slot lasts in calendars (slots have a start only). */
export const SLOT_MINUTES = 90;
/** How far ahead /serve lists slots. */
export const LIST_WEEKS = 10;

export const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
export const isDay = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && inSiteTimeZone(value).format('YYYY-MM-DD') === value;

/** A day written for people: 'Sunday 6 December 2026'. */
export const dayName = (day: string): string => inSiteTimeZone(day).format('dddd D MMMM YYYY');
/** A slot's moment written for people: 'Sunday 6 December 2026 at 8:30 AM'. */
export const momentName = (at: Date | string): string => inSiteTimeZone(at).format('dddd D MMMM YYYY [at] h:mm A');

const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

function slotQuery(db: Db) {
  return db
    .selectFrom('serving_slots as s')
    .innerJoin('serving_teams as t', 't.id', 's.team_id')
    .innerJoin('serving_positions as p', 'p.id', 's.position_id')
    .leftJoin('churches as c', 'c.id', 's.church_id')
    .select((eb) => [
      's.id',
      's.team_id',
      't.name as team_name',
      's.position_id',
      'p.name as position_name',
      's.church_id',
      'c.church_name',
      's.starts_at',
      's.needed',
      eb
        .selectFrom('serving_signups as g')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('g.slot_id', '=', 's.id')
        .as('filled'),
    ]);
}

type SlotRow = Awaited<ReturnType<ReturnType<typeof slotQuery>['execute']>>[number];

function toSlot(row: SlotRow): ServingSlot {
  return {
    _id: row.id,
    team: { _id: row.team_id, name: row.team_name },
    position: { _id: row.position_id, name: row.position_name },
    church: row.church_id && row.church_name ? { _id: row.church_id, name: row.church_name } : null,
    startsAt: iso(row.starts_at),
    day: siteDay(row.starts_at),
    needed: row.needed,
    filled: Number(row.filled ?? 0),
  };
}

/** Every team with its positions and its slots from `now` to LIST_WEEKS ahead (the public /serve). */
export async function listTeams(db: Db, now: Date): Promise<ServingTeam[]> {
  const [teams, positions, slots] = await Promise.all([
    db.selectFrom('serving_teams').select(['id', 'name', 'description']).orderBy('name').execute(),
    db.selectFrom('serving_positions').select(['id', 'team_id', 'name']).orderBy('name').execute(),
    slotQuery(db)
      .where('s.starts_at', '>', now)
      .where('s.starts_at', '<', new Date(now.getTime() + LIST_WEEKS * 7 * 86_400_000))
      .orderBy('s.starts_at')
      .orderBy('p.name')
      .execute(),
  ]);
  return teams.map((t) => ({
    _id: t.id,
    name: t.name,
    description: t.description,
    positions: positions.filter((p) => p.team_id === t.id).map((p) => ({ _id: p.id, name: p.name })),
    slots: slots.filter((s) => s.team_id === t.id).map(toSlot),
  }));
}

export async function findSlot(db: Db, slotId: string): Promise<ServingSlot | undefined> {
  const row = await slotQuery(db).where('s.id', '=', slotId).executeTakeFirst();
  return row ? toSlot(row) : undefined;
}

export interface SignUpOptions {
  now: Date;
  /** Sign-ups ahead the member may hold at once (a member signing themself up). */
  slotsPerMember?: number;
  /** Who filled the slot, when not the member themself (a leader or the staff). */
  addedBy?: string;
}

/**
 * Signs `userId` up for a slot: refused when it has begun, is full, falls on
 * one of their blockout days or (signing themself up) they hold as many
 * slots ahead as they may. Signing up again answers the same sign-up.
 */
export async function signUp(db: Db, slotId: string, userId: string, options: SignUpOptions): Promise<{ created: boolean }> {
  return db.transaction().execute(async (trx) => {
    // The slot's row, locked: sign-ups for one slot are made one after another.
    const slot = await trx
      .selectFrom('serving_slots')
      .select(['id', 'starts_at', 'needed'])
      .where('id', '=', slotId)
      .forUpdate()
      .executeTakeFirst();
    if (!slot) throw notFound('That slot');
    const mine = await trx
      .selectFrom('serving_signups')
      .select('id')
      .where('slot_id', '=', slotId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (mine) return { created: false };
    if (new Date(slot.starts_at).getTime() <= options.now.getTime()) throw conflict('This slot has already begun.');
    const day = siteDay(slot.starts_at);
    const blocked = await trx
      .selectFrom('serving_blockouts')
      .select('day')
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .executeTakeFirst();
    if (blocked)
      throw new HttpError(
        409,
        'blocked_out',
        options.addedBy
          ? `This member cannot serve on ${dayName(day)} (a blockout day).`
          : `You marked ${dayName(day)} as a day you cannot serve. Remove that blockout on My schedule first.`,
      );
    const { n } = await trx
      .selectFrom('serving_signups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('slot_id', '=', slotId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= slot.needed) throw new HttpError(409, 'full', 'This slot is full. Please choose another one.');
    if (options.slotsPerMember !== undefined) {
      const { held } = await trx
        .selectFrom('serving_signups as g')
        .innerJoin('serving_slots as s', 's.id', 'g.slot_id')
        .select((eb) => eb.fn.countAll<number>().as('held'))
        .where('g.user_id', '=', userId)
        .where('s.starts_at', '>', options.now)
        .executeTakeFirstOrThrow();
      if (Number(held) >= options.slotsPerMember)
        throw new HttpError(
          409,
          'too_many_slots',
          `You are signed up for ${options.slotsPerMember} slots ahead already, the most one person may hold. Once one has passed, you can sign up for another.`,
        );
    }
    await trx
      .insertInto('serving_signups')
      .values({ id: newId(), slot_id: slotId, user_id: userId, added_by: options.addedBy ?? null, created_at: options.now })
      .execute();
    return { created: true };
  });
}

/** The member cancels their own sign-up: until `cancelHours` before the slot. */
export async function cancelSignUp(db: Db, slotId: string, userId: string, now: Date, cancelHours: number): Promise<void> {
  const row = await db
    .selectFrom('serving_signups as g')
    .innerJoin('serving_slots as s', 's.id', 'g.slot_id')
    .select(['g.id', 's.starts_at'])
    .where('g.slot_id', '=', slotId)
    .where('g.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound('Your sign-up for that slot');
  if (new Date(row.starts_at).getTime() - now.getTime() < cancelHours * 3_600_000)
    throw new HttpError(
      409,
      'too_late',
      `Sign-ups can be cancelled until ${cancelHours} hours before the slot. Please tell your team leader that you cannot come.`,
    );
  await db.deleteFrom('serving_signups').where('id', '=', row.id).execute();
}

/** The member's slots from today on, their blockout days from today on. */
export async function mySchedule(db: Db, userId: string, now: Date, cancelHours: number): Promise<MySchedule> {
  const today = siteDay(now);
  const startOfToday = inSiteTimeZone(today).startOf('day').toDate();
  const [slots, blockouts] = await Promise.all([
    slotQuery(db)
      .innerJoin('serving_signups as mine', (join) => join.onRef('mine.slot_id', '=', 's.id').on('mine.user_id', '=', userId))
      .where('s.starts_at', '>=', startOfToday)
      .orderBy('s.starts_at')
      .execute(),
    db
      .selectFrom('serving_blockouts')
      .select('day')
      .where('user_id', '=', userId)
      .where('day', '>=', today)
      .orderBy('day')
      .execute(),
  ]);
  return {
    slots: slots.map((row) => ({
      ...toSlot(row),
      cancelUntil: new Date(new Date(row.starts_at).getTime() - cancelHours * 3_600_000).toISOString(),
    })),
    blockouts: blockouts.map((b) => b.day),
    cancelHours,
  };
}

/** Marks a day the member cannot serve (not one they are signed up to serve on). */
export async function addBlockout(db: Db, userId: string, day: string, now: Date): Promise<void> {
  if (day < siteDay(now)) throw new HttpError(400, 'bad_request', 'That day has passed already.', { day: 'Choose a day ahead' });
  const limit = inSiteTimeZone(siteDay(now)).add(2, 'year').format('YYYY-MM-DD');
  if (day > limit) throw new HttpError(400, 'bad_request', 'Choose a day within the next two years.', { day: 'Too far ahead' });
  const serving = await db
    .selectFrom('serving_signups as g')
    .innerJoin('serving_slots as s', 's.id', 'g.slot_id')
    .select('s.starts_at')
    .where('g.user_id', '=', userId)
    .where('s.starts_at', '>=', inSiteTimeZone(day).startOf('day').toDate())
    .where('s.starts_at', '<', inSiteTimeZone(day).add(1, 'day').startOf('day').toDate())
    .executeTakeFirst();
  if (serving)
    throw conflict(`You are signed up to serve on ${dayName(day)}. Cancel that sign-up first, or ask your team leader.`);
  await db
    .insertInto('serving_blockouts')
    .values({ user_id: userId, day, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
    .execute();
}

export async function removeBlockout(db: Db, userId: string, day: string): Promise<void> {
  await db.deleteFrom('serving_blockouts').where('user_id', '=', userId).where('day', '=', day).execute();
}

// ── The personal serving calendar, at a secret address ──────────────────

export const FEED_TOKEN = /^[A-Za-z0-9_-]{32}$/;
export const servingFeedPath = (token: string): string => `/calendar/serving/${token}.ics`;

export async function findServingFeed(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('serving_feeds').select('token').where('user_id', '=', userId).executeTakeFirst();
  return row?.token ?? null;
}

/** A new secret address (the old one, if any, answers no more). */
export async function resetServingFeed(db: Db, userId: string, now: Date): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db
    .insertInto('serving_feeds')
    .values({ user_id: userId, token, created_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ token, created_at: now }))
    .execute();
  return token;
}

/** Whose serving feed a token opens: a member whose account is not disabled, or nobody. */
export async function servingFeedOwner(db: Db, token: string): Promise<string | null> {
  if (!FEED_TOKEN.test(token)) return null;
  const row = await db
    .selectFrom('serving_feeds')
    .innerJoin('users', 'users.id', 'serving_feeds.user_id')
    .select('users.id')
    .where('serving_feeds.token', '=', token)
    .where('users.disabled_at', 'is', null)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The member's slots for their calendar: from 30 days back on. */
export async function feedSlots(db: Db, userId: string, now: Date): Promise<(ServingSlot & { address: string | null })[]> {
  const rows = await slotQuery(db)
    .innerJoin('serving_signups as mine', (join) => join.onRef('mine.slot_id', '=', 's.id').on('mine.user_id', '=', userId))
    .select('c.adress')
    .where('s.starts_at', '>', new Date(now.getTime() - 30 * 86_400_000))
    .orderBy('s.starts_at')
    .execute();
  return rows.map((row) => ({ ...toSlot(row), address: row.adress ?? null }));
}

// ── Reminders, the day before ────────────────────────────────────────────

export interface Reminder {
  email: string;
  firstname: string;
  slot: ServingSlot;
}

/**
 * Claims the sign-ups whose slot falls today or tomorrow (site's clock) and
 * whose reminder is not sent: each is marked in the same statement that
 * picks it, so however many processes run this at once, each sign-up is
 * answered to one of them, once.
 */
export async function claimReminders(db: Db, now: Date): Promise<Reminder[]> {
  const until = inSiteTimeZone(siteDay(now)).add(2, 'day').startOf('day').toDate();
  const claimed = await db
    .updateTable('serving_signups')
    .set({ reminded_at: now })
    .where('reminded_at', 'is', null)
    .where('slot_id', 'in', (eb) =>
      eb.selectFrom('serving_slots').select('id').where('starts_at', '>', now).where('starts_at', '<', until),
    )
    .returning(['slot_id', 'user_id'])
    .execute();
  if (!claimed.length) return [];
  const [slots, users] = await Promise.all([
    slotQuery(db)
      .where(
        's.id',
        'in',
        claimed.map((c) => c.slot_id),
      )
      .execute(),
    db
      .selectFrom('users')
      .select(['id', 'email', 'firstname'])
      .where(
        'id',
        'in',
        claimed.map((c) => c.user_id),
      )
      .where('deleted_at', 'is', null)
      .where('disabled_at', 'is', null)
      .execute(),
  ]);
  const slotById = new Map(slots.map((s) => [s.id, toSlot(s)]));
  const userById = new Map(users.map((u) => [u.id, u]));
  return claimed.flatMap((c) => {
    const user = userById.get(c.user_id);
    const slot = slotById.get(c.slot_id);
    return user && slot ? [{ email: user.email, firstname: user.firstname, slot }] : [];
  });
}

// ── Teams and slots, for their leaders and the staff ─────────────────────

const isStaff = (role: string): boolean => role === 'editor' || role === 'admin';

/** The teams `user` leads (every team for the staff). */
export async function teamsLedBy(db: Db, user: { id: string; role: string }): Promise<string[]> {
  if (isStaff(user.role)) return (await db.selectFrom('serving_teams').select('id').execute()).map((t) => t.id);
  return (await db.selectFrom('serving_team_leaders').select('team_id').where('user_id', '=', user.id).execute()).map(
    (t) => t.team_id,
  );
}

/** A 403 unless `user` is staff or leads the team of `slotId`; answers the slot. */
export async function assertLeadsSlot(db: Db, user: { id: string; role: string }, slotId: string): Promise<ServingSlot> {
  const slot = await findSlot(db, slotId);
  if (!slot) throw notFound('That slot');
  if (isStaff(user.role)) return slot;
  const leads = await db
    .selectFrom('serving_team_leaders')
    .select('team_id')
    .where('team_id', '=', slot.team._id)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (!leads) throw forbidden("Only the team's leaders and the church's staff may do this.");
  return slot;
}

export async function managedTeams(db: Db, teamIds: string[], now: Date): Promise<ManagedTeam[]> {
  if (!teamIds.length) return [];
  const [teams, positions, leaders, counts] = await Promise.all([
    db.selectFrom('serving_teams').select(['id', 'name', 'description']).where('id', 'in', teamIds).orderBy('name').execute(),
    db
      .selectFrom('serving_positions')
      .select(['id', 'team_id', 'name'])
      .where('team_id', 'in', teamIds)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('serving_team_leaders as l')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .select(['l.team_id', 'u.id', 'u.firstname', 'u.lastname', 'u.email'])
      .where('l.team_id', 'in', teamIds)
      .orderBy('u.firstname')
      .execute(),
    db
      .selectFrom('serving_slots')
      .select((eb) => ['team_id', eb.fn.countAll<number>().as('n')])
      .where('team_id', 'in', teamIds)
      .where('starts_at', '>', now)
      .groupBy('team_id')
      .execute(),
  ]);
  return teams.map((t) => ({
    _id: t.id,
    name: t.name,
    description: t.description,
    positions: positions.filter((p) => p.team_id === t.id).map((p) => ({ _id: p.id, name: p.name })),
    leaders: leaders
      .filter((l) => l.team_id === t.id)
      .map((l) => ({ _id: l.id, name: `${l.firstname} ${l.lastname}`.trim(), email: l.email })),
    upcomingSlots: Number(counts.find((c) => c.team_id === t.id)?.n ?? 0),
  }));
}

const uniqueName = (error: unknown): boolean => /unique|duplicate/i.test(String((error as Error)?.message ?? ''));

export async function createTeam(db: Db, input: { name: string; description: string }): Promise<string> {
  const id = newId();
  try {
    await db.insertInto('serving_teams').values({ id, name: input.name, description: input.description }).execute();
  } catch (error) {
    if (uniqueName(error)) throw conflict('A team of that name exists already.', { name: 'Choose another name' });
    throw error;
  }
  return id;
}

export async function updateTeam(db: Db, id: string, input: { name: string; description: string }): Promise<boolean> {
  try {
    const result = await db
      .updateTable('serving_teams')
      .set({ name: input.name, description: input.description })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  } catch (error) {
    if (uniqueName(error)) throw conflict('A team of that name exists already.', { name: 'Choose another name' });
    throw error;
  }
}

export async function removeTeam(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('serving_teams').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function addPosition(db: Db, teamId: string, name: string): Promise<string> {
  const team = await db.selectFrom('serving_teams').select('id').where('id', '=', teamId).executeTakeFirst();
  if (!team) throw notFound('That team');
  const id = newId();
  try {
    await db.insertInto('serving_positions').values({ id, team_id: teamId, name }).execute();
  } catch (error) {
    if (uniqueName(error)) throw conflict('The team has a position of that name already.', { name: 'Choose another name' });
    throw error;
  }
  return id;
}

export async function removePosition(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('serving_positions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A member by their e-mail address (not a deleted or disabled account), for leaders and filled slots. */
export async function memberByEmail(db: Db, email: string): Promise<{ id: string; name: string } | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'firstname', 'lastname'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .where('deleted_at', 'is', null)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return row ? { id: row.id, name: `${row.firstname} ${row.lastname}`.trim() } : undefined;
}

export async function addLeader(db: Db, teamId: string, userId: string): Promise<void> {
  const team = await db.selectFrom('serving_teams').select('id').where('id', '=', teamId).executeTakeFirst();
  if (!team) throw notFound('That team');
  await db
    .insertInto('serving_team_leaders')
    .values({ team_id: teamId, user_id: userId })
    .onConflict((oc) => oc.columns(['team_id', 'user_id']).doNothing())
    .execute();
}

export async function removeLeader(db: Db, teamId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('serving_team_leaders')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface NewSlot {
  teamId: string;
  positionId: string;
  churchId: string | null;
  date: string;
  time: string;
  needed: number;
}

/** A slot, at `date` `time` on the site's clock. */
export async function createSlot(db: Db, input: NewSlot, now: Date): Promise<string> {
  const position = await db
    .selectFrom('serving_positions')
    .select('id')
    .where('id', '=', input.positionId)
    .where('team_id', '=', input.teamId)
    .executeTakeFirst();
  if (!position) throw new HttpError(400, 'bad_request', 'Choose a position of that team.', { positionId: 'Choose a position' });
  if (input.churchId) {
    const church = await db.selectFrom('churches').select('id').where('id', '=', input.churchId).executeTakeFirst();
    if (!church) throw new HttpError(400, 'bad_request', 'That location does not exist.', { churchId: 'Choose a location' });
  }
  if (!isDay(input.date)) throw new HttpError(400, 'bad_request', 'Give a real date.', { date: 'Not a date' });
  const startsAt = inSiteTimeZone(`${input.date}T${input.time}`).toDate();
  if (startsAt.getTime() <= now.getTime())
    throw new HttpError(400, 'bad_request', 'That time has passed already.', { date: 'Choose a time ahead' });
  const id = newId();
  await db
    .insertInto('serving_slots')
    .values({
      id,
      team_id: input.teamId,
      position_id: input.positionId,
      church_id: input.churchId,
      starts_at: startsAt,
      needed: input.needed,
    })
    .execute();
  return id;
}

export async function removeSlot(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('serving_slots').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A leader or the staff take someone off a slot (no cut-off: they arrange it). */
export async function removeFromSlot(db: Db, slotId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('serving_signups')
    .where('slot_id', '=', slotId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The roster of `teamIds` from `from` for `days` days: per day its slots, who serves, the gaps, who is blocked out. */
export async function roster(db: Db, teamIds: string[], from: string, days: number): Promise<RosterDay[]> {
  if (!teamIds.length) return [];
  const to = inSiteTimeZone(from).add(days, 'day').format('YYYY-MM-DD');
  const start = inSiteTimeZone(from).startOf('day').toDate();
  const end = inSiteTimeZone(to).startOf('day').toDate();
  const slots = await slotQuery(db)
    .where('s.team_id', 'in', teamIds)
    .where('s.starts_at', '>=', start)
    .where('s.starts_at', '<', end)
    .orderBy('s.starts_at')
    .orderBy('t.name')
    .orderBy('p.name')
    .execute();
  const people = slots.length
    ? await db
        .selectFrom('serving_signups as g')
        .innerJoin('users as u', 'u.id', 'g.user_id')
        .select(['g.slot_id', 'u.id', 'u.firstname', 'u.lastname', 'u.email', 'g.added_by'])
        .where(
          'g.slot_id',
          'in',
          slots.map((s) => s.id),
        )
        .orderBy('g.created_at')
        .execute()
    : [];
  // The teams' people: their leaders, and anyone who has served on them.
  const members = await db
    .selectFrom('serving_team_leaders as l')
    .select(['l.user_id', 'l.team_id'])
    .where('l.team_id', 'in', teamIds)
    .union(
      db
        .selectFrom('serving_signups as g')
        .innerJoin('serving_slots as s', 's.id', 'g.slot_id')
        .select(['g.user_id', 's.team_id'])
        .where('s.team_id', 'in', teamIds),
    )
    .execute();
  const memberIds = [...new Set(members.map((m) => m.user_id))];
  const blockouts = memberIds.length
    ? await db
        .selectFrom('serving_blockouts as b')
        .innerJoin('users as u', 'u.id', 'b.user_id')
        .select(['b.day', 'u.id', 'u.firstname', 'u.lastname'])
        .where('b.user_id', 'in', memberIds)
        .where('b.day', '>=', from)
        .where('b.day', '<', to)
        .orderBy('u.firstname')
        .execute()
    : [];
  const teamNames = new Map(
    (await db.selectFrom('serving_teams').select(['id', 'name']).where('id', 'in', teamIds).execute()).map((t) => [t.id, t.name]),
  );
  const byDay = new Map<string, RosterDay>();
  const dayOf = (day: string) => {
    let entry = byDay.get(day);
    if (!entry) {
      entry = { day, slots: [], blockedOut: [] };
      byDay.set(day, entry);
    }
    return entry;
  };
  for (const row of slots) {
    const slot = toSlot(row);
    dayOf(slot.day).slots.push({
      ...slot,
      people: people
        .filter((p) => p.slot_id === row.id)
        .map((p) => ({
          _id: p.id,
          name: `${p.firstname} ${p.lastname}`.trim(),
          email: p.email,
          addedByLeader: p.added_by !== null && p.added_by !== p.id,
        })),
    });
  }
  for (const b of blockouts) {
    const teams = [...new Set(members.filter((m) => m.user_id === b.id).map((m) => teamNames.get(m.team_id) ?? ''))].filter(
      Boolean,
    );
    dayOf(b.day).blockedOut.push({ _id: b.id, name: `${b.firstname} ${b.lastname}`.trim(), teams });
  }
  return [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** What account deletion removes: the member's sign-ups, blockouts, serving calendar and leadership. */
export async function eraseServing(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('serving_signups').where('user_id', '=', userId).execute();
  await db.deleteFrom('serving_blockouts').where('user_id', '=', userId).execute();
  await db.deleteFrom('serving_feeds').where('user_id', '=', userId).execute();
  await db.deleteFrom('serving_team_leaders').where('user_id', '=', userId).execute();
}

/** What "Download my data" includes of serving. */
export async function servingDataOf(db: Db, userId: string) {
  const [signups, blockouts, leads] = await Promise.all([
    db
      .selectFrom('serving_signups as g')
      .innerJoin('serving_slots as s', 's.id', 'g.slot_id')
      .innerJoin('serving_teams as t', 't.id', 's.team_id')
      .innerJoin('serving_positions as p', 'p.id', 's.position_id')
      .select(['g.slot_id', 't.name as team', 'p.name as position', 's.starts_at', 'g.created_at', 'g.reminded_at'])
      .where('g.user_id', '=', userId)
      .orderBy('s.starts_at')
      .execute(),
    db.selectFrom('serving_blockouts').select(['day', 'created_at']).where('user_id', '=', userId).orderBy('day').execute(),
    db
      .selectFrom('serving_team_leaders as l')
      .innerJoin('serving_teams as t', 't.id', 'l.team_id')
      .select(['t.name', 'l.created_at'])
      .where('l.user_id', '=', userId)
      .execute(),
  ]);
  return {
    signUps: signups.map((s) => ({
      slot: s.slot_id,
      team: s.team,
      position: s.position,
      startsAt: iso(s.starts_at),
      signedUpAt: iso(s.created_at),
      remindedAt: s.reminded_at ? iso(s.reminded_at) : null,
    })),
    blockoutDays: blockouts.map((b) => b.day),
    teamsYouLead: leads.map((l) => ({ team: l.name, since: iso(l.created_at) })),
  };
}
