import type { FastifyInstance } from 'fastify';
import { LIST_TTL } from '../../lib/answerCache.js';
import { articleSchema, envelope, listOf } from '../../schemas/entities.js';
import { listPressReleases } from './service.js';

/** GET /api/pressrelease: every press release, newest first (data.data). */
export async function pressRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/pressrelease', { schema: { response: { 200: envelope(listOf(articleSchema)) } } }, async (_request, reply) =>
    app.answerCache.send(reply, 'press', LIST_TTL.content, async () => ({ data: await listPressReleases(app.db) })),
  );
}
