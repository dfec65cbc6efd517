import type { FastifyInstance } from 'fastify';
import { ExpiringAnswer, LIST_TTL } from '../../lib/answerCache.js';
import { notFound } from '../../lib/errors.js';
import { idParam } from '../../lib/ids.js';
import { LIMIT_PARAM, PAGE_PARAM } from '../../lib/paging.js';
import { validUntil } from '../../lib/schedule.js';
import { articleSchema, envelope, errors, listOf, pagingSchema } from '../../schemas/entities.js';
import { ARTICLES_PAGE, findArticle, listRecentNews, nextArticleDue, pageOfArticles, type ArticleTable } from './service.js';

/** The two kinds of article the public reads: the topic their cached answers are kept under, their table, how a missing one is named. */
const KINDS = {
  news: { table: 'news', pageKey: 'news:page', missing: 'That news item' },
  press: { table: 'press_releases', pageKey: 'press', missing: 'That press release' },
} as const satisfies Record<string, { table: ArticleTable; pageKey: string; missing: string }>;

/**
 * The public reading of one kind of article, registered once per kind
 * (`/api/news` with `kind: 'news'`, `/api/pressrelease` with `kind: 'press'`):
 * GET '' (?page, ?limit): every published item whose date has come (the
 * site's clock), newest first, a page at a time with `paging` beside `data`;
 * GET /:id: one item, however old (data.data), for `/news?item=<id>` and
 * `/press?release=<id>`; and for news only, GET /recent: a bare list
 * (?limit, 12 by default). A cached list is kept no longer than the moment
 * the next scheduled item is due.
 */
export async function articleRoutes(app: FastifyInstance, options: { kind: keyof typeof KINDS }): Promise<void> {
  const { table, pageKey, missing } = KINDS[options.kind];

  if (options.kind === 'news') {
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
  }

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
      return app.answerCache.send(reply, `${pageKey}:${page}:${limit}`, LIST_TTL.content, async () => {
        const now = app.clock.now();
        const [body, next] = await Promise.all([
          pageOfArticles(app.db, table, now, { page, pageSize: limit }),
          nextArticleDue(app.db, table, now),
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
      const item = await findArticle(app.db, table, request.params.id.toLowerCase(), app.clock.now());
      if (!item) throw notFound(missing);
      return { data: item };
    },
  );
}
