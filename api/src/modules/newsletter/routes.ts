import type { FastifyInstance, FastifyRequest } from 'fastify';
import { newsletterSchema } from '@ministry/shared/validation';
import { validateBody } from '../../lib/validate.js';
import { errors } from '../../schemas/entities.js';
import { subscribe } from './service.js';

const answer = {
  type: 'object',
  properties: { data: { type: 'object', properties: { email: { type: 'string' }, subscribed: { type: 'boolean' } } } },
} as const;

/**
 * POST /api/newsletter {email}: the same answer (200) whether the address was
 * new or already subscribed, so nobody learns who is on the list.
 */
export async function newsletterRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/newsletter',
    {
      schema: {
        body: { type: 'object', properties: { email: { type: 'string', maxLength: 320 } } },
        response: { 200: answer, ...errors(400, 429) },
      },
      config: { rateLimit: { max: 30, timeWindow: 15 * 60_000, keyGenerator: (request: FastifyRequest) => request.ip } },
    },
    async (request) => {
      const { email } = await validateBody(newsletterSchema, request.body);
      await subscribe(app.db, email);
      return { data: { email: email.trim().toLowerCase(), subscribed: true } };
    },
  );
}
