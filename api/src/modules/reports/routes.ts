import type { FastifyInstance } from 'fastify';
import { isStaff } from '@ministry/shared/config';
import type { PostKind } from '@ministry/shared/types';
import { HttpError, notFound } from '../../lib/errors.js';
import { idParam } from '../../lib/ids.js';
import { sanitizePlainText } from '../../lib/sanitize.js';
import { requireUser, requireVerified } from '../../plugins/session.js';
import { envelope, errors } from '../../schemas/entities.js';
import { POST_KINDS, REPORTS_PER_DAY, reportPost, reportsToday } from '../moderation/service.js';

export const REPORT_REASON_MAX = 300;

/**
 * POST /api/community/report/{kind}/{id} (`{ reason }`): a member reports a
 * prayer, story or comment; it goes back to the moderation queue with the
 * report. A member reports a post once, and at most REPORTS_PER_DAY posts a day.
 */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Params: { kind: PostKind; id: string }; Body: { reason: string } }>(
    '/:kind/:id',
    {
      schema: {
        params: {
          type: 'object',
          required: ['kind', 'id'],
          properties: { kind: { type: 'string', enum: [...POST_KINDS] }, id: idParam },
        },
        body: {
          type: 'object',
          required: ['reason'],
          properties: { reason: { type: 'string', minLength: 1, maxLength: REPORT_REASON_MAX } },
          additionalProperties: false,
        },
        response: {
          200: envelope({ type: 'object', properties: { ok: { type: 'boolean' } } }),
          ...errors(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      const me = requireVerified(requireUser(request));
      const reason = sanitizePlainText(request.body.reason);
      if (!reason) throw new HttpError(400, 'bad_request', 'Please say what is wrong with this post.', { reason: 'Required' });
      if (!isStaff(me.role) && (await reportsToday(app.db, me.id)) >= REPORTS_PER_DAY) {
        throw new HttpError(
          429,
          'too_many_reports',
          `You have reported ${REPORTS_PER_DAY} posts today. Thank you: our moderators will look at them.`,
        );
      }
      if (!(await reportPost(app.db, request.params.kind, request.params.id, me.id, reason))) throw notFound('That post');
      return { data: { ok: true } };
    },
  );
}
