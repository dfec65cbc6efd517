/**
 * What every community post (prayer, story, comment) goes through on the
 * server: the shared yup rules, then plain-text sanitizing, then the status
 * it is saved with.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AnyObjectSchema, InferType } from 'yup';
import { isStaff } from '@ministry/shared/config';
import { countOf, formatDuration } from '@ministry/shared/format';
import { messages } from '@ministry/shared/validation';
import type { SessionUser } from '../../lib/sessionUser.js';
import { LIMITS } from '../../config.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { sanitizePlainText } from '../../lib/sanitize.js';
import { readBody } from '../../lib/validate.js';
import { requireVerified } from '../../plugins/session.js';
import type { PostStatus } from './visibility.js';

/**
 * Reads a post's body (`readBody`: its form `rules`, then its schema) and
 * sanitizes its text `field`. Text that is nothing but markup is as empty as
 * no text: a 400 under the field. `sentAs`: the name the field is sent under
 * when it is not `field` (an edit sends a story's content as `text`).
 */
export async function readPost<S extends AnyObjectSchema, F extends keyof InferType<S> & string>(
  request: FastifyRequest,
  rules: S,
  field: F,
  sentAs: string = field,
): Promise<InferType<S>> {
  const input = await readBody(request, rules, sentAs === field ? undefined : (body) => ({ [field]: body[sentAs] }));
  const clean = sanitizePlainText(String(input[field] ?? ''));
  if (!clean) throw badRequest(messages.postEmpty, { [field]: messages.postEmpty });
  return { ...input, [field]: clean };
}

/**
 * Posts (prayers, stories, comments together) one member may write in an hour
 * by default (LIMIT_POSTS_PER_ACCOUNT), and have waiting for review at once.
 */
export const POSTING_LIMITS = { perHour: LIMITS.postsPerAccount.max, waiting: 10 };

/**
 * Before a member posts: a confirmed e-mail address, at most POSTING_LIMITS.perHour posts an hour and
 * POSTING_LIMITS.waiting waiting for review, so nobody buries the moderation
 * queue or the walls. The staff (editors and admins) are not limited.
 */
export async function assertMayPost(app: FastifyInstance, author: SessionUser): Promise<void> {
  if (isStaff(author.role)) return;
  requireVerified(author);
  const member = await app.db.selectFrom('users').select('posting_blocked_at').where('id', '=', author.id).executeTakeFirst();
  if (member?.posting_blocked_at) {
    throw new HttpError(
      403,
      'posting_stopped',
      'A moderator has stopped this account from posting. Please contact the church if you think this is a mistake.',
    );
  }
  const { max: perWindow, windowMs } = app.config.limits.postsPerAccount;
  const since = new Date(app.clock.now().getTime() - windowMs);
  const counts = await Promise.all(
    (['prayers', 'stories', 'comments', 'prayer_updates'] as const).map((table) =>
      app.db
        .selectFrom(table)
        .select((eb) => [
          eb.fn.count<string | number>(eb.case().when('created_at', '>', since).then(1).end()).as('recent'),
          // Posts sent back for review by a report are not the author's doing: they do not count.
          eb.fn
            .count<string | number>(
              eb
                .case()
                .when(
                  eb.and([
                    eb('status', '=', 'pending'),
                    eb.not(
                      eb.exists(
                        eb
                          .selectFrom('post_reports as r')
                          .select('r.id')
                          // Prayer updates are never reported: no report matches them.
                          .where('r.kind', '=', table as 'prayers')
                          .whereRef('r.post_id', '=', `${table}.id`),
                      ),
                    ),
                  ]),
                )
                .then(1)
                .end(),
            )
            .as('waiting'),
        ])
        .where('user_id', '=', author.id)
        .where((eb) => eb.or([eb('created_at', '>', since), eb('status', '=', 'pending')]))
        .executeTakeFirstOrThrow(),
    ),
  );
  const recent = counts.reduce((sum, c) => sum + Number(c.recent), 0);
  const waiting = counts.reduce((sum, c) => sum + Number(c.waiting), 0);
  if (app.config.moderation && waiting >= POSTING_LIMITS.waiting) {
    throw new HttpError(
      429,
      'too_many_waiting',
      `You have ${countOf(waiting, 'post', 'posts')} waiting for review. Please wait until they are reviewed before posting more.`,
    );
  }
  if (recent >= perWindow) {
    throw new HttpError(
      429,
      'too_many_posts',
      `You have posted ${countOf(perWindow, 'time', 'times')} in the last ${windowMs === 3_600_000 ? 'hour' : formatDuration(windowMs)}. Please wait a while before posting again.`,
    );
  }
}

/** New posts wait for the moderators unless moderation is off; the staff's own posts need no review. */
export function newPostStatus(app: FastifyInstance, author: SessionUser): PostStatus {
  return !app.config.moderation || isStaff(author.role) ? 'published' : 'pending';
}
