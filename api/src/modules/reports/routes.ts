import type { FastifyInstance } from 'fastify';
import { isStaff } from '@ministry/shared/config';
import { countOf } from '@ministry/shared/format';
import { ReportAnswerContract } from '@ministry/shared/contracts';
import type { PostKind } from '@ministry/shared/types';
import { HttpError, notFound } from '../../lib/errors.js';
import { idParam } from '../../lib/ids.js';
import { sanitizePlainText } from '../../lib/sanitize.js';
import { requireUser, requireVerified } from '../../plugins/session.js';
import { answerSchema, envelope, errors } from '../../schemas/entities.js';
import { recordActivity } from '../activity/service.js';
import { excerptOf, KIND_NAMES, memberName, POST_KINDS, reportPost, reportsSince } from '../moderation/service.js';
import { writesChange } from '../../plugins/dataChanges.js';

export const REPORT_REASON_MAX = 300;

/**
 * POST /api/community/report/{kind}/{id} (`{ reason }`): a member reports a
 * prayer, story or comment. The report flags it for the staff (the
 * moderation queue lists it) and it stays up; once REPORTS_TO_HIDE members
 * in good standing have reported it, it is hidden until the staff decide,
 * and the cached pages that showed it are renewed at once. The staff's own
 * posts are never hidden by reports. A member reports a post once, and at
 * most LIMIT_REPORTS_PER_ACCOUNT posts a day. Every report is in the
 * activity log.
 */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  // Enough reports hide a post at once.
  writesChange(app, ['prayers', 'stories']);
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
        response: { 200: envelope(answerSchema(ReportAnswerContract)), ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const me = requireVerified(requireUser(request));
      const reason = sanitizePlainText(request.body.reason);
      if (!reason) throw new HttpError(400, 'bad_request', 'Please say what is wrong with this post.', { reason: 'Required' });
      const { max, windowMs } = app.config.limits.reportsPerAccount;
      const now = app.clock.now();
      if (!isStaff(me.role) && (await reportsSince(app.db, me.id, new Date(now.getTime() - windowMs))) >= max) {
        throw new HttpError(
          429,
          'too_many_reports',
          `You have reported ${countOf(max, 'post', 'posts')} today. Thank you: our moderators will look at them.`,
        );
      }
      const { kind, id } = request.params;
      const report = await reportPost(app.db, { kind, id, userId: me.id, reason, threshold: app.config.reportsToHide, now });
      if (!report.found) throw notFound('That post');
      // Hidden: the wall and the stories (and their cached pages) no longer show it, in every process.
      const author = (await memberName(app.db, report.authorId)) ?? 'a member';
      await recordActivity(app.db, me, {
        action: 'reported',
        subjectType: KIND_NAMES[kind],
        subjectId: id,
        summary: `${KIND_NAMES[kind].charAt(0).toUpperCase()}${KIND_NAMES[kind].slice(1)} by ${author} reported: "${excerptOf(report.text)}" (reason: ${excerptOf(reason, 120)})${
          report.hidden ? ', hidden until the staff decide' : ''
        }`,
      });
      return { data: { ok: true, hidden: report.hidden } };
    },
  );
}
