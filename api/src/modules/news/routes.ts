import type { FastifyInstance } from 'fastify';
import { LIST_TTL } from '../../lib/answerCache.js';
import { articleSchema, listOf } from '../../schemas/entities.js';
import { listRecentNews } from './service.js';

/** GET /api/news/recent: a bare list, newest first. */
export async function newsRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { limit?: number } }>(
    '/api/news/recent',
    {
      schema: {
        querystring: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 50, default: 12 } } },
        response: { 200: listOf(articleSchema) },
      },
    },
    async (request, reply) => {
      const limit = request.query.limit ?? 12;
      return app.answerCache.send(reply, `news:${limit}`, LIST_TTL.content, () => listRecentNews(app.db, limit));
    },
  );

}
