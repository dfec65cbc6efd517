import type { FastifyInstance } from 'fastify';
import { LIST_TTL } from '../../lib/answerCache.js';
import { notFound } from '../../lib/errors.js';
import { devotionalSchema, envelope, errors, listOf } from '../../schemas/entities.js';
import { findDevotional, listDevotionals, listDevotionalsByTag } from './service.js';

const SLUG_OR_ID = { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9-]{0,127}$' } as const;
const TAG = { type: 'string', minLength: 1, maxLength: 60 } as const;

/** GET /api/devotionals, /api/devotionals/:idOrSlug, /api/devotionals/tags/:tag (all data.data). */
export async function devotionalRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { limit?: number } }>(
    '/api/devotionals',
    {
      schema: {
        querystring: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 200 } } },
        response: { 200: envelope(listOf(devotionalSchema)) },
      },
    },
    async (request, reply) =>
      app.answerCache.send(reply, `devotionals:${request.query.limit ?? ''}`, LIST_TTL.content, async () => ({
        data: await listDevotionals(app.db, request.query.limit),
      })),
  );

  app.get<{ Params: { idOrSlug: string } }>(
    '/api/devotionals/:idOrSlug',
    {
      schema: {
        params: { type: 'object', properties: { idOrSlug: SLUG_OR_ID }, required: ['idOrSlug'] },
        response: { 200: envelope(devotionalSchema), ...errors(400, 404) },
      },
    },
    async (request) => {
      const devotional = await findDevotional(app.db, request.params.idOrSlug);
      if (!devotional) throw notFound('That devotional');
      return { data: devotional };
    },
  );

  app.get<{ Params: { tag: string } }>(
    '/api/devotionals/tags/:tag',
    {
      schema: {
        params: { type: 'object', properties: { tag: TAG }, required: ['tag'] },
        response: { 200: envelope(listOf(devotionalSchema)), ...errors(400) },
      },
    },
    async (request, reply) =>
      app.answerCache.send(reply, `devotionals-tag:${request.params.tag.toLowerCase()}`, LIST_TTL.content, async () => ({
        data: await listDevotionalsByTag(app.db, request.params.tag),
      })),
  );
}
