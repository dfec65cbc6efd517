import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors.js';
import { idParam } from '../../lib/ids.js';
import { requireAdmin } from '../../plugins/session.js';
import { envelope, errors } from '../../schemas/entities.js';
import { listPending, POST_KINDS, rejectPendingOf, setPostStatus, type PostKind } from './service.js';

const str = { type: 'string' } as const;
const pendingPostSchema = {
  type: 'object',
  properties: {
    _id: str,
    kind: str,
    text: str,
    date: str,
    user: { type: 'object', properties: { _id: str, firstname: str, lastname: str, email: str } },
    story: { type: 'object', properties: { _id: str, content: str, status: str } },
  },
} as const;
const pendingList = { type: 'array', items: pendingPostSchema } as const;
const kindCounts = { type: 'object', properties: { prayers: { type: 'integer' }, stories: { type: 'integer' }, comments: { type: 'integer' } } } as const;
const pendingQuery = {
  type: 'object',
  properties: {
    kind: { type: 'string', enum: [...POST_KINDS] },
    afterDate: { type: 'string', format: 'date-time' },
    afterId: idParam,
  },
  dependencies: { afterDate: ['kind', 'afterId'], afterId: ['kind', 'afterDate'] },
  additionalProperties: false,
} as const;

const ACTIONS = { publish: 'published', reject: 'rejected' } as const;

/**
 * Moderation for admins: GET /api/moderation/pending lists what waits for
 * review (the oldest PAGE_SIZE of each kind and the totals;
 * ?kind=…&afterDate=…&afterId=… the next page of one kind);
 * POST /api/moderation/{kind}/{id}/publish|reject decides one post;
 * POST /api/moderation/members/{userId}/reject-pending rejects everything
 * one member has waiting (a flood).
 * Anyone else gets the same 404 as a path that does not exist, before the
 * request is even validated, so the routes do not reveal themselves.
 */
export async function moderationRoutes(app: FastifyInstance): Promise<void> {
  const adminOnly = async (request: FastifyRequest) => {
    requireAdmin(request);
  };

  app.get<{ Querystring: { kind?: PostKind; afterDate?: string; afterId?: string } }>(
    '/api/moderation/pending',
    {
      onRequest: adminOnly,
      schema: {
        querystring: pendingQuery,
        response: {
          200: envelope({ type: 'object', properties: { prayers: pendingList, stories: pendingList, comments: pendingList, totals: kindCounts } }),
          ...errors(400, 404),
        },
      },
    },
    async (request) => {
      const { kind, afterDate, afterId } = request.query;
      return { data: await listPending(app.db, { kind, after: afterDate && afterId ? { date: afterDate, id: afterId } : undefined }) };
    },
  );

  app.post<{ Params: { userId: string } }>(
    '/api/moderation/members/:userId/reject-pending',
    {
      onRequest: adminOnly,
      schema: {
        params: { type: 'object', required: ['userId'], properties: { userId: idParam } },
        response: { 200: envelope({ type: 'object', properties: { rejected: kindCounts } }), ...errors(400, 404) },
      },
    },
    async (request) => ({ data: { rejected: await rejectPendingOf(app.db, request.params.userId) } }),
  );

  app.post<{ Params: { kind: PostKind; id: string; action: keyof typeof ACTIONS } }>(
    '/api/moderation/:kind/:id/:action',
    {
      onRequest: adminOnly,
      schema: {
        params: {
          type: 'object',
          required: ['kind', 'id', 'action'],
          properties: { kind: { type: 'string', enum: [...POST_KINDS] }, id: idParam, action: { type: 'string', enum: Object.keys(ACTIONS) } },
        },
        response: { 200: envelope({ type: 'object', properties: { _id: str, kind: str, status: str } }), ...errors(400, 404) },
      },
    },
    async (request) => {
      const { kind, id, action } = request.params;
      const status = ACTIONS[action];
      if (!(await setPostStatus(app.db, kind, id, status))) throw notFound('That post');
      return { data: { _id: id, kind, status } };
    },
  );
}
