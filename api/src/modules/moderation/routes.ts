import type { FastifyInstance } from 'fastify';
import { siteIdentity } from '@ministry/shared/config';
import {
  ModerationDecisionContract,
  PendingPrayerUpdatesContract,
  PostingStoppedContract,
  PrayerUpdateDecisionContract,
  RejectedPendingContract,
} from '@ministry/shared/contracts';
import type { PendingPrayerUpdates, PostingStopped } from '@ministry/shared/types';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import { greeting } from '../../lib/mailer.js';
import { sanitizePlainText } from '../../lib/sanitize.js';
import { idParam } from '../../lib/ids.js';
import { requireRole, staffOnly } from '../../plugins/session.js';
import { answerSchema, envelope, errors, queuedPostSchema } from '../../schemas/entities.js';
import { recordActivity } from '../activity/service.js';
import { pendingUpdates } from '../prayers/updates.js';
import {
  excerptOf,
  KIND_NAMES,
  listPending,
  memberName,
  POST_KINDS,
  rejectPendingOf,
  setPostingStopped,
  setPostStatus,
  versionOf,
  type PostKind,
} from './service.js';
import { writesChange } from '../../plugins/dataChanges.js';

const pendingList = { type: 'array', items: queuedPostSchema } as const;
const kindCounts = {
  type: 'object',
  properties: { prayers: { type: 'integer' }, stories: { type: 'integer' }, comments: { type: 'integer' } },
} as const;
const pendingQuery = {
  type: 'object',
  properties: {
    kind: { type: 'string', enum: [...POST_KINDS] },
    afterDate: { type: 'string', format: 'date-time' },
    afterId: idParam,
  },
  dependencies: { afterDate: ['kind', 'afterId'], afterId: ['kind', 'afterDate'] },
  additionalProperties: false,
} as const;

const ACTIONS = { publish: 'published', reject: 'rejected' } as const;
const REASON_MAX = 300;

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Moderation for the staff (editors and admins): GET /api/moderation/pending
 * lists what waits for review (the oldest PAGE_SIZE of each kind and the totals;
 * ?kind=…&afterDate=…&afterId=… the next page of one kind);
 * GET /api/moderation/pending also lists published posts that members
 * reported (`status` published, their `reports`), which stay up until the
 * staff decide unless several members in good standing reported them;
 * POST /api/moderation/{kind}/{id}/publish|reject decides one post (reject
 * also hides a published one; `{ reason }` is mailed to the author and
 * shown in their "My posts"; publish names the `version` listed, and a
 * post changed since is refused with 409); its open reports are then dealt with;
 * POST /api/moderation/members/{userId}/posting (`{ stopped }`) stops a
 * member from posting, or lets them again;
 * POST /api/moderation/members/{userId}/reject-pending rejects everything
 * one member has waiting (a flood).
 * GET /api/moderation/prayer-updates and POST /api/moderation/prayer-updates/{id}/publish|reject:
 * the same for requesters' updates under their prayer requests.
 * Signed out: 401; a member: 403, before the request is even validated.
 * Every decision is recorded in the activity log.
 */
export async function moderationRoutes(app: FastifyInstance): Promise<void> {
  // A moderator's decision puts a post on the wall or the stories, or takes it off.
  writesChange(app, ['prayers', 'stories']);
  const mailer = app.mailer;
  const staff = staffOnly('editor');

  app.get<{ Querystring: { kind?: PostKind; afterDate?: string; afterId?: string } }>(
    '/pending',
    {
      onRequest: staff,
      schema: {
        querystring: pendingQuery,
        response: {
          200: envelope({
            type: 'object',
            properties: { prayers: pendingList, stories: pendingList, comments: pendingList, totals: kindCounts },
          }),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => {
      const { kind, afterDate, afterId } = request.query;
      return {
        data: await listPending(app.db, { kind, after: afterDate && afterId ? { date: afterDate, id: afterId } : undefined }),
      };
    },
  );

  app.post<{ Params: { userId: string } }>(
    '/members/:userId/reject-pending',
    {
      onRequest: staff,
      schema: {
        params: { type: 'object', required: ['userId'], properties: { userId: idParam } },
        response: { 200: envelope(answerSchema(RejectedPendingContract)), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const moderator = requireRole(request, 'editor');
      const name = await memberName(app.db, request.params.userId);
      if (name === undefined) throw notFound('That member');
      const rejected = await rejectPendingOf(app.db, request.params.userId);
      await app.db
        .updateTable('prayer_updates')
        .set({ status: 'rejected' })
        .where('user_id', '=', request.params.userId)
        .where('status', '=', 'pending')
        .execute();
      const count = rejected.prayers + rejected.stories + rejected.comments;
      await recordActivity(app.db, moderator, {
        action: 'rejected',
        subjectType: 'member',
        subjectId: request.params.userId,
        summary: `${count} waiting ${count === 1 ? 'post' : 'posts'} by ${name} rejected at once`,
      });
      return { data: { rejected } };
    },
  );

  app.post<{ Params: { userId: string }; Body: PostingStopped }>(
    '/members/:userId/posting',
    {
      onRequest: staff,
      schema: {
        params: { type: 'object', required: ['userId'], properties: { userId: idParam } },
        body: {
          type: 'object',
          required: ['stopped'],
          properties: { stopped: { type: 'boolean' } },
          additionalProperties: false,
        },
        response: { 200: envelope(answerSchema(PostingStoppedContract)), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const moderator = requireRole(request, 'editor');
      const { userId } = request.params;
      const { stopped } = request.body;
      if (!(await setPostingStopped(app.db, userId, stopped))) throw notFound('That member');
      const name = (await memberName(app.db, userId)) ?? 'A member';
      await recordActivity(app.db, moderator, {
        action: stopped ? 'stopped from posting' : 'allowed to post',
        subjectType: 'member',
        subjectId: userId,
        summary: stopped ? `${name} stopped from posting` : `${name} may post again`,
      });
      return { data: { stopped } };
    },
  );

  app.post<{
    Params: { kind: PostKind; id: string; action: keyof typeof ACTIONS };
    Body: { reason?: string; version?: string } | undefined;
  }>(
    '/:kind/:id/:action',
    {
      onRequest: staff,
      schema: {
        params: {
          type: 'object',
          required: ['kind', 'id', 'action'],
          properties: {
            kind: { type: 'string', enum: [...POST_KINDS] },
            id: idParam,
            action: { type: 'string', enum: Object.keys(ACTIONS) },
          },
        },
        body: {
          type: ['object', 'null'],
          properties: { reason: { type: 'string', maxLength: REASON_MAX }, version: { type: 'string', maxLength: 64 } },
        },
        response: {
          200: envelope(answerSchema(ModerationDecisionContract)),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const moderator = requireRole(request, 'editor');
      const { kind, id, action } = request.params;
      const status = ACTIONS[action];
      const reason = sanitizePlainText(request.body?.reason ?? '') || null;
      const version = request.body?.version;
      // A post is published as the moderator saw it: the publish names the words it approves.
      if (status === 'published' && !version) {
        if (!(await app.db.selectFrom(kind).select('id').where('id', '=', id).executeTakeFirst())) throw notFound('That post');
        throw badRequest('Open the post in the moderation queue again, then publish it.', { version: 'Required' });
      }
      const decision = await setPostStatus(app.db, kind, id, status, { reason, version, now: app.clock.now() });
      if (decision.outcome === 'not_found') throw notFound('That post');
      if (decision.outcome === 'changed') {
        throw new HttpError(
          409,
          'post_changed',
          `This ${KIND_NAMES[kind]} was changed after you opened it. Read it again before you publish it.`,
        );
      }
      const post = decision;
      const author = (await memberName(app.db, post.userId)) ?? 'a member';
      await recordActivity(app.db, moderator, {
        action: status,
        subjectType: KIND_NAMES[kind],
        subjectId: id,
        summary: `${capital(KIND_NAMES[kind])} by ${author} ${post.wasPublished && status === 'rejected' ? 'hidden' : status}: "${excerptOf(post.text)}"${
          reason ? ` (reason: ${excerptOf(reason, 120)})` : ''
        }`,
      });
      if (status === 'rejected') {
        app.afterReply.run('tell the author', async () => {
          const author = await app.db
            .selectFrom('users')
            .select(['email', 'firstname'])
            .where('id', '=', post.userId)
            .executeTakeFirst();
          if (!author) return;
          const excerpt = post.text.length > 120 ? `${post.text.slice(0, 117)}…` : post.text;
          await mailer.send({
            to: author.email,
            subject: `Your ${KIND_NAMES[kind]} is not on the site`,
            text: `${greeting(author.firstname)}\n\nA moderator at ${siteIdentity.ministryName} did not publish your ${KIND_NAMES[kind]}:\n\n"${excerpt}"\n\n${
              reason ? `The reason given: ${reason}\n\n` : ''
            }You can correct it and send it again for review, or delete it, in "My posts".\n\nOpen My posts: ${app.config.publicUrl}/community/my-posts\n`,
          });
        });
      }
      return { data: { _id: id, kind, status } };
    },
  );

  app.get(
    '/prayer-updates',
    {
      onRequest: staff,
      schema: {
        response: {
          200: envelope(answerSchema(PendingPrayerUpdatesContract)),
          ...errors(401, 403),
        },
      },
    },
    async () => {
      const { total, updates } = await pendingUpdates(app.db);
      const data: PendingPrayerUpdates = { total, updates: updates.map((u) => ({ ...u, version: versionOf(u.text) })) };
      return { data };
    },
  );

  app.post<{ Params: { id: string; action: keyof typeof ACTIONS }; Body: { reason?: string; version?: string } | undefined }>(
    '/prayer-updates/:id/:action',
    {
      onRequest: staff,
      schema: {
        params: {
          type: 'object',
          required: ['id', 'action'],
          properties: { id: idParam, action: { type: 'string', enum: Object.keys(ACTIONS) } },
        },
        body: {
          type: ['object', 'null'],
          properties: { reason: { type: 'string', maxLength: REASON_MAX }, version: { type: 'string', maxLength: 64 } },
        },
        response: {
          200: envelope(answerSchema(PrayerUpdateDecisionContract)),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const moderator = requireRole(request, 'editor');
      const { id, action } = request.params;
      const status = ACTIONS[action];
      const reason = sanitizePlainText(request.body?.reason ?? '') || null;
      const version = request.body?.version;
      if (status === 'published' && !version) throw badRequest('Open the update in the moderation queue again, then publish it.');
      const decision = await setPostStatus(app.db, 'prayer_updates', id, status, { reason, version, now: app.clock.now() });
      if (decision.outcome === 'not_found') throw notFound('That update');
      if (decision.outcome === 'changed') {
        throw new HttpError(
          409,
          'post_changed',
          'This update was changed after you opened it. Read it again before you publish it.',
        );
      }
      const author = (await memberName(app.db, decision.userId)) ?? 'a member';
      await recordActivity(app.db, moderator, {
        action: status,
        subjectType: 'prayer update',
        subjectId: id,
        summary: `Prayer update by ${author} ${status}: "${excerptOf(decision.text)}"${reason ? ` (reason: ${excerptOf(reason, 120)})` : ''}`,
      });
      return { data: { _id: id, status } };
    },
  );
}
