import type { FastifyInstance, FastifyRequest } from 'fastify';
import { storySchema as storyRules } from '@ministry/shared/validation';
import { notFound } from '../../lib/errors.js';
import { idParam } from '../../lib/ids.js';
import { requireSelf, requireUser } from '../../plugins/session.js';
import { envelope, errors, listOf, storySchema } from '../../schemas/entities.js';
import { assertMayPost, newPostStatus, readPost } from '../community/posting.js';
import { createStory, isPublishedStory, listStories, setLike } from './service.js';

/** The best-stories area shows a 3-column grid: two full rows. */
export const TOP_STORIES = 6;

const idPath = (name: string) => ({ type: 'object', required: [name], properties: { [name]: idParam } }) as const;

/**
 * GET /api/story/ (published stories, newest first, plus the viewer's own
 * awaiting review) and GET /api/story/top (most liked, published only): bare lists.
 * POST /api/story/add/{id}: a member shares a story; `{id}` must be the session's user.
 * POST /api/story/like/{storyId}: likes or unlikes; the answer is the number to add to the count.
 */
export async function storyRoutes(app: FastifyInstance): Promise<void> {
  const options = { schema: { response: { 200: listOf(storySchema) } } };
  const viewer = (request: FastifyRequest) => request.sessionUser?.id ?? null;

  app.get('/api/story/', options, async (request) => listStories(app.db, { viewerId: viewer(request) }));
  app.get('/api/story', options, async (request) => listStories(app.db, { viewerId: viewer(request) }));
  app.get('/api/story/top', options, async (request) =>
    listStories(app.db, { viewerId: viewer(request), orderBy: 'likes', limit: TOP_STORIES, publishedOnly: true }),
  );

  app.post<{ Params: { id: string } }>(
    '/api/story/add/:id',
    { schema: { params: idPath('id'), body: { type: 'object' }, response: { 201: envelope(storySchema), ...errors(400, 401, 403, 429) } } },
    async (request, reply) => {
      const me = requireSelf(request, request.params.id);
      await assertMayPost(app, me);
      const { content } = await readPost(storyRules, request.body, 'content');
      const story = await createStory(app.db, { userId: me.id, content, status: newPostStatus(app, me) });
      return reply.status(201).send({ data: story });
    },
  );

  // Spec section 7 reads GET; a like changes state, so it is a POST (docs/spec-deviations.md).
  // Without a body it toggles; `{ "liked": true | false }` asks for a state, so a repeated
  // request (a double click, a retry) cannot undo itself.
  app.post<{ Params: { storyId: string }; Body: { liked?: boolean } | undefined }>(
    '/api/story/like/:storyId',
    {
      schema: {
        params: idPath('storyId'),
        body: { type: ['object', 'null'], properties: { liked: { type: 'boolean' } }, additionalProperties: false },
        response: { 200: { type: 'integer', enum: [-1, 0, 1] }, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const { storyId } = request.params;
      if (!(await isPublishedStory(app.db, storyId))) throw notFound('That story');
      return setLike(app.db, storyId, me.id, request.body?.liked);
    },
  );
}
