import type { FastifyInstance } from 'fastify';
import { ExpiringAnswer, LIST_TTL } from '../../lib/answerCache.js';
import { notFound } from '../../lib/errors.js';
import { idParam } from '../../lib/ids.js';
import { LIMIT_PARAM, PAGE_PARAM } from '../../lib/paging.js';
import { validUntil } from '../../lib/schedule.js';
import { articleSchema, envelope, errors, listOf, pagingSchema } from '../../schemas/entities.js';
import { ARTICLES_PAGE, findArticle, nextArticleDue, pageOfArticles } from '../news/service.js';

/**
 * GET /api/pressrelease (?page, ?limit): the published press releases whose
 * date has come, newest first (data.data), a page at a time (the first by
 * default) with `paging` beside `data`; cached no longer than the next one is due.
 * GET /api/pressrelease/:id: one release, however old (data.data), for `/press?release=<id>`.
 */
export async function pressRoutes(app: FastifyInstance): Promise<void> {
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
      return app.answerCache.send(reply, `press:${page}:${limit}`, LIST_TTL.content, async () => {
        const now = app.clock.now();
        const [body, next] = await Promise.all([
          pageOfArticles(app.db, 'press_releases', now, { page, pageSize: limit }),
          nextArticleDue(app.db, 'press_releases', now),
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
      const release = await findArticle(app.db, 'press_releases', request.params.id.toLowerCase(), app.clock.now());
      if (!release) throw notFound('That press release');
      return { data: release };
    },
  );
}
