/**
 * Small groups: the finder's list, one group as a visitor or member sees
 * it, joining (a request its leaders accept or decline), leaving, the
 * roster its leaders and the staff see, and the staff's edits.
 *
 * Privacy: no answer to a visitor or member carries another member's
 * e-mail address; the roster (leaders and staff only) carries the
 * addresses of those who agreed to share theirs with the group.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type {
  Group,
  GroupFrequency,
  GroupMembershipChoices,
  GroupPerson,
  GroupView,
  JoinRequest,
  MyGroups,
  RosterEntry,
  StaffGroup,
} from '@ministry/shared/types';
import type { Database } from '../../db/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { newId, slugify } from '../../lib/ids.js';
import { pageWindow, pagingOf, type Paging } from '../../lib/paging.js';
import { sanitizePlainText } from '../../lib/sanitize.js';

export const GROUP_KINDS = {
  'bible-study': 'Bible study',
  prayer: 'Prayer',
  youth: 'Youth',
  'young-adults': 'Young adults',
  couples: 'Couples',
  men: 'Men',
  women: 'Women',
  families: 'Families',
} as const;

export const LIFE_STAGES = {
  everyone: 'Everyone',
  students: 'Students',
  'young-adults': 'Young adults',
  parents: 'Parents',
  'empty-nesters': 'Empty nesters',
  seniors: 'Seniors',
} as const;

/** How many groups a page of the finder shows. */
export const GROUPS_PAGE_SIZE = 9;
/** The longest join message and leader's note. */
export const MESSAGE_MAX = 500;

/** The viewer's place in a group: leader, member, a request waiting, or none. */
export type Membership = GroupView['membership'];

export interface FinderQuery {
  kind?: string;
  day?: number;
  location?: string;
  stage?: string;
  /** The visitor's position: the groups come nearest first. Used for this answer only, never kept. */
  near?: { lat: number; lng: number };
  page?: number;
  pageSize?: number;
}

export const NEAR_INVALID = 'near must be a latitude and a longitude in degrees, like near=51.5072,-0.1276.';

/**
 * Reads `near` ("latitude,longitude" in decimal degrees); undefined when
 * absent, a 400 when it is not a position on Earth.
 */
export function parseNear(value: string | undefined): { lat: number; lng: number } | undefined {
  if (value === undefined) return undefined;
  const match = /^\s*(-?\d{1,3}(?:\.\d{1,10})?)\s*,\s*(-?\d{1,3}(?:\.\d{1,10})?)\s*$/.exec(value);
  const lat = match ? Number(match[1]) : NaN;
  const lng = match ? Number(match[2]) : NaN;
  if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180)) throw badRequest(NEAR_INVALID, { near: NEAR_INVALID });
  return { lat, lng };
}

/**
 * The great-circle distance (km) from `near` to the group's place: its
 * location's coordinates when it meets there; null when it meets at a
 * meeting place of its own or its location has none.
 */
const distanceFrom = (near: { lat: number; lng: number }) => sql<number | null>`CASE
  WHEN g.meeting_place IS NOT NULL OR c.latitude IS NULL OR c.longitude IS NULL THEN NULL
  ELSE CAST(12742 * asin(least(1, sqrt(
    power(sin(radians(CAST(c.latitude AS double precision) - ${near.lat}) / 2), 2)
    + cos(radians(${near.lat})) * cos(radians(CAST(c.latitude AS double precision)))
      * power(sin(radians(CAST(c.longitude AS double precision) - ${near.lng}) / 2), 2)
  ))) AS double precision) END`;

function baseQuery(db: Kysely<Database>) {
  return db
    .selectFrom('groups as g')
    .leftJoin('churches as c', 'c.id', 'g.church_id')
    .select([
      'g.id',
      'g.slug',
      'g.name',
      'g.kind',
      'g.life_stage',
      'g.church_id',
      'c.church_name',
      'c.adress',
      'g.meeting_place',
      'g.weekday',
      'g.start_time',
      'g.frequency',
      'g.description',
      'g.photo',
      'g.capacity',
      'g.open',
      sql<string>`(SELECT count(*) FROM group_members gm WHERE gm.group_id = g.id)`.as('member_count'),
    ]);
}

type GroupRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

async function leadersOf(db: Kysely<Database>, ids: string[]): Promise<Map<string, GroupPerson[]>> {
  const byGroup = new Map<string, GroupPerson[]>();
  if (!ids.length) return byGroup;
  const rows = await db
    .selectFrom('group_members as gm')
    .innerJoin('users as u', 'u.id', 'gm.user_id')
    .select(['gm.group_id', 'u.firstname', 'u.lastname'])
    .where('gm.group_id', 'in', ids)
    .where('gm.role', '=', 'leader')
    .orderBy('gm.joined_at')
    .execute();
  for (const r of rows) {
    const list = byGroup.get(r.group_id) ?? [];
    list.push({ firstname: r.firstname, lastname: r.lastname });
    byGroup.set(r.group_id, list);
  }
  return byGroup;
}

function toSummary(row: GroupRow, leaders: GroupPerson[]): Group {
  const memberCount = Number(row.member_count);
  return {
    _id: row.id,
    slug: row.slug,
    name: row.name,
    kind: row.kind,
    lifeStage: row.life_stage,
    location: row.church_id && row.church_name ? { _id: row.church_id, name: row.church_name } : null,
    address: row.meeting_place ?? row.adress ?? null,
    meetingPlace: row.meeting_place,
    weekday: row.weekday,
    time: row.start_time,
    frequency: row.frequency,
    description: row.description,
    photo: row.photo,
    capacity: row.capacity,
    memberCount,
    open: row.open,
    full: row.capacity !== null && memberCount >= row.capacity,
    leaders,
  };
}

/**
 * The finder: the groups matching every filter given, open ones first, then
 * by day, time and name; with `near`, nearest first (those whose place has
 * no coordinates last), each with its distance. A page at a time.
 */
export async function listGroups(db: Kysely<Database>, query: FinderQuery): Promise<{ data: Group[]; paging: Paging }> {
  const { page, pageSize, offset } = pageWindow(query, GROUPS_PAGE_SIZE);
  let q = baseQuery(db);
  if (query.kind) q = q.where('g.kind', '=', query.kind);
  if (query.day !== undefined) q = q.where('g.weekday', '=', query.day);
  if (query.location) q = q.where('g.church_id', '=', query.location);
  if (query.stage) q = q.where('g.life_stage', '=', query.stage);
  const near = query.near;
  const counted = q
    .clearSelect()
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const measured = q.select(near ? distanceFrom(near).as('distance_km') : sql<null>`NULL`.as('distance_km'));
  const [{ n }, rows] = await Promise.all([
    counted,
    (near ? measured.orderBy(sql`distance_km`, (ob) => ob.asc().nullsLast()) : measured)
      .orderBy('g.open', 'desc')
      .orderBy('g.weekday')
      .orderBy('g.start_time')
      .orderBy('g.name')
      .orderBy('g.id')
      .limit(pageSize)
      .offset(offset)
      .execute(),
  ]);
  const leaders = await leadersOf(
    db,
    rows.map((r) => r.id),
  );
  const data = rows.map((r) => {
    const summary = toSummary(r, leaders.get(r.id) ?? []);
    if (near) summary.distanceKm = r.distance_km === null ? null : Math.round(Number(r.distance_km) * 10) / 10;
    return summary;
  });
  return { data, paging: pagingOf(page, pageSize, Number(n)) };
}

async function findRow(db: Kysely<Database>, by: { slug?: string; id?: string }): Promise<GroupRow | undefined> {
  let q = baseQuery(db);
  q = by.id !== undefined ? q.where('g.id', '=', by.id) : q.where('g.slug', '=', by.slug ?? '');
  return q.executeTakeFirst();
}

export async function findGroup(db: Kysely<Database>, by: { slug?: string; id?: string }): Promise<Group | undefined> {
  const row = await findRow(db, by);
  if (!row) return undefined;
  const leaders = await leadersOf(db, [row.id]);
  return toSummary(row, leaders.get(row.id) ?? []);
}

/** The viewer's place in a group: leader, member, a request waiting, or none. */
export async function membershipOf(db: Kysely<Database>, groupId: string, userId: string | undefined): Promise<Membership> {
  if (!userId) return null;
  const member = await db
    .selectFrom('group_members')
    .select('role')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (member) return member.role;
  const pending = await db
    .selectFrom('group_requests')
    .select('id')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return pending ? 'pending' : null;
}

/** The group a leader (or staff) manages; 404 when there is none, 403 when the viewer does not lead it. */
export async function assertManages(
  db: Kysely<Database>,
  groupId: string,
  viewer: { id: string; staff: boolean },
): Promise<Group> {
  const group = await findGroup(db, { id: groupId });
  if (!group) throw notFound('That group');
  if (!viewer.staff && (await membershipOf(db, groupId, viewer.id)) !== 'leader')
    throw forbidden('Only the leaders of this group can do that.');
  return group;
}

const mailToken = (): string => randomBytes(24).toString('base64url');

/**
 * A member asks to join: refused while they are in it or have a request
 * waiting (409), when it takes no new members or is full (409). Answers the
 * request's id.
 */
export async function requestToJoin(
  db: Kysely<Database>,
  group: Group,
  userId: string,
  input: { message: string; shareEmail: boolean },
): Promise<string> {
  if (!group.open) throw conflict('This group is not taking new members at the moment.');
  if (group.full) throw conflict('This group is full at the moment.');
  const message = sanitizePlainText(input.message).slice(0, MESSAGE_MAX);
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('groups').select('id').where('id', '=', group._id).forUpdate().executeTakeFirst();
    const state = await membershipOf(trx, group._id, userId);
    if (state === 'pending') throw conflict('You have already asked to join this group: its leaders will answer soon.');
    if (state) throw conflict('You are already in this group.');
    const id = newId();
    await trx
      .insertInto('group_requests')
      .values({ id, group_id: group._id, user_id: userId, message, share_email: input.shareEmail })
      .execute();
    return id;
  });
}

export interface RequestRow {
  id: string;
  group_id: string;
  user_id: string;
  status: string;
  share_email: boolean;
}

/**
 * A leader (or staff) answers a waiting request: accepted adds the member
 * (refused when the group is full), declined keeps them out. The note goes to
 * the member. Answers the request with the member's address and name, for the mail.
 */
export async function decideRequest(
  db: Kysely<Database>,
  requestId: string,
  viewer: { id: string; staff: boolean },
  decision: 'accepted' | 'declined',
  note: string,
  now: Date,
): Promise<{ groupId: string; userId: string; email: string; firstname: string }> {
  return db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('group_requests as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.id', 'r.group_id', 'r.user_id', 'r.status', 'r.share_email', 'u.email', 'u.firstname'])
      .where('r.id', '=', requestId)
      .executeTakeFirst();
    if (!request) throw notFound('That request');
    await assertManages(trx, request.group_id, viewer);
    await trx.selectFrom('groups').select('id').where('id', '=', request.group_id).forUpdate().executeTakeFirst();
    if (request.status !== 'pending') throw conflict('This request has already been answered.');
    if (decision === 'accepted') {
      const group = await findGroup(trx, { id: request.group_id });
      if (group?.full) throw conflict('The group is full: raise its capacity first, or decline the request.');
      await trx
        .insertInto('group_members')
        .values({
          group_id: request.group_id,
          user_id: request.user_id,
          role: 'member',
          share_email: request.share_email,
          mail_token: mailToken(),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    await trx
      .updateTable('group_requests')
      .set({
        status: decision,
        note: sanitizePlainText(note).slice(0, MESSAGE_MAX) || null,
        decided_at: now,
        decided_by: viewer.id,
      })
      .where('id', '=', requestId)
      .execute();
    return { groupId: request.group_id, userId: request.user_id, email: request.email, firstname: request.firstname };
  });
}

/** The member leaves the group (or withdraws their waiting request); false when they were in neither. */
export async function leaveGroup(db: Kysely<Database>, groupId: string, userId: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const left = await trx
      .deleteFrom('group_members')
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const withdrawn = await trx
      .updateTable('group_requests')
      .set({ status: 'withdrawn', decided_at: now })
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(left.numDeletedRows) + Number(withdrawn.numUpdatedRows) > 0;
  });
}

/** A member's choices in a group: share their address with its leaders, receive its mails. */
export async function updateMembership(
  db: Kysely<Database>,
  groupId: string,
  userId: string,
  input: { shareEmail?: boolean; mail?: boolean },
): Promise<GroupMembershipChoices> {
  const set: { share_email?: boolean; mail_off?: boolean } = {};
  if (input.shareEmail !== undefined) set.share_email = input.shareEmail;
  if (input.mail !== undefined) set.mail_off = !input.mail;
  let q = db.updateTable('group_members').where('group_id', '=', groupId).where('user_id', '=', userId);
  q = Object.keys(set).length ? q.set(set) : q.set({ group_id: groupId });
  const row = await q.returning(['share_email', 'mail_off']).executeTakeFirst();
  if (!row) throw notFound('Your membership of that group');
  return { shareEmail: row.share_email, mail: !row.mail_off };
}

/** The group's people, leaders first; the addresses of those who share theirs. Only for leaders and staff. */
export async function rosterOf(db: Kysely<Database>, groupId: string): Promise<RosterEntry[]> {
  const rows = await db
    .selectFrom('group_members as gm')
    .innerJoin('users as u', 'u.id', 'gm.user_id')
    .select(['u.id', 'u.firstname', 'u.lastname', 'u.email', 'gm.role', 'gm.share_email', 'gm.joined_at'])
    .where('gm.group_id', '=', groupId)
    .orderBy(sql`gm.role = 'leader'`, 'desc')
    .orderBy('u.firstname')
    .orderBy('u.lastname')
    .execute();
  return rows.map((r) => ({
    _id: r.id,
    firstname: r.firstname,
    lastname: r.lastname,
    role: r.role,
    email: r.share_email ? r.email : null,
    joinedAt: new Date(r.joined_at).toISOString(),
  }));
}

/** Who a group mail goes to: every member but the sender and those who turned its mails off. */
export async function mailRecipients(
  db: Kysely<Database>,
  groupId: string,
  senderId: string,
): Promise<{ email: string; firstname: string; token: string }[]> {
  return db
    .selectFrom('group_members as gm')
    .innerJoin('users as u', 'u.id', 'gm.user_id')
    .select(['u.email', 'u.firstname', 'gm.mail_token as token'])
    .where('gm.group_id', '=', groupId)
    .where('gm.user_id', '!=', senderId)
    .where('gm.mail_off', '=', false)
    .where('u.deleted_at', 'is', null)
    .execute();
}

/** The leaders' addresses, for the mail about a new request. */
export async function leaderAddresses(db: Kysely<Database>, groupId: string): Promise<{ email: string; firstname: string }[]> {
  return db
    .selectFrom('group_members as gm')
    .innerJoin('users as u', 'u.id', 'gm.user_id')
    .select(['u.email', 'u.firstname'])
    .where('gm.group_id', '=', groupId)
    .where('gm.role', '=', 'leader')
    .where('u.deleted_at', 'is', null)
    .execute();
}

/** Stops one member's mails from one group, from the link in such a mail; the group's name, or undefined for an unknown token. */
export async function turnGroupMailOff(db: Kysely<Database>, token: string): Promise<string | undefined> {
  const row = await db
    .updateTable('group_members')
    .set({ mail_off: true })
    .where('mail_token', '=', token)
    .returning('group_id')
    .executeTakeFirst();
  if (!row) return undefined;
  return (await db.selectFrom('groups').select('name').where('id', '=', row.group_id).executeTakeFirst())?.name;
}

/** /my-groups: the member's groups, their requests still waiting, and the requests waiting in the groups they lead. */
export async function myGroups(db: Kysely<Database>, userId: string): Promise<MyGroups> {
  const memberships = await db
    .selectFrom('group_members')
    .select(['group_id', 'role', 'share_email', 'mail_off'])
    .where('user_id', '=', userId)
    .execute();
  const ids = memberships.map((m) => m.group_id);
  const rows = ids.length ? await baseQuery(db).where('g.id', 'in', ids).orderBy('g.name').execute() : [];
  const leaders = await leadersOf(db, ids);
  const byId = new Map(memberships.map((m) => [m.group_id, m]));
  const groups = rows.map((r) => {
    const m = byId.get(r.id)!;
    return { ...toSummary(r, leaders.get(r.id) ?? []), role: m.role, shareEmail: m.share_email, mail: !m.mail_off };
  });
  const led = memberships.filter((m) => m.role === 'leader').map((m) => m.group_id);
  const requestQuery = () =>
    db
      .selectFrom('group_requests as r')
      .innerJoin('groups as g', 'g.id', 'r.group_id')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select([
        'r.id',
        'r.group_id',
        'g.slug',
        'g.name',
        'u.firstname',
        'u.lastname',
        'r.message',
        'r.status',
        'r.note',
        'r.created_at',
      ])
      .where('r.status', '=', 'pending')
      .orderBy('r.created_at');
  const [mine, toAnswer] = await Promise.all([
    requestQuery().where('r.user_id', '=', userId).execute(),
    led.length ? requestQuery().where('r.group_id', 'in', led).execute() : Promise.resolve([]),
  ]);
  const view = (r: (typeof mine)[number], withMember: boolean): JoinRequest => ({
    _id: r.id,
    group: { _id: r.group_id, slug: r.slug, name: r.name },
    member: withMember ? { firstname: r.firstname, lastname: r.lastname } : null,
    message: r.message,
    status: r.status,
    note: r.note,
    createdAt: new Date(r.created_at).toISOString(),
  });
  return { groups, myRequests: mine.map((r) => view(r, false)), toAnswer: toAnswer.map((r) => view(r, true)) };
}

/** The requests waiting in one group, oldest first (its leaders' and the staff's view). */
export async function pendingRequests(db: Kysely<Database>, groupId: string): Promise<JoinRequest[]> {
  const rows = await db
    .selectFrom('group_requests as r')
    .innerJoin('groups as g', 'g.id', 'r.group_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.group_id',
      'g.slug',
      'g.name',
      'u.firstname',
      'u.lastname',
      'r.message',
      'r.status',
      'r.note',
      'r.created_at',
    ])
    .where('r.group_id', '=', groupId)
    .where('r.status', '=', 'pending')
    .orderBy('r.created_at')
    .execute();
  return rows.map((r) => ({
    _id: r.id,
    group: { _id: r.group_id, slug: r.slug, name: r.name },
    member: { firstname: r.firstname, lastname: r.lastname },
    message: r.message,
    status: r.status,
    note: r.note,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** Takes a member off a group's roster (the staff correcting it); false when they were not in it. */
export async function removeMember(db: Kysely<Database>, groupId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('group_members')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ── The staff's side ────────────────────────────────────────────────────────

export interface GroupInput {
  name: string;
  slug?: string;
  kind: string;
  lifeStage: string;
  locationId?: string | null;
  meetingPlace?: string | null;
  weekday: number;
  time: string;
  frequency: GroupFrequency;
  description?: string;
  photo?: string | null;
  capacity?: number | null;
  open: boolean;
}

async function columns(db: Kysely<Database>, input: GroupInput) {
  const name = sanitizePlainText(input.name);
  if (!name) throw badRequest('Required', { name: 'Required' });
  if (!(input.kind in GROUP_KINDS)) throw badRequest('Choose a kind of group', { kind: 'Choose a kind of group' });
  if (!(input.lifeStage in LIFE_STAGES)) throw badRequest('Choose a life stage', { lifeStage: 'Choose a life stage' });
  const meetingPlace = sanitizePlainText(input.meetingPlace ?? '') || null;
  const churchId = input.locationId || null;
  if (churchId && !(await db.selectFrom('churches').select('id').where('id', '=', churchId).executeTakeFirst()))
    throw badRequest('That location was not found', { locationId: 'That location was not found' });
  if (!churchId && !meetingPlace)
    throw badRequest('Choose a location or write where the group meets', {
      meetingPlace: 'Choose a location or write where the group meets',
    });
  const photo = input.photo?.trim() || null;
  if (photo && !/^\/media\/[A-Za-z0-9/_.-]+$/.test(photo))
    throw badRequest('Upload the photo here', { photo: 'Upload the photo here' });
  return {
    name,
    kind: input.kind,
    life_stage: input.lifeStage,
    church_id: churchId,
    meeting_place: meetingPlace,
    weekday: input.weekday,
    start_time: input.time,
    frequency: input.frequency,
    description: sanitizePlainText(input.description ?? ''),
    photo,
    capacity: input.capacity ?? null,
    open: input.open,
  };
}

async function freeSlug(db: Kysely<Database>, wanted: string, except?: string): Promise<string> {
  const base = slugify(wanted) || 'group';
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    let q = db.selectFrom('groups').select('id').where('slug', '=', slug);
    if (except) q = q.where('id', '!=', except);
    if (!(await q.executeTakeFirst())) return slug;
  }
}

export async function createGroup(db: Kysely<Database>, input: GroupInput): Promise<string> {
  const values = await columns(db, input);
  const id = newId();
  const slug = await freeSlug(db, input.slug || values.name);
  await db
    .insertInto('groups')
    .values({ id, slug, ...values })
    .execute();
  return id;
}

export async function updateGroup(db: Kysely<Database>, id: string, input: GroupInput, now: Date): Promise<boolean> {
  const values = await columns(db, input);
  const current = await db.selectFrom('groups').select('slug').where('id', '=', id).executeTakeFirst();
  if (!current) return false;
  const slug = input.slug && slugify(input.slug) !== current.slug ? await freeSlug(db, input.slug, id) : current.slug;
  await db
    .updateTable('groups')
    .set({ ...values, slug, updated_at: now })
    .where('id', '=', id)
    .execute();
  return true;
}

export async function deleteGroup(db: Kysely<Database>, id: string): Promise<string | undefined> {
  const row = await db.deleteFrom('groups').where('id', '=', id).returning('name').executeTakeFirst();
  return row?.name;
}

/**
 * Sets a group's leaders by their e-mail addresses: each must be a member's
 * account; those named become leaders (joining if they were not in it),
 * the leaders not named stay as members.
 */
export async function setLeaders(db: Kysely<Database>, groupId: string, emails: string[]): Promise<void> {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  await db.transaction().execute(async (trx) => {
    const users = wanted.length
      ? await trx
          .selectFrom('users')
          .select(['id', 'email'])
          .where((eb) => eb(eb.fn('lower', ['email']), 'in', wanted))
          .where('deleted_at', 'is', null)
          .execute()
      : [];
    const found = new Set(users.map((u) => u.email.toLowerCase()));
    const missing = wanted.filter((e) => !found.has(e));
    if (missing.length)
      throw badRequest(`No member has the address ${missing.join(', ')}`, {
        leaders: `No member has the address ${missing.join(', ')}`,
      });
    const ids = users.map((u) => u.id);
    let demote = trx
      .updateTable('group_members')
      .set({ role: 'member' })
      .where('group_id', '=', groupId)
      .where('role', '=', 'leader');
    if (ids.length) demote = demote.where('user_id', 'not in', ids);
    await demote.execute();
    for (const id of ids) {
      await trx
        .insertInto('group_members')
        .values({ group_id: groupId, user_id: id, role: 'leader', share_email: true, mail_token: mailToken() })
        .onConflict((oc) => oc.columns(['group_id', 'user_id']).doUpdateSet({ role: 'leader' }))
        .execute();
      await trx
        .updateTable('group_requests')
        .set({ status: 'withdrawn' })
        .where('group_id', '=', groupId)
        .where('user_id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    }
  });
}

/** Every group as the staff see it: with its leaders' addresses and the requests waiting. */
export async function listStaffGroups(db: Kysely<Database>, only?: string): Promise<StaffGroup[]> {
  let q = baseQuery(db).orderBy('g.name');
  if (only) q = q.where('g.id', '=', only);
  const rows = await q.execute();
  const ids = rows.map((r) => r.id);
  if (!ids.length) return [];
  const [leaders, leaderRows, pending] = await Promise.all([
    leadersOf(db, ids),
    db
      .selectFrom('group_members as gm')
      .innerJoin('users as u', 'u.id', 'gm.user_id')
      .select(['gm.group_id', 'u.email'])
      .where('gm.group_id', 'in', ids)
      .where('gm.role', '=', 'leader')
      .orderBy('gm.joined_at')
      .execute(),
    db
      .selectFrom('group_requests')
      .select(['group_id', sql<string>`count(*)`.as('n')])
      .where('group_id', 'in', ids)
      .where('status', '=', 'pending')
      .groupBy('group_id')
      .execute(),
  ]);
  const pendingBy = new Map(pending.map((p) => [p.group_id, Number(p.n)]));
  return rows.map((r) => ({
    ...toSummary(r, leaders.get(r.id) ?? []),
    pendingRequests: pendingBy.get(r.id) ?? 0,
    leaderEmails: leaderRows.filter((l) => l.group_id === r.id).map((l) => l.email),
  }));
}

/** Every roster, for the staff's CSV: group, name, role, the address when shared, joined. */
export async function allRosters(
  db: Kysely<Database>,
  only?: string,
): Promise<{ group: string; firstname: string; lastname: string; role: string; email: string | null; joinedAt: Date }[]> {
  let q = db
    .selectFrom('group_members as gm')
    .innerJoin('groups as g', 'g.id', 'gm.group_id')
    .innerJoin('users as u', 'u.id', 'gm.user_id')
    .select(['g.name as group', 'u.firstname', 'u.lastname', 'gm.role', 'u.email', 'gm.share_email', 'gm.joined_at'])
    .orderBy('g.name')
    .orderBy(sql`gm.role = 'leader'`, 'desc')
    .orderBy('u.firstname');
  if (only) q = q.where('g.id', '=', only);
  const rows = await q.execute();
  return rows.map((r) => ({
    group: r.group,
    firstname: r.firstname,
    lastname: r.lastname,
    role: r.role,
    email: r.share_email ? r.email : null,
    joinedAt: new Date(r.joined_at),
  }));
}

/** Removes a member from every roster and request (their account is being deleted). */
export async function removeFromAllGroups(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('group_members').where('user_id', '=', userId).execute();
  await db.deleteFrom('group_requests').where('user_id', '=', userId).execute();
}
