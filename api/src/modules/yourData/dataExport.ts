/**
 * "Download my data": everything the site keeps about one member, as
 * `data.json` in a ZIP with their photo's file beside it. Only rows that
 * are theirs (by their id, or their address for the newsletter), and never
 * a secret: no password hash, no token or its hash, no ticket's QR token,
 * no payment provider's references.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/index.js';
import type { UploadStore } from '../../lib/uploads.js';
import { servingDataOf } from '../serving/service.js';
import { pushDataOf } from '../push/service.js';
import { describeUserAgent } from '../users/devices.js';
import { findUserById, normalizeEmail, toUser } from '../users/service.js';

/** A date as the file writes it (ISO 8601), or null. */
const iso = (value: Date | string | null | undefined): string | null =>
  value == null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();

export interface MemberExport {
  data: Record<string, unknown>;
  /** The photo's file, when the member has one we keep. */
  photo: { name: string; bytes: Buffer } | null;
}

/** Everything kept about `userId`; `currentSession` marks the session the request came with. */
export async function collectMemberData(
  db: Kysely<Database>,
  uploads: UploadStore,
  userId: string,
  now: Date,
  currentSessionHash?: string,
): Promise<MemberExport> {
  const row = await findUserById(db, userId);
  const email = normalizeEmail(row.email);
  const church = row.church
    ? await db.selectFrom('churches').select(['id', 'church_name']).where('id', '=', row.church).executeTakeFirst()
    : undefined;

  const updates = await db
    .selectFrom('prayer_updates')
    .select(['id', 'prayer_id', 'text', 'status', 'created_at', 'moderation_reason'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const [
    prayers,
    stories,
    comments,
    likes,
    prayed,
    reports,
    bookings,
    waitlist,
    gifts,
    subscriber,
    sessions,
    devices,
    confirmations,
    resets,
    activity,
    passkeys,
  ] = await Promise.all([
    db
      .selectFrom('prayers')
      .select([
        'id',
        'text',
        'status',
        'anonymous',
        'created_at',
        'answered_at',
        'answer_note',
        'moderation_reason',
        'summary_mail',
      ])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('stories')
      .select(['id', 'content', 'status', 'prayer_id', 'created_at', 'moderation_reason'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('comments')
      .select(['id', 'story_id', 'text', 'status', 'created_at', 'moderation_reason'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db.selectFrom('story_likes').select(['story_id', 'created_at']).where('user_id', '=', userId).orderBy('created_at').execute(),
    db
      .selectFrom('prayer_prayed')
      .select(['prayer_id', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('post_reports')
      .select(['id', 'kind', 'post_id', 'reason', 'created_at', 'resolved_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('bookings')
      .innerJoin('events', 'events.id', 'bookings.event_id')
      .select([
        'bookings.id',
        'bookings.event_id',
        'events.title as event_title',
        'events.event_date',
        'bookings.quantity',
        'bookings.unit_price',
        'bookings.status',
        'bookings.created_at',
        'bookings.paid_at',
        'bookings.refunded_at',
        'bookings.refund_reason',
        'bookings.member_cancelled_at',
        'bookings.checked_in_at',
      ])
      .where('bookings.user_id', '=', userId)
      .orderBy('bookings.created_at')
      .execute(),
    db
      .selectFrom('waitlist_entries')
      .innerJoin('events', 'events.id', 'waitlist_entries.event_id')
      .select([
        'waitlist_entries.id',
        'waitlist_entries.event_id',
        'events.title as event_title',
        'waitlist_entries.quantity',
        'waitlist_entries.status',
        'waitlist_entries.created_at',
        'waitlist_entries.offered_at',
        'waitlist_entries.closed_at',
      ])
      .where('waitlist_entries.user_id', '=', userId)
      .orderBy('waitlist_entries.created_at')
      .execute(),
    db
      .selectFrom('donations')
      .select([
        'id',
        'type',
        'frequency',
        'amount',
        'fee_covered',
        'currency',
        'status',
        'created_at',
        'subscription_cancelled_at',
      ])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('newsletter_subscribers')
      .select(['email', 'status', 'created_at', 'confirmed_at', 'unsubscribed_at'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .executeTakeFirst(),
    db
      .selectFrom('sessions')
      .select(['token_hash', 'persistent', 'created_at', 'expires_at', 'user_agent', 'last_seen_at'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .orderBy('created_at')
      .execute(),
    db.selectFrom('known_devices').select(['created_at', 'expires_at']).where('user_id', '=', userId).execute(),
    db
      .selectFrom('email_confirmations')
      .select(['email', 'purpose', 'created_at', 'used_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('password_resets')
      .select(['created_at', 'used_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('activity_log')
      .select(['at', 'actor_id', 'actor_name', 'action', 'subject_type', 'subject_id', 'summary'])
      .where((eb) =>
        eb.or([eb('actor_id', '=', userId), eb.and([eb('subject_type', '=', 'member'), eb('subject_id', '=', userId)])]),
      )
      .orderBy('seq')
      .execute(),
    db
      .selectFrom('passkeys')
      .select(['name', 'created_at', 'last_used_at', 'backed_up'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
  ]);

  const serving = await servingDataOf(db, userId);
  const notifications = await pushDataOf(db, userId);
  const [groups, groupRequests] = await Promise.all([
    db
      .selectFrom('group_members as gm')
      .innerJoin('groups as g', 'g.id', 'gm.group_id')
      .select(['g.id', 'g.name', 'gm.role', 'gm.share_email', 'gm.mail_off', 'gm.joined_at'])
      .where('gm.user_id', '=', userId)
      .orderBy('gm.joined_at')
      .execute(),
    db
      .selectFrom('group_requests as r')
      .innerJoin('groups as g', 'g.id', 'r.group_id')
      .select(['r.id', 'g.id as group_id', 'g.name', 'r.message', 'r.status', 'r.note', 'r.created_at', 'r.decided_at'])
      .where('r.user_id', '=', userId)
      .orderBy('r.created_at')
      .execute(),
  ]);

  const deliveries = subscriber
    ? await db
        .selectFrom('newsletter_deliveries')
        .innerJoin('newsletter_issues', 'newsletter_issues.id', 'newsletter_deliveries.issue_id')
        .select([
          'newsletter_issues.week',
          'newsletter_issues.subject',
          'newsletter_deliveries.status',
          'newsletter_deliveries.sent_at',
        ])
        .where((eb) => eb(eb.fn('lower', ['newsletter_deliveries.email']), '=', email))
        .orderBy('newsletter_issues.week')
        .execute()
    : [];

  const consent: { at: string | null; what: string }[] = [];
  if (subscriber) {
    consent.push({ at: iso(subscriber.created_at), what: 'asked to receive the newsletter' });
    if (subscriber.confirmed_at) consent.push({ at: iso(subscriber.confirmed_at), what: 'confirmed the address' });
    if (subscriber.unsubscribed_at) consent.push({ at: iso(subscriber.unsubscribed_at), what: 'unsubscribed' });
  }

  const photoName = /^\/media\/uploads\/([0-9a-f-]{36}\.webp)$/.exec(row.photo ?? '')?.[1];
  const stored = photoName ? await uploads.get(photoName) : null;
  const photo = stored && photoName ? { name: `photo${photoName.slice(photoName.lastIndexOf('.'))}`, bytes: stored.data } : null;

  const { church: churchId, seniority, source, ...profile } = toUser(row);
  const data = {
    exportedAt: now.toISOString(),
    about:
      'Everything this site keeps about you. Dates are in UTC (ISO 8601). Your photo, if you have one, is the file beside this one.',
    profile: {
      ...profile,
      createdAt: iso(row.created_at),
      emailVerifiedAt: iso(row.email_verified_at),
      disabledAt: iso(row.disabled_at),
      postingBlockedAt: iso(row.posting_blocked_at),
      prayerMailSentAt: iso(row.prayer_mail_sent_at),
      photoFile: photo?.name ?? null,
    },
    church: {
      church: church ? { _id: church.id, name: church.church_name } : churchId ? { _id: churchId, name: null } : null,
      seniority,
      source,
    },
    prayers: prayers.map((p) => ({
      _id: p.id,
      text: p.text,
      status: p.status,
      anonymous: p.anonymous,
      createdAt: iso(p.created_at),
      answeredAt: iso(p.answered_at),
      answerNote: p.answer_note,
      moderationReason: p.moderation_reason,
      weeklySummary: p.summary_mail,
      updates: updates
        .filter((u) => u.prayer_id === p.id)
        .map((u) => ({
          _id: u.id,
          text: u.text,
          status: u.status,
          createdAt: iso(u.created_at),
          moderationReason: u.moderation_reason,
        })),
    })),
    stories: stories.map((s) => ({
      _id: s.id,
      content: s.content,
      status: s.status,
      prayer: s.prayer_id,
      createdAt: iso(s.created_at),
      moderationReason: s.moderation_reason,
    })),
    comments: comments.map((c) => ({
      _id: c.id,
      story: c.story_id,
      text: c.text,
      status: c.status,
      createdAt: iso(c.created_at),
      moderationReason: c.moderation_reason,
    })),
    groups: groups.map((g) => ({
      group: { _id: g.id, name: g.name },
      role: g.role,
      sharesEmailWithLeaders: g.share_email,
      groupMails: !g.mail_off,
      joinedAt: iso(g.joined_at),
    })),
    groupRequests: groupRequests.map((r) => ({
      _id: r.id,
      group: { _id: r.group_id, name: r.name },
      message: r.message,
      status: r.status,
      leadersNote: r.note,
      createdAt: iso(r.created_at),
      decidedAt: iso(r.decided_at),
    })),
    likes: likes.map((l) => ({ story: l.story_id, at: iso(l.created_at) })),
    prayedFor: prayed.map((p) => ({ prayer: p.prayer_id, at: iso(p.created_at) })),
    reportsMade: reports.map((r) => ({
      _id: r.id,
      kind: r.kind,
      post: r.post_id,
      reason: r.reason,
      createdAt: iso(r.created_at),
      resolvedAt: iso(r.resolved_at),
    })),
    bookings: bookings.map((b) => ({
      _id: b.id,
      event: { _id: b.event_id, title: b.event_title, date: iso(b.event_date) },
      quantity: b.quantity,
      unitPrice: Number(b.unit_price),
      status: b.status,
      createdAt: iso(b.created_at),
      paidAt: iso(b.paid_at),
      refundedAt: iso(b.refunded_at),
      refundReason: b.refund_reason,
      cancelledByYouAt: iso(b.member_cancelled_at),
      checkedInAt: iso(b.checked_in_at),
    })),
    waitlist: waitlist.map((w) => ({
      _id: w.id,
      event: { _id: w.event_id, title: w.event_title },
      quantity: w.quantity,
      status: w.status,
      createdAt: iso(w.created_at),
      offeredAt: iso(w.offered_at),
      closedAt: iso(w.closed_at),
    })),
    gifts: gifts.map((g) => ({
      _id: g.id,
      type: g.type,
      frequency: g.frequency,
      amount: g.amount === null ? null : Number(g.amount),
      feeCovered: g.fee_covered === null ? null : Number(g.fee_covered),
      currency: g.currency,
      status: g.status,
      createdAt: iso(g.created_at),
      recurringStoppedAt: iso(g.subscription_cancelled_at),
    })),
    recurringGifts: gifts
      .filter((g) => g.frequency !== 'once')
      .map((g) => ({
        _id: g.id,
        frequency: g.frequency,
        amount: g.amount === null ? null : Number(g.amount),
        stoppedAt: iso(g.subscription_cancelled_at),
      })),
    newsletter: {
      subscription: subscriber
        ? {
            email: subscriber.email,
            status: subscriber.status,
            createdAt: iso(subscriber.created_at),
            confirmedAt: iso(subscriber.confirmed_at),
            unsubscribedAt: iso(subscriber.unsubscribed_at),
          }
        : null,
      consentHistory: consent,
      issuesSent: deliveries.map((d) => ({ week: d.week, subject: d.subject, status: d.status, sentAt: iso(d.sent_at) })),
    },
    serving,
    notifications,
    sessions: sessions.map((s) => ({
      ...describeUserAgent(s.user_agent),
      createdAt: iso(s.created_at),
      lastSeenAt: iso(s.last_seen_at),
      expiresAt: iso(s.expires_at),
      keptAfterTheBrowserCloses: s.persistent,
      thisDevice: s.token_hash === currentSessionHash,
    })),
    trustedDevices: devices.map((d) => ({ createdAt: iso(d.created_at), expiresAt: iso(d.expires_at) })),
    passkeys: passkeys.map((p) => ({
      name: p.name,
      createdAt: iso(p.created_at),
      lastUsedAt: iso(p.last_used_at),
      syncedAcrossDevices: p.backed_up,
    })),
    emailConfirmations: confirmations.map((c) => ({
      email: c.email,
      purpose: c.purpose,
      createdAt: iso(c.created_at),
      usedAt: iso(c.used_at),
    })),
    passwordResets: resets.map((r) => ({ createdAt: iso(r.created_at), usedAt: iso(r.used_at) })),
    activity: activity.map((a) => ({
      at: iso(a.at),
      by: a.actor_id === userId ? 'you' : a.actor_name,
      action: a.action,
      subject: { type: a.subject_type, _id: a.subject_id },
      summary: a.summary,
    })),
  };
  return { data, photo };
}

/** The ZIP: data.json, and the photo's file. */
export function zipMemberData({ data, photo }: MemberExport): Uint8Array {
  const files: Zippable = { 'data.json': strToU8(`${JSON.stringify(data, null, 2)}\n`) };
  // A WebP is compressed already: stored as it is.
  if (photo) files[photo.name] = [new Uint8Array(photo.bytes), { level: 0 }];
  return zipSync(files, { level: 6 });
}
