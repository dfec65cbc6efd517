import type { FastifyInstance } from 'fastify';
import { envelope, listOf, prayerSchema } from '../../schemas/entities.js';
import { listPrayers } from './service.js';

/** GET /api/prayers/ (and /api/prayers): the published prayers (data.data). */
export async function prayerRoutes(app: FastifyInstance): Promise<void> {
  const options = { schema: { response: { 200: envelope(listOf(prayerSchema)) } } };
  const handler = async () => ({ data: await listPrayers(app.db) });
  app.get('/api/prayers/', options, handler);
  app.get('/api/prayers', options, handler);
}
