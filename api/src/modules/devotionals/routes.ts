import type { FastifyInstance } from 'fastify';
import { ExpiringAnswer, LIST_TTL } from '../../lib/answerCache.js';
import { notFound } from '../../lib/errors.js';
import { validUntil } from '../../lib/schedule.js';
import { DevotionalTagContract } from '@ministry/shared/contracts';
import { answerSchema, devotionalSchema, envelope, errors, listOf, pagingSchema } from '../../schemas/entities.js';
import {
  DEVOTIONALS_PAGE,
  findDevotional,
  listDevotionals,
  listDevotionalTags,
  nextDevotionalDue,
  type DevotionalQuery,
} from './service.js';

const SLUG_OR_ID = { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9-]{0,127}$' } as const;
const TAG = { type: 'string', minLength: 1, maxLength: 60 } as const;
/** The deepest page asked for: far beyond any archive, short of a costly offset. */
const PAGE = { type: 'integer', minimum: 1, maximum: 10000 } as const;

const pageOfDevotionals = {
  type: 'object',
  properties: { data: listOf(devotionalSchema), paging: pagingSchema },
} as const;

/**
 * GET /api/devotionals (?page, ?q: words of the title, ?limit: a page's size),
 * /api/devotionals/tags/:tag (?page), /api/devotionals/tags (the tags and
 * how many devotionals carry each) and /api/devotionals/:idOrSlug: only what
 * is published and due on the site's clock. Lists answer a page at a time,
 * the first by default, with `paging` beside `data`. A cached list is kept
 * no longer than the moment the next scheduled devotional becomes due.
 */
export async function devotionalRoutes(app: FastifyInstance): Promise<void> {
  const expiring = async <T extends object>(answer: (now: Date) => Promise<T>) => {
    const now = app.clock.now();
    const [body, next] = await Promise.all([answer(now), nextDevotionalDue(app.db, now)]);
    return new ExpiringAnswer(body, validUntil(next, now));
  };
  const pageOf = (query: DevotionalQuery) => {
    const key =
      `devotionals:${query.tag?.toLowerCase() ?? ''}:${query.q?.trim().toLowerCase() ?? ''}:${query.page ?? 1}:${query.pageSize ?? DEVOTIONALS_PAGE}` as const;
    return [key, () => expiring((now) => listDevotionals(app.db, now, query))] as const;
  };

  app.get<{ Querystring: { page?: number; q?: string; limit?: number } }>(
    '',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { page: PAGE, q: { type: 'string', maxLength: 100 }, limit: { type: 'integer', minimum: 1, maximum: 100 } },
        },
        response: { 200: pageOfDevotionals, ...errors(400) },
      },
    },
    async (request, reply) => {
      const { page, q, limit } = request.query;
      const [key, answer] = pageOf({ page, q, pageSize: limit });
      return app.answerCache.send(reply, key, LIST_TTL.content, answer);
    },
  );

  app.get(
    '/tags',
    {
      schema: {
        response: {
          200: envelope(listOf(answerSchema(DevotionalTagContract))),
        },
      },
    },
    async (_request, reply) =>
      app.answerCache.send(reply, 'devotionals-tags', LIST_TTL.content, () =>
        expiring(async (now) => ({ data: await listDevotionalTags(app.db, now) })),
      ),
  );

  app.get<{ Params: { idOrSlug: string } }>(
    '/:idOrSlug',
    {
      schema: {
        params: { type: 'object', properties: { idOrSlug: SLUG_OR_ID }, required: ['idOrSlug'] },
        response: { 200: envelope(devotionalSchema), ...errors(400, 404) },
      },
    },
    async (request) => {
      const devotional = await findDevotional(app.db, request.params.idOrSlug, app.clock.now());
      if (!devotional) throw notFound('That devotional');
      return { data: devotional };
    },
  );

  app.get<{ Params: { tag: string }; Querystring: { page?: number } }>(
    '/tags/:tag',
    {
      schema: {
        params: { type: 'object', properties: { tag: TAG }, required: ['tag'] },
        querystring: { type: 'object', properties: { page: PAGE } },
        response: { 200: pageOfDevotionals, ...errors(400) },
      },
    },
    async (request, reply) => {
      const [key, answer] = pageOf({ tag: request.params.tag, page: request.query.page });
      return app.answerCache.send(reply, key, LIST_TTL.content, answer);
    },
  );
}
