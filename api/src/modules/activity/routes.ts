/**
 * GET /api/admin/activity: what the staff changed, newest first, for admins
 * (`?subject=event` narrows it; `?before=<next>` the next page).
 */
import type { FastifyInstance } from 'fastify';
import { staffOnly } from '../../plugins/session.js';
import { ActivityPageContract } from '@ministry/shared/contracts';
import { answerSchema, envelope, errors } from '../../schemas/entities.js';
import { listActivity } from './service.js';

const activityPageSchema = answerSchema(ActivityPageContract);

export async function activityRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { subject?: string; before?: string } }>(
    '/activity',
    {
      onRequest: staffOnly('admin'),
      schema: {
        querystring: {
          type: 'object',
          properties: {
            subject: { type: 'string', pattern: '^[a-z ]{1,40}$' },
            before: { type: 'string', pattern: '^[0-9]{1,18}$' },
          },
          additionalProperties: false,
        },
        response: {
          200: envelope(activityPageSchema),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => {
      const { subject, before } = request.query;
      return { data: await listActivity(app.db, { subjectType: subject, before }) };
    },
  );
}
