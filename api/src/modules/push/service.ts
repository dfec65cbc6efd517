/**
 * Notifications members choose (Web Push).
 *
 * A member turns on notifications in a browser (its push subscription is
 * kept here) and chooses topics, each off until turned on. A notification
 * is first made, once per member (`push_messages`, a unique key per member:
 * `devotional:<day>`, `booking:<id>`, …), by whatever decides it is due (a
 * job, or the staff sending an announcement); the job `push` then sends each
 * one once: it claims the message (`claimed_at`, compare-and-set), checks
 * the member still wants the topic, encrypts it for each of their browsers
 * (web-push: VAPID, aes128gcm) and marks it sent. A browser the push service
 * says is gone (404, 410) is forgotten.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { countOf, inSiteTimeZone } from '@ministry/shared/format';
import { PushTopicsContract } from '@ministry/shared/contracts';
import type { Announcement, PushSettings, PushTopic } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';
import { badRequest } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { isLocalAddress } from '../../config.js';
import { siteDay } from '../../lib/schedule.js';
import { vapidKeys } from './keys.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The topics a member may turn on: the contract's, in its order. */
export const TOPICS = Object.keys(PushTopicsContract.properties) as readonly PushTopic[];

/** Where a notification's "stop" leads: the member's notification settings, the topic named. */
export const stopPath = (topic: PushTopic): string => `/profile?notifications=${topic}#notifications`;

export async function pushSettings(db: Db, userId: string, endpoint?: string): Promise<PushSettings> {
  const [row, browsers] = await Promise.all([
    db.selectFrom('push_topics').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('push_subscriptions').select(['endpoint']).where('user_id', '=', userId).execute(),
  ]);
  return {
    topics: Object.fromEntries(TOPICS.map((t) => [t, row?.[t] ?? false])) as Record<PushTopic, boolean>,
    devotionalTime: row?.devotional_time ?? '07:00',
    browsers: browsers.length,
    thisBrowser: endpoint !== undefined && browsers.some((b) => b.endpoint === endpoint),
  };
}

export type TopicChanges = Partial<Record<PushTopic, boolean>> & { devotionalTime?: string };

export const TIME_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d$';

/** Turns topics on or off and sets the devotional's time. */
export async function setTopics(db: Db, userId: string, changes: TopicChanges, now: Date): Promise<void> {
  const values: Record<string, unknown> = {};
  for (const topic of TOPICS) if (changes[topic] !== undefined) values[topic] = changes[topic];
  if (changes.devotionalTime !== undefined) values.devotional_time = changes.devotionalTime;
  // "Someone prayed" counts from when it is turned on, never the presses before.
  if (changes.prayed) {
    await db
      .updateTable('push_topics')
      .set({ prayed_counted_until: now })
      .where('user_id', '=', userId)
      .where('prayed', '=', false)
      .execute();
  }
  await db
    .insertInto('push_topics')
    .values({ user_id: userId, prayed_counted_until: now, updated_at: now, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: now }))
    .execute();
}

// ── Browsers ──────────────────────────────────────────────────────────────

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * A push service's address: https, and not this network's own machines
 * (the site would post to whatever address a member gives). On a site that
 * runs on this machine (a localhost PUBLIC_URL), a push service on this
 * machine is allowed too (the tests stand one up).
 */
export function checkEndpoint(endpoint: string, publicUrl: string): void {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw badRequest('That is not the address of a push service.', { endpoint: 'Not an address' });
  }
  const local = isLocalAddress(endpoint) || /^\[|^\d+\.\d+\.\d+\.\d+$/.test(url.hostname) || !url.hostname.includes('.');
  if (url.protocol !== 'https:' || (local && !(isLocalAddress(endpoint) && isLocalAddress(publicUrl)))) {
    throw badRequest("That is not the address of a browser's push service.", { endpoint: 'Not a push service' });
  }
}

/** The browser's keys: a P-256 public key (65 bytes) and a 16-byte secret, in URL-safe base64. */
export function checkKeys(keys: BrowserSubscription['keys']): void {
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  const auth = Buffer.from(keys.auth, 'base64url');
  if (p256dh.length !== 65 || p256dh[0] !== 4 || auth.length !== 16) {
    throw badRequest("That browser's keys are not ones notifications can be sent with.", { keys: 'Not valid keys' });
  }
}

/**
 * Keeps the browser's subscription for the member (a browser someone else
 * turned on before now belongs to this member). A member has at most `max`
 * browsers: past that, the one turned on longest ago is forgotten.
 */
export async function subscribe(
  db: Kysely<Database>,
  userId: string,
  subscription: BrowserSubscription,
  userAgent: string | undefined,
  max: number,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('push_subscriptions')
      .values({
        id: newId(),
        user_id: userId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        user_agent: userAgent?.slice(0, 400) ?? null,
        created_at: now,
      })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          user_id: userId,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
          user_agent: userAgent?.slice(0, 400) ?? null,
          created_at: now,
        }),
      )
      .execute();
    const beyond = await trx
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .offset(max)
      .limit(1000)
      .execute();
    if (beyond.length) {
      await trx
        .deleteFrom('push_subscriptions')
        .where(
          'id',
          'in',
          beyond.map((b) => b.id),
        )
        .execute();
    }
    await trx
      .insertInto('push_topics')
      .values({ user_id: userId, prayed_counted_until: now })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  });
}

export async function unsubscribe(db: Db, userId: string, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();
}

/** Everything of an account's notifications, at its deletion. */
export async function erasePush(db: Db, userId: string): Promise<void> {
  for (const table of ['push_subscriptions', 'push_topics', 'push_messages'] as const) {
    await db.deleteFrom(table).where('user_id', '=', userId).execute();
  }
}

/** What the data export tells of a member's notifications (never a browser's keys or address). */
export async function pushDataOf(db: Db, userId: string) {
  const settings = await pushSettings(db, userId);
  const browsers = await db
    .selectFrom('push_subscriptions')
    .select(['user_agent', 'created_at', 'last_sent_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const sent = await db
    .selectFrom('push_messages')
    .select(['topic', 'title', 'created_at', 'sent_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  return {
    topics: settings.topics,
    devotionalTime: settings.devotionalTime,
    browsers: browsers.map((b) => ({ userAgent: b.user_agent, turnedOnAt: iso(b.created_at), lastSentAt: iso(b.last_sent_at) })),
    notifications: sent.map((m) => ({ topic: m.topic, title: m.title, madeAt: iso(m.created_at), sentAt: iso(m.sent_at) })),
  };
}

// ── Making notifications (once per member each) ───────────────────────────

export interface NewMessage {
  user_id: string;
  topic: PushTopic;
  key: string;
  title: string;
  body: string;
  url: string;
}

/** Adds the messages not made before (by their key per member); answers how many are new. */
export async function queueMessages(db: Db, messages: NewMessage[], now: Date): Promise<number> {
  let added = 0;
  for (let i = 0; i < messages.length; i += 500) {
    const rows = await db
      .insertInto('push_messages')
      .values(
        messages.slice(i, i + 500).map((m) => ({
          id: newId(),
          ...m,
          title: m.title.slice(0, 120),
          body: m.body.slice(0, 300),
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('id')
      .execute();
    added += rows.length;
  }
  return added;
}

/** Members who want `topic` and have a browser to send it to (accounts in use). */
function wanting(db: Db, topic: PushTopic) {
  return db
    .selectFrom('push_topics as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .where(`t.${topic}`, '=', true)
    .where('u.deleted_at', 'is', null)
    .where('u.disabled_at', 'is', null)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('push_subscriptions as s').select('s.id').whereRef('s.user_id', '=', 't.user_id')),
    );
}

const plain = (html: string): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&[a-z#0-9]+;/gi, '')
    .replace(/\s+/g, ' ')
    .trim();

const excerpt = (text: string, length: number): string => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** How long after their chosen time a member still gets the day's devotional (the site may have been down). */
const DEVOTIONAL_WINDOW_MINUTES = 180;

/** The day's devotional, to each member who wants it, at their time (within the few hours after it). */
export async function queueDevotionals(db: Db, now: Date): Promise<number> {
  const today = siteDay(now);
  const devotional = await db
    .selectFrom('devotionals')
    .select(['slug', 'title', 'verses', 'detail'])
    .where('status', '=', 'published')
    .where('published_at', '<=', now)
    .where('published_at', '>=', inSiteTimeZone(today).startOf('day').toDate())
    .orderBy('published_at', 'desc')
    .executeTakeFirst();
  if (!devotional) return 0;
  const clock = inSiteTimeZone(now);
  const time = clock.format('HH:mm');
  const earliest = clock.subtract(DEVOTIONAL_WINDOW_MINUTES, 'minute');
  const sameDay = earliest.format('YYYY-MM-DD') === today;
  const members = await wanting(db, 'devotional')
    .select('t.user_id')
    .where('t.devotional_time', '<=', time)
    .$if(sameDay, (qb) => qb.where('t.devotional_time', '>', earliest.format('HH:mm')))
    .execute();
  const body = devotional.verses
    ? `${devotional.verses} · ${excerpt(plain(devotional.detail), 120)}`
    : excerpt(plain(devotional.detail), 160);
  return queueMessages(
    db,
    members.map((m) => ({
      user_id: m.user_id,
      topic: 'devotional',
      key: `devotional:${today}`,
      title: `Today's devotional: ${devotional.title}`,
      body,
      url: `/devotional-detail/${devotional.slug}`,
    })),
    now,
  );
}

/** "Today" or "Tomorrow" and the time, on the site's clock. */
function when(at: Date | string, now: Date): string {
  const day = siteDay(at) === siteDay(now) ? 'Today' : 'Tomorrow';
  return `${day} at ${inSiteTimeZone(at).format('h:mm A')}`;
}

/**
 * The day before: each booked event (a paid booking) and each serving slot
 * that falls today or tomorrow on the site's clock and is still ahead, to
 * members who want reminders.
 */
export async function queueReminders(db: Db, now: Date): Promise<number> {
  const until = inSiteTimeZone(siteDay(now)).add(2, 'day').startOf('day').toDate();
  const [bookings, slots] = await Promise.all([
    wanting(db, 'reminders')
      .innerJoin('bookings as b', 'b.user_id', 't.user_id')
      .innerJoin('events as e', 'e.id', 'b.event_id')
      .select(['t.user_id', 'b.id', 'e.title', 'e.event_date', 'e.venue'])
      .where('b.status', '=', 'paid')
      .where('e.cancelled_at', 'is', null)
      .where('e.event_date', '>', now)
      .where('e.event_date', '<', until)
      .execute(),
    wanting(db, 'reminders')
      .innerJoin('serving_signups as su', 'su.user_id', 't.user_id')
      .innerJoin('serving_slots as sl', 'sl.id', 'su.slot_id')
      .innerJoin('serving_teams as tm', 'tm.id', 'sl.team_id')
      .innerJoin('serving_positions as p', 'p.id', 'sl.position_id')
      .select(['t.user_id', 'su.id', 'sl.starts_at', 'tm.name as team', 'p.name as position'])
      .where('sl.starts_at', '>', now)
      .where('sl.starts_at', '<', until)
      .execute(),
  ]);
  return queueMessages(
    db,
    [
      ...bookings.map((b) => ({
        user_id: b.user_id,
        topic: 'reminders' as const,
        key: `booking:${b.id}`,
        title: `${siteDay(b.event_date) === siteDay(now) ? 'Today' : 'Tomorrow'}: ${b.title}`,
        body: `${when(b.event_date, now)}${b.venue ? ` · ${b.venue}` : ''}. Your ticket is on My tickets.`,
        url: '/my-tickets',
      })),
      ...slots.map((s) => ({
        user_id: s.user_id,
        topic: 'reminders' as const,
        key: `serving:${s.id}`,
        title: `Serving ${siteDay(s.starts_at) === siteDay(now) ? 'today' : 'tomorrow'}: ${s.position}`,
        body: `${when(s.starts_at, now)} · ${s.team}. Thank you for serving!`,
        url: '/my-schedule',
      })),
    ],
    now,
  );
}

/** How long before the "new sermon" notification is too late to be news. */
const SERMON_NEWS_MS = 2 * 86_400_000;

/**
 * A sermon just out (published, its moment come): claimed once
 * (`sermons.pushed_at`) and made for every member who wants sermons, in one
 * transaction.
 */
export async function queueSermons(db: Kysely<Database>, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const sermons = await trx
      .updateTable('sermons')
      .set({ pushed_at: now })
      .where('status', '=', 'published')
      .where('pushed_at', 'is', null)
      .where('publish_at', '<=', now)
      .where('publish_at', '>', new Date(now.getTime() - SERMON_NEWS_MS))
      .returning(['id', 'slug', 'title', 'summary'])
      .execute();
    if (!sermons.length) return 0;
    const members = await wanting(trx, 'sermons').select('t.user_id').execute();
    return queueMessages(
      trx,
      sermons.flatMap((s) =>
        members.map((m) => ({
          user_id: m.user_id,
          topic: 'sermons' as const,
          key: `sermon:${s.id}`,
          title: `New sermon: ${s.title}`,
          body: s.summary ? excerpt(plain(s.summary), 160) : 'Listen or watch it now.',
          url: `/sermons/${s.slug}`,
        })),
      ),
      now,
    );
  });
}

/** At most one "someone prayed" notification an hour per member. */
export const PRAYED_PUSH_GAP_MS = 3600_000;

/**
 * "Someone prayed for your request": presses of "I prayed" by others on the
 * member's requests, at least `settleMs` old (the prayers module's wait: a
 * press taken back at once never counts) and newer than the last
 * notification's count. Each
 * member's count is claimed with a compare-and-set on `prayed_counted_until`.
 */
export async function queuePrayed(db: Kysely<Database>, now: Date, settleMs: number): Promise<number> {
  const counted = new Date(now.getTime() - settleMs);
  const due = await wanting(db, 'prayed')
    .select(['t.user_id', 't.prayed_counted_until'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('push_messages as m')
            .select('m.id')
            .whereRef('m.user_id', '=', 't.user_id')
            .where('m.topic', '=', 'prayed')
            .where('m.created_at', '>', new Date(now.getTime() - PRAYED_PUSH_GAP_MS)),
        ),
      ),
    )
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('prayer_prayed as pp')
          .innerJoin('prayers as p', 'p.id', 'pp.prayer_id')
          .select('pp.prayer_id')
          .whereRef('p.user_id', '=', 't.user_id')
          .whereRef('pp.user_id', '!=', 't.user_id')
          .where('pp.created_at', '<=', counted)
          .where(sql<boolean>`(t.prayed_counted_until IS NULL OR pp.created_at > t.prayed_counted_until)`),
      ),
    )
    .limit(500)
    .execute();
  let made = 0;
  for (const member of due) {
    const last = member.prayed_counted_until ? new Date(member.prayed_counted_until) : null;
    const { n } = await db
      .selectFrom('prayer_prayed as pp')
      .innerJoin('prayers as p', 'p.id', 'pp.prayer_id')
      .select(sql<string>`count(*)`.as('n'))
      .where('p.user_id', '=', member.user_id)
      .where('pp.user_id', '!=', member.user_id)
      .where('pp.created_at', '>', last ?? new Date(0))
      .where('pp.created_at', '<=', counted)
      .executeTakeFirstOrThrow();
    const count = Number(n);
    if (!count) continue;
    const claimed = await db
      .updateTable('push_topics')
      .set({ prayed_counted_until: counted })
      .where('user_id', '=', member.user_id)
      .where((eb) => (last ? eb('prayed_counted_until', '=', last) : eb('prayed_counted_until', 'is', null)))
      .returning('user_id')
      .executeTakeFirst();
    if (!claimed) continue;
    made += await queueMessages(
      db,
      [
        {
          user_id: member.user_id,
          topic: 'prayed',
          key: `prayed:${counted.toISOString()}`,
          title: count === 1 ? 'Someone prayed for your request' : `${count} people prayed for your requests`,
          body: `${count === 1 ? 'A member of the church family' : countOf(count, 'member', 'members')} prayed for you on the prayer wall.`,
          url: '/community/my-posts',
        },
      ],
      now,
    );
  }
  return made;
}

// ── Announcements (the staff's) ───────────────────────────────────────────

export interface AnnouncementInput {
  title: string;
  body: string;
  url: string;
}

/** The link an announcement opens: a page of the site ('/events/…') or an https address; '' is the home page. */
export function announcementLink(raw: string): string {
  const url = raw.trim();
  if (!url) return '/';
  if (/^\/(?!\/)[^\s]*$/.test(url)) return url;
  if (/^https:\/\/[^\s/]+\.[^\s]+$/i.test(url)) {
    try {
      return new URL(url).href;
    } catch {
      // falls through
    }
  }
  throw badRequest('The link must be a page of this site (starting with /) or an https:// address.', {
    url: 'A page of the site or an https:// address',
  });
}

/** Members an announcement would go to now. */
export async function announcementAudience(db: Db): Promise<number> {
  const row = await wanting(db, 'announcements')
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records the announcement and makes its notification for every member who wants announcements. */
export async function sendAnnouncement(
  db: Kysely<Database>,
  actor: { id: string; firstname: string; lastname: string },
  input: AnnouncementInput,
  now: Date,
): Promise<Announcement> {
  const id = newId();
  return db.transaction().execute(async (trx) => {
    const members = await wanting(trx, 'announcements').select('t.user_id').execute();
    const recipients = await queueMessages(
      trx,
      members.map((m) => ({ user_id: m.user_id, topic: 'announcements' as const, key: `announcement:${id}`, ...input })),
      now,
    );
    const row = await trx
      .insertInto('push_announcements')
      .values({
        id,
        ...input,
        sent_by: actor.id,
        sent_by_name: `${actor.firstname} ${actor.lastname}`.trim(),
        recipients,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toAnnouncement(row);
  });
}

const toAnnouncement = (row: {
  id: string;
  title: string;
  body: string;
  url: string;
  sent_by_name: string;
  recipients: number;
  created_at: Date | string;
}): Announcement => ({
  _id: row.id,
  title: row.title,
  body: row.body,
  url: row.url,
  sentBy: row.sent_by_name,
  recipients: row.recipients,
  createdAt: new Date(row.created_at).toISOString(),
});

export async function recentAnnouncements(db: Db): Promise<Announcement[]> {
  const rows = await db.selectFrom('push_announcements').selectAll().orderBy('created_at', 'desc').limit(20).execute();
  return rows.map(toAnnouncement);
}

// ── Sending (once) ────────────────────────────────────────────────────────

/** A claim older than this (its process stopped mid-way) may be taken again. */
const CLAIM_MS = 10 * 60_000;
/** A message not sent within this is no longer worth sending. */
const STALE_MS = 24 * 3600_000;
/** How long a push service keeps a message for a browser that is offline. */
const TTL_SECONDS = 12 * 3600;

/** What the service worker receives (shell/src/serviceWorker/push.ts). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  topic: PushTopic;
  tag: string;
  stopUrl: string;
}

/**
 * Sends the messages made and not yet sent, each once: claimed, checked
 * against the member's topics (a topic turned off since is not sent), sent
 * to each of their browsers, marked sent. Answers how many messages went to
 * at least one browser.
 */
export async function deliverPushes(app: FastifyInstance, now: Date): Promise<number> {
  const db = app.db;
  const stale = new Date(now.getTime() - CLAIM_MS);
  const claimed = await db
    .updateTable('push_messages')
    .set({ claimed_at: now })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('push_messages')
        .select('id')
        .where('sent_at', 'is', null)
        .where((inner) => inner.or([inner('claimed_at', 'is', null), inner('claimed_at', '<', stale)]))
        .orderBy('created_at')
        .limit(200),
    )
    // Checked again on the row itself: a message another process claimed meanwhile is left to it.
    .where('sent_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', stale)]))
    .returningAll()
    .execute();
  if (!claimed.length) return 0;
  const keys = await vapidKeys(app);
  const userIds = [...new Set(claimed.map((m) => m.user_id))];
  const [topics, subscriptions] = await Promise.all([
    db.selectFrom('push_topics').selectAll().where('user_id', 'in', userIds).execute(),
    db.selectFrom('push_subscriptions').selectAll().where('user_id', 'in', userIds).execute(),
  ]);
  const topicsOf = new Map(topics.map((t) => [t.user_id, t]));
  let sent = 0;
  for (const message of claimed) {
    const wants = topicsOf.get(message.user_id)?.[message.topic] === true;
    const fresh = now.getTime() - new Date(message.created_at).getTime() < STALE_MS;
    const browsers = wants && fresh ? subscriptions.filter((s) => s.user_id === message.user_id) : [];
    const payload: PushPayload = {
      title: message.title,
      body: message.body,
      url: message.url,
      topic: message.topic,
      tag: message.key,
      stopUrl: stopPath(message.topic),
    };
    const results = await Promise.all(
      browsers.map(async (browser) => {
        try {
          await webpush.sendNotification(
            { endpoint: browser.endpoint, keys: { p256dh: browser.p256dh, auth: browser.auth } },
            JSON.stringify(payload),
            {
              vapidDetails: keys,
              TTL: TTL_SECONDS,
              contentEncoding: 'aes128gcm',
              timeout: 10_000,
              urgency: message.topic === 'reminders' ? 'high' : 'normal',
            },
          );
          await db.updateTable('push_subscriptions').set({ last_sent_at: now }).where('id', '=', browser.id).execute();
          return true;
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410) {
            // The browser's subscription is gone (notifications turned off there, the browser reset).
            await db.deleteFrom('push_subscriptions').where('id', '=', browser.id).execute();
          } else {
            app.log.warn({ err: error, status }, 'a notification could not be sent to a browser');
          }
          return false;
        }
      }),
    );
    const delivered = results.filter(Boolean).length;
    if (delivered) sent += 1;
    await db.updateTable('push_messages').set({ sent_at: now, delivered }).where('id', '=', message.id).execute();
  }
  return sent;
}

/** Forgets what was sent a month ago (the member's export shows the month before). */
export async function forgetOldPushes(db: Db, now: Date): Promise<void> {
  await db
    .deleteFrom('push_messages')
    .where('sent_at', 'is not', null)
    .where('created_at', '<', new Date(now.getTime() - 30 * 86_400_000))
    .execute();
}
