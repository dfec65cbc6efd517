import type { FastifyInstance } from 'fastify';
import { prayerSchema as prayerRules } from '@ministry/shared/validation';
import { idParam } from '../../lib/ids.js';
import { requireSelf } from '../../plugins/session.js';
import { envelope, errors, listOf, prayerSchema } from '../../schemas/entities.js';
import { assertMayPost, newPostStatus, readPost } from '../community/posting.js';
import { createPrayer, listPrayers } from './service.js';

/**
 * GET /api/prayers/ (and /api/prayers): the published prayers, plus the
 * signed-in member's own awaiting review (data.data).
 * POST /api/prayers/add/{id}: a member posts a prayer; `{id}` must be the session's user.
 */
export async function prayerRoutes(app: FastifyInstance): Promise<void> {
  const options = { schema: { response: { 200: envelope(listOf(prayerSchema)) } } };
  const handler = async (request: { sessionUser?: { id: string } | null }) => ({
    data: await listPrayers(app.db, { viewerId: request.sessionUser?.id ?? null }),
  });
  app.get('/api/prayers/', options, handler);
  app.get('/api/prayers', options, handler);

  app.post<{ Params: { id: string } }>(
    '/api/prayers/add/:id',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: idParam } },
        body: { type: 'object' },
        response: { 201: envelope(prayerSchema), ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const me = requireSelf(request, request.params.id);
      await assertMayPost(app, me);
      const { text } = await readPost(prayerRules, request.body, 'text');
      const prayer = await createPrayer(app.db, { userId: me.id, text, status: newPostStatus(app, me) });
      return reply.status(201).send({ data: prayer });
    },
  );
}
