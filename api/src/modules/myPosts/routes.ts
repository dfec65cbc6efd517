import type { FastifyInstance } from 'fastify';
import type { PostKind } from '@ministry/shared/types';
import { PostEditAnswerContract, PostEditBody, PostingStoppedContract } from '@ministry/shared/contracts';
import { commentSchema, prayerSchema, storySchema } from '@ministry/shared/validation';
import { conflict, notFound } from '../../lib/errors.js';
import { idParam } from '../../lib/ids.js';
import { checkedBody } from '../../lib/validate.js';
import { requireUser } from '../../plugins/session.js';
import { answerSchema, envelope, errors, myPostSchema, okAnswer } from '../../schemas/entities.js';
import { assertMayPost, readPost } from '../community/posting.js';
import { deleteOwn, editOwn, listMyPosts, POST_KINDS, postingStopped, postOwner } from './service.js';
import { writesChange } from '../../plugins/dataChanges.js';

const postParams = {
  type: 'object',
  required: ['kind', 'id'],
  properties: { kind: { type: 'string', enum: [...POST_KINDS] }, id: idParam },
} as const;
const editAnswer = envelope(answerSchema(PostEditAnswerContract));

/** The rules a post's new words follow: the same as when it was posted. */
const rules = { prayers: prayerSchema, stories: storySchema, comments: commentSchema.pick(['text']) } as const;

/**
 * GET /api/community/mine: the signed-in member's prayers, stories and comments, every state.
 * GET /api/community/mine/posting: `{ stopped }`, whether a moderator stopped the member from posting
 * (the post forms say so before the member types).
 * PUT /api/community/mine/{kind}/{id} (`{ text }`): new words while the post waits for review, or for
 * one a moderator did not publish, which goes back to review (as a new post would: a member stopped
 * from posting, or with too many posts waiting, is refused).
 * DELETE /api/community/mine/{kind}/{id}: deletes the member's own post, whatever its state.
 */
export async function myPostRoutes(app: FastifyInstance): Promise<void> {
  // A member's own post, changed or deleted.
  writesChange(app, ['prayers', 'stories']);
  app.get(
    '',
    { schema: { response: { 200: envelope({ type: 'array', items: myPostSchema }), ...errors(401) } } },
    async (request) => {
      const me = requireUser(request);
      return { data: await listMyPosts(app.db, me.id) };
    },
  );

  app.get(
    '/posting',
    {
      schema: { response: { 200: envelope(answerSchema(PostingStoppedContract)), ...errors(401) } },
    },
    async (request) => {
      const me = requireUser(request);
      return { data: { stopped: await postingStopped(app.db, me.id) } };
    },
  );

  app.put<{ Params: { kind: PostKind; id: string } }>(
    '/:kind/:id',
    {
      ...checkedBody,
      schema: { params: postParams, body: PostEditBody, response: { 200: editAnswer, ...errors(400, 401, 403, 404, 409, 429) } },
    },
    async (request) => {
      const me = requireUser(request);
      const { kind, id } = request.params;
      const post = await postOwner(app.db, kind, id);
      if (!post || post.user_id !== me.id) throw notFound('That post');
      const field = kind === 'stories' ? 'content' : 'text';
      const input = await readPost(request, rules[kind] as typeof prayerSchema, field as 'text', 'text');
      const text = String((input as Record<string, unknown>)[field]);
      // Sent again after a rejection, it is a new request for review: the posting rules apply.
      if (post.status === 'rejected') await assertMayPost(app, me);
      const status = await editOwn(app.db, kind, id, me.id, text);
      if (!status) throw conflict('This post is on the site already: it can no longer be changed, only deleted.');
      return { data: { ok: true, status } };
    },
  );

  app.delete<{ Params: { kind: PostKind; id: string } }>(
    '/:kind/:id',
    { schema: { params: postParams, response: { 200: okAnswer, ...errors(400, 401, 404) } } },
    async (request) => {
      const me = requireUser(request);
      const { kind, id } = request.params;
      if (!(await deleteOwn(app.db, kind, id, me.id))) throw notFound('That post');
      return { data: { ok: true } };
    },
  );
}
