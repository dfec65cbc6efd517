import type { FastifyInstance } from 'fastify';
import { newsletterSchema } from '@ministry/shared/validation';
import { validateBody } from '../../lib/validate.js';
import { errors } from '../../schemas/entities.js';
import { subscribe } from './service.js';

const answer = {
  type: 'object',
  properties: { data: { type: 'object', properties: { email: { type: 'string' }, subscribed: { type: 'boolean' } } } },
} as const;

/** POST /api/newsletter {email}: 201 the first time, 200 when already subscribed. */
export async function newsletterRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/newsletter',
    {
      schema: {
        body: { type: 'object', properties: { email: { type: 'string', maxLength: 320 } } },
        response: { 200: answer, 201: answer, ...errors(400) },
      },
    },
    async (request, reply) => {
      const { email } = await validateBody(newsletterSchema, request.body);
      const { created } = await subscribe(app.db, email);
      return reply.status(created ? 201 : 200).send({ data: { email: email.trim().toLowerCase(), subscribed: true } });
    },
  );
}
