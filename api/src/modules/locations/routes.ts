import type { FastifyInstance } from 'fastify';
import { LIST_TTL } from '../../lib/answerCache.js';
import { churchSchema, envelope, listOf } from '../../schemas/entities.js';
import { listChurches } from './service.js';

/** GET /api/locations: every church (data.data). */
export async function locationRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/locations', { schema: { response: { 200: envelope(listOf(churchSchema)) } } }, async (_request, reply) =>
    app.answerCache.send(reply, 'locations', LIST_TTL.content, async () => ({ data: await listChurches(app.db) })),
  );
}
