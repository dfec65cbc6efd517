import type { FastifyInstance } from 'fastify';
import { listOf, storySchema } from '../../schemas/entities.js';
import { listStories } from './service.js';

/** The best-stories area shows a 3-column grid: two full rows. */
export const TOP_STORIES = 6;

/** GET /api/story/ (published stories, newest first) and GET /api/story/top (most liked); bare lists. */
export async function storyRoutes(app: FastifyInstance): Promise<void> {
  const options = { schema: { response: { 200: listOf(storySchema) } } };
  const viewer = (request: { sessionUser?: { id: string } | null }) => request.sessionUser?.id ?? null;

  app.get('/api/story/', options, async (request) => listStories(app.db, { viewerId: viewer(request) }));
  app.get('/api/story', options, async (request) => listStories(app.db, { viewerId: viewer(request) }));
  app.get('/api/story/top', options, async (request) =>
    listStories(app.db, { viewerId: viewer(request), orderBy: 'likes', limit: TOP_STORIES }),
  );
}
