/**
 * PUT /api/test/clock `{ at }`: moves the site's clock (lib/clock.ts), for
 * browser tests of scheduled content. Registered only with TEST_CLOCK=on,
 * which the server refuses on a public address.
 */
import type { FastifyInstance } from 'fastify';
import { envelope, errors } from '../../schemas/entities.js';
import { writesChange } from '../../plugins/dataChanges.js';

export async function testClockRoutes(app: FastifyInstance): Promise<void> {
  // Moving the test clock clears every topic itself (below).
  writesChange(app, []);
  app.put<{ Body: { at: string } }>(
    '/clock',
    {
      schema: {
        body: {
          type: 'object',
          properties: { at: { type: 'string', format: 'date-time' } },
          required: ['at'],
          additionalProperties: false,
        },
        response: { 200: envelope({ type: 'object', properties: { now: { type: 'string' } } }), ...errors(400) },
      },
    },
    async (request) => {
      app.clock.setNow(new Date(request.body.at));
      // What was cached was cached for the old "now".
      app.answerCache.clear();
      return { data: { now: app.clock.now().toISOString() } };
    },
  );
}
