/**
 * "Delete my account". What goes and what stays:
 * - sessions, trusted devices, passkeys, sign-in codes, reset and confirmation links end;
 * - the photo's file is deleted;
 * - prayers, stories and comments are deleted, or kept with no name on them
 *   ("former member"; prayers anonymous), as the member chooses;
 * - likes and "I prayed" marks are removed; places on waiting lists given up;
 * - future tickets are cancelled and refunded while the event's policy allows
 *   it (see cancelPaidBooking); recurring gifts are stopped;
 * - gifts stay for the church's records and the statements the law needs, on
 *   the emptied account (the staff's list shows "Former member");
 * - the newsletter subscription ends; notifications stop (browsers and topics forgotten).
 * The account's row is kept, emptied of everything personal and with an
 * address that is no one's, so the same address can sign up again later as
 * a new member. The last admin who can sign in cannot delete their account.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { HttpError } from '../../lib/errors.js';
import { cancelPaidBooking } from '../seats/bookings.js';
import { createFulfilment } from '../payments/fulfilment.js';
import { createPaymentProvider, providerFor } from '../payments/provider.js';
import { markRecurringCancelled } from '../payments/gifts.js';
import { eraseServing } from '../serving/service.js';
import type { Mailer } from '../../lib/mailer.js';
import { removePhoto } from '../users/photos.js';
import { findUserById, normalizeEmail } from '../users/service.js';
import { removeFromAllGroups } from '../groups/service.js';
import { erasePush } from '../push/service.js';

export type PostsChoice = 'delete' | 'anonymous';

/** The name a deleted account's kept posts and gifts show. */
export const FORMER_MEMBER = { firstname: 'Former', lastname: 'member' } as const;

export const LAST_ADMIN_DELETION =
  'You are the only admin who can sign in: make another member an admin before you delete your account.';

/** The address an emptied account keeps: no one's, never deliverable (.invalid), unique. */
const nobodysAddress = (userId: string) => `deleted-${userId}@deleted.invalid`;

async function assertNotLastAdmin(db: Kysely<Database> | Transaction<Database>, userId: string): Promise<void> {
  const me = await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
  if (me?.role !== 'admin') return;
  const others = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('disabled_at', 'is', null)
    .where('deleted_at', 'is', null)
    .where('id', '<>', userId)
    .execute();
  if (others.length === 0) throw new HttpError(409, 'last_admin', LAST_ADMIN_DELETION);
}

/**
 * What must happen through the payment service first (refunds, stopping
 * recurring gifts): done before anything is erased, so a service out of
 * reach leaves the account as it was (502, try again).
 */
async function settlePayments(
  app: FastifyInstance,
  mailer: Mailer,
  userId: string,
  now: Date,
): Promise<{ refunded: number; kept: number }> {
  const provider = createPaymentProvider(app.config);
  // Recurring gifts: each subscription stopped once.
  const recurring = await app.db
    .selectFrom('donations')
    .select(['provider', 'subscription_ref'])
    .distinct()
    .where('user_id', '=', userId)
    .where('frequency', '<>', 'once')
    .where('subscription_ref', 'is not', null)
    .where('subscription_cancelled_at', 'is', null)
    .execute();
  for (const gift of recurring) {
    const through = providerFor(provider, gift.provider);
    try {
      if (!through) throw new Error(`no ${gift.provider} provider`);
      await through.cancelSubscription(gift.subscription_ref!);
    } catch (error) {
      app.log.error({ err: error }, 'could not stop a recurring gift of an account being deleted');
      throw new HttpError(
        502,
        'payment_unavailable',
        'We could not reach the payment service to stop your recurring gift, so nothing was deleted. Please try again in a moment.',
      );
    }
    await markRecurringCancelled(app.db, gift.provider, gift.subscription_ref!);
  }
  // Future tickets: cancelled and refunded as the event's policy allows (up to CANCEL_HOURS_BEFORE the event).
  const fulfilment = createFulfilment(app, provider, mailer);
  const future = await app.db
    .selectFrom('bookings')
    .innerJoin('events', 'events.id', 'bookings.event_id')
    .select('bookings.id')
    .where('bookings.user_id', '=', userId)
    .where('bookings.status', '=', 'paid')
    .where('events.event_date', '>', now)
    .execute();
  let refunded = 0;
  let kept = 0;
  for (const { id } of future) {
    const result = await cancelPaidBooking(app.db, { bookingId: id, userId, hoursBefore: app.config.cancelHoursBefore, now });
    if (result.outcome === 'cancelled') {
      refunded += 1;
      await fulfilment.memberCancelled(id);
    } else kept += 1;
  }
  return { refunded, kept };
}

/** Everything else, in one transaction. */
async function erase(db: Kysely<Database>, userId: string, email: string, posts: PostsChoice, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    await assertNotLastAdmin(trx, userId);
    for (const table of [
      'sessions',
      'known_devices',
      'passkeys',
      'passkey_challenges',
      'sign_in_codes',
      'password_resets',
      'email_confirmations',
    ] as const)
      await trx.deleteFrom(table).where('user_id', '=', userId).execute();
    await trx.deleteFrom('story_likes').where('user_id', '=', userId).execute();
    await eraseServing(trx, userId);
    await erasePush(trx, userId);
    await trx.deleteFrom('prayer_prayed').where('user_id', '=', userId).execute();
    await removeFromAllGroups(trx, userId);
    await trx
      .updateTable('waitlist_entries')
      .set({ status: 'left', closed_at: now })
      .where('user_id', '=', userId)
      .where('status', 'in', ['waiting', 'offered'])
      .execute();
    if (posts === 'delete') {
      const stories = trx.selectFrom('stories').select('id').where('user_id', '=', userId);
      const prayers = trx.selectFrom('prayers').select('id').where('user_id', '=', userId);
      const comments = trx.selectFrom('comments').select('id').where('user_id', '=', userId);
      await trx
        .deleteFrom('post_reports')
        .where((eb) =>
          eb.or([
            eb.and([eb('kind', '=', 'prayers'), eb('post_id', 'in', prayers)]),
            eb.and([eb('kind', '=', 'stories'), eb('post_id', 'in', stories)]),
            eb.and([eb('kind', '=', 'comments'), eb('post_id', 'in', comments)]),
            eb.and([
              eb('kind', '=', 'comments'),
              eb('post_id', 'in', trx.selectFrom('comments').select('id').where('story_id', 'in', stories)),
            ]),
          ]),
        )
        .execute();
      await trx.deleteFrom('story_likes').where('story_id', 'in', stories).execute();
      await trx
        .deleteFrom('comments')
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('story_id', 'in', stories)]))
        .execute();
      await trx.deleteFrom('stories').where('user_id', '=', userId).execute();
      await trx.updateTable('stories').set({ prayer_id: null }).where('prayer_id', 'in', prayers).execute();
      await trx.deleteFrom('prayer_prayed').where('prayer_id', 'in', prayers).execute();
      await trx.deleteFrom('prayers').where('user_id', '=', userId).execute();
    } else {
      await trx.updateTable('prayers').set({ anonymous: true }).where('user_id', '=', userId).execute();
    }
    await trx
      .deleteFrom('newsletter_deliveries')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .execute();
    await trx
      .deleteFrom('newsletter_subscribers')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .execute();
    await trx
      .updateTable('users')
      .set({
        ...FORMER_MEMBER,
        email: nobodysAddress(userId),
        // No password opens it: not even a hash of one.
        password_hash: `deleted$${randomBytes(16).toString('hex')}`,
        photo: null,
        birth_date: null,
        gender: null,
        civil_status: null,
        country_of_origin: null,
        country: null,
        city: null,
        church: null,
        seniority: null,
        source: null,
        email_verified_at: null,
        prayer_mail_off: true,
        prayer_mail_sent_at: null,
        prayer_mail_token: null,
        disabled_at: now,
        deleted_at: now,
      })
      .where('id', '=', userId)
      .execute();
  });
}

/**
 * Deletes the account of `userId` (its owner proved it is them already).
 * Answers what the confirmation mail needs: where to, and what happened to
 * the tickets.
 */
export async function deleteAccount(
  app: FastifyInstance,
  mailer: Mailer,
  userId: string,
  posts: PostsChoice,
): Promise<{ email: string; firstname: string; refunded: number; kept: number }> {
  const now = app.clock.now();
  const row = await findUserById(app.db, userId);
  if (row.deleted_at) throw new HttpError(404, 'not_found', 'That account is already deleted.');
  await assertNotLastAdmin(app.db, userId);
  const tickets = await settlePayments(app, mailer, userId, now);
  await erase(app.db, userId, normalizeEmail(row.email), posts, now);
  await removePhoto(app.uploads, row.photo).catch((error: unknown) =>
    app.log.error({ err: error }, 'could not remove the photo of a deleted account'),
  );
  return { email: row.email, firstname: row.firstname, ...tickets };
}
