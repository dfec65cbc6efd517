import type { FastifyInstance } from 'fastify';
import { CommentBody } from '@ministry/shared/contracts';
import { commentSchema as commentRules } from '@ministry/shared/validation';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { checkedBody } from '../../lib/validate.js';
import { requireSelf, requireUser } from '../../plugins/session.js';
import { commentSchema, envelope, errors } from '../../schemas/entities.js';
import { assertMayPost, newPostStatus, readPost } from '../community/posting.js';
import { isPublishedStory } from '../stories/service.js';
import { createComment } from './service.js';
import { writesChange } from '../../plugins/dataChanges.js';

/**
 * POST /api/comments/add {text, story, user}: a member comments on a
 * published story. The author is the session's user; a `user` in the body
 * that is someone else is a 403.
 */
export async function commentRoutes(app: FastifyInstance): Promise<void> {
  // A comment shows under its story and counts on the wall.
  writesChange(app, ['prayers', 'stories']);
  app.post(
    '/add',
    {
      ...checkedBody,
      schema: { body: CommentBody, response: { 201: envelope(commentSchema), ...errors(400, 401, 403, 404, 429) } },
    },
    async (request, reply) => {
      const body = (request.body ?? {}) as { user?: unknown };
      const me = body.user === undefined || body.user === null ? requireUser(request) : requireSelf(request, String(body.user));
      await assertMayPost(app, me);
      const { text, story } = await readPost(request, commentRules, 'text');
      if (!isUuid(story) || !(await isPublishedStory(app.db, story))) throw notFound('That story');
      const comment = await createComment(app.db, { storyId: story, userId: me.id, text, status: newPostStatus(app, me) });
      return reply.status(201).send({ data: comment });
    },
  );
}
