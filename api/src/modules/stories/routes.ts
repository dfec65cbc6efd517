import type { FastifyInstance, FastifyRequest } from 'fastify';
import { byAccount, limitedBy, REACTIONS_USED } from '../../lib/limits.js';
import { StoryBody } from '@ministry/shared/contracts';
import { storySchema as storyRules } from '@ministry/shared/validation';
import { badRequest, notFound } from '../../lib/errors.js';
import { idParam } from '../../lib/ids.js';
import { checkedBody } from '../../lib/validate.js';
import { requireSelf, requireUser } from '../../plugins/session.js';
import { LIMIT_PARAM, PAGE_PARAM } from '../../lib/paging.js';
import { envelope, errors, listOf, pagingSchema, storySchema } from '../../schemas/entities.js';
import { assertMayPost, newPostStatus, readPost } from '../community/posting.js';
import { postPageRoute } from '../community/postPage.js';
import { createStory, isPublishedStory, listStories, pageOfStories, setLike, STORIES_PAGE } from './service.js';
import { writesChange } from '../../plugins/dataChanges.js';

/** The best-stories area shows a 3-column grid: two full rows. */
export const TOP_STORIES = 6;

const idPath = (name: string) => ({ type: 'object', required: [name], properties: { [name]: idParam } }) as const;

/**
 * GET /api/story/ (published stories, newest first, plus the viewer's own
 * awaiting review; ?page, ?limit) and GET /api/story/top (most liked,
 * published only): bare lists, as the spec has them.
 * GET /api/stories (?page, ?limit, ?published=true: without the viewer's own
 * awaiting review): the same list a page at a time, with `paging` beside `data`.
 * POST /api/story/add/{id}: a member shares a story (`prayer`: their answered prayer it tells of); `{id}` must be the session's user.
 * POST /api/story/like/{storyId}: likes or unlikes; the answer is the number to add to the count.
 */
export async function storyRoutes(app: FastifyInstance): Promise<void> {
  // A story posted or liked.
  writesChange(app, ['stories']);
  const pageQuery = { type: 'object', properties: { page: PAGE_PARAM, limit: LIMIT_PARAM } } as const;
  const options = { schema: { querystring: pageQuery, response: { 200: listOf(storySchema), ...errors(400) } } };
  const viewer = (request: FastifyRequest) => request.sessionUser?.id ?? null;
  type PageRequest = FastifyRequest<{ Querystring: { page?: number; limit?: number; published?: boolean } }>;
  const bareList = async (request: PageRequest) =>
    (await pageOfStories(app.db, { viewerId: viewer(request), page: request.query.page, pageSize: request.query.limit })).data;

  app.get('/story/', options, bareList);
  app.get('/story', options, bareList);
  app.get(
    '/stories',
    {
      schema: {
        querystring: { type: 'object', properties: { ...pageQuery.properties, published: { type: 'boolean' } } },
        response: { 200: { type: 'object', properties: { data: listOf(storySchema), paging: pagingSchema } }, ...errors(400) },
      },
    },
    async (request: PageRequest) =>
      pageOfStories(app.db, {
        viewerId: viewer(request),
        publishedOnly: request.query.published === true,
        page: request.query.page,
        pageSize: request.query.limit,
      }),
  );
  // Which page of the stories a story is on: links to a story (from its prayer, the best stories) open that page.
  postPageRoute(app, '/stories/:id/page', { table: 'stories', pageSize: STORIES_PAGE, missing: 'That story' });

  app.get('/story/top', { schema: { response: { 200: listOf(storySchema) } } }, async (request) =>
    listStories(app.db, { viewerId: viewer(request), orderBy: 'likes', limit: TOP_STORIES, publishedOnly: true }),
  );

  app.post<{ Params: { id: string } }>(
    '/story/add/:id',
    {
      ...checkedBody,
      schema: {
        params: idPath('id'),
        body: StoryBody,
        response: { 201: envelope(storySchema), ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const me = requireSelf(request, request.params.id);
      await assertMayPost(app, me);
      const { content, prayer } = await readPost(request, storyRules, 'content');
      // A story may tell of the member's own answered prayer.
      if (prayer) {
        const answered = await app.db
          .selectFrom('prayers')
          .select('id')
          .where('id', '=', prayer)
          .where('user_id', '=', me.id)
          .where('answered_at', 'is not', null)
          .executeTakeFirst();
        if (!answered)
          throw badRequest('A story can only tell of your own answered prayer.', { prayer: 'Not one of your answered prayers' });
      }
      const story = await createStory(app.db, {
        userId: me.id,
        content,
        status: newPostStatus(app, me),
        prayerId: prayer ?? null,
      });
      return reply.status(201).send({ data: story });
    },
  );

  // Spec section 7 reads GET; a like changes state, so it is a POST (docs/spec-deviations.md).
  // Without a body it toggles; `{ "liked": true | false }` asks for a state, so a repeated
  // request (a double click, a retry) cannot undo itself.
  app.post<{ Params: { storyId: string }; Body: { liked?: boolean } | undefined }>(
    '/story/like/:storyId',
    {
      schema: {
        params: idPath('storyId'),
        body: { type: ['object', 'null'], properties: { liked: { type: 'boolean' } }, additionalProperties: false },
        response: { 200: { type: 'integer', enum: [-1, 0, 1] }, ...errors(400, 401, 404, 429) },
      },
      preHandler: limitedBy([['reactionsPerAccount', byAccount]], REACTIONS_USED),
    },
    async (request) => {
      const me = requireUser(request);
      const { storyId } = request.params;
      if (!(await isPublishedStory(app.db, storyId))) throw notFound('That story');
      return setLike(app.db, storyId, me.id, request.body?.liked);
    },
  );
}
