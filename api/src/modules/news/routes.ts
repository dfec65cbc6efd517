import type { FastifyInstance } from 'fastify';
import { ExpiringAnswer, LIST_TTL } from '../../lib/answerCache.js';
import { notFound } from '../../lib/errors.js';
import { idParam } from '../../lib/ids.js';
import { validUntil } from '../../lib/schedule.js';
import { LIMIT_PARAM, PAGE_PARAM } from '../../lib/paging.js';
import { articleSchema, envelope, errors, listOf, pagingSchema } from '../../schemas/entities.js';
import { ARTICLES_PAGE, findNews, listRecentNews, nextArticleDue, pageOfArticles } from './service.js';

/**
 * GET /api/news/recent: a bare list, newest first (?limit, 12 by default).
 * GET /api/news (?page, ?limit): every item, a page at a time, with `paging` beside `data`.
 * GET /api/news/:id: one item, however old (data.data), for `/news?item=<id>`.
 * Only published items whose date has come (the site's clock); a cached
 * list is kept no longer than the moment the next scheduled item is due.
 */
export async function newsRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { limit?: number } }>(
    '/recent',
    {
      schema: {
        querystring: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 50, default: 12 } } },
        response: { 200: listOf(articleSchema) },
      },
    },
    async (request, reply) => {
      const limit = request.query.limit ?? 12;
      return app.answerCache.send(reply, `news:${limit}`, LIST_TTL.content, async () => {
        const now = app.clock.now();
        const [list, next] = await Promise.all([listRecentNews(app.db, limit, now), nextArticleDue(app.db, 'news', now)]);
        return new ExpiringAnswer(list, validUntil(next, now));
      });
    },
  );

  app.get<{ Querystring: { page?: number; limit?: number } }>(
    '',
    {
      schema: {
        querystring: { type: 'object', properties: { page: PAGE_PARAM, limit: LIMIT_PARAM } },
        response: { 200: { type: 'object', properties: { data: listOf(articleSchema), paging: pagingSchema } }, ...errors(400) },
      },
    },
    async (request, reply) => {
      const { page = 1, limit = ARTICLES_PAGE } = request.query;
      return app.answerCache.send(reply, `news:page:${page}:${limit}`, LIST_TTL.content, async () => {
        const now = app.clock.now();
        const [body, next] = await Promise.all([
          pageOfArticles(app.db, 'news', now, { page, pageSize: limit }),
          nextArticleDue(app.db, 'news', now),
        ]);
        return new ExpiringAnswer(body, validUntil(next, now));
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/:id',
    {
      schema: {
        params: { type: 'object', properties: { id: idParam }, required: ['id'] },
        response: { 200: envelope(articleSchema), ...errors(400, 404) },
      },
    },
    async (request) => {
      const item = await findNews(app.db, request.params.id.toLowerCase(), app.clock.now());
      if (!item) throw notFound('That news item');
      return { data: item };
    },
  );
}
