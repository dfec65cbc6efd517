import type { FastifyInstance } from 'fastify';
import { LIST_TTL } from '../../lib/answerCache.js';
import { notFound } from '../../lib/errors.js';
import { idParam } from '../../lib/ids.js';
import { articleSchema, envelope, errors, listOf } from '../../schemas/entities.js';
import { findNews, listRecentNews } from './service.js';

/**
 * GET /api/news/recent: a bare list, newest first.
 * GET /api/news/:id: one item, however old (data.data), for `/news?item=<id>`.
 */
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

  app.get<{ Params: { id: string } }>(
    '/api/news/:id',
    {
      schema: {
        params: { type: 'object', properties: { id: idParam }, required: ['id'] },
        response: { 200: envelope(articleSchema), ...errors(400, 404) },
      },
    },
    async (request) => {
      const item = await findNews(app.db, request.params.id.toLowerCase());
      if (!item) throw notFound('That news item');
      return { data: item };
    },
  );
}
