/**
 * The admins' /admin/members:
 * GET /api/admin/members?q=&page=: members found by name or e-mail, newest
 * first, a page at a time, each with their role, state and post counts;
 * GET /api/admin/members/{id}: one member with their church and posts;
 * PUT /api/admin/members/{id}/role (`{ role }`): member, editor or admin;
 * PUT /api/admin/members/{id}/disabled (`{ disabled }`): a disabled account
 * cannot sign in and its sessions end at once.
 * Admins only (401 signed out, 403 otherwise); every change is recorded in the activity log.
 */
import type { FastifyInstance } from 'fastify';
import type { Role } from '@ministry/shared/types';
import { idParam } from '../../lib/ids.js';
import { requireRole, staffOnly } from '../../plugins/session.js';
import { MemberDetailContract, MemberPageContract } from '@ministry/shared/contracts';
import { answerSchema, envelope, errors } from '../../schemas/entities.js';
import { recordActivity } from '../activity/service.js';
import { changeRole, getMember, listMembers, ROLES, setDisabled } from './service.js';
import { writesChange } from '../../plugins/dataChanges.js';

const memberPage = answerSchema(MemberPageContract);
const memberDetail = answerSchema(MemberDetailContract);
const idParams = { type: 'object', required: ['id'], properties: { id: idParam } } as const;
const ROLE_NAMES: Record<Role, string> = { member: 'member', editor: 'editor', admin: 'admin' };

export async function memberRoutes(app: FastifyInstance): Promise<void> {
  // A member's role or access shows on their posts (staff posts, hidden authors).
  writesChange(app, ['prayers', 'stories']);
  const admins = staffOnly('admin');

  app.get<{ Querystring: { q?: string; page?: number } }>(
    '',
    {
      onRequest: admins,
      schema: {
        querystring: {
          type: 'object',
          properties: { q: { type: 'string', maxLength: 100 }, page: { type: 'integer', minimum: 1, maximum: 100000 } },
          additionalProperties: false,
        },
        response: { 200: envelope(memberPage), ...errors(400, 401, 403) },
      },
    },
    async (request) => ({ data: await listMembers(app.db, { q: request.query.q, page: request.query.page ?? 1 }) }),
  );

  app.get<{ Params: { id: string } }>(
    '/:id',
    { onRequest: admins, schema: { params: idParams, response: { 200: envelope(memberDetail), ...errors(400, 401, 403, 404) } } },
    async (request) => ({ data: await getMember(app.db, request.params.id) }),
  );

  app.put<{ Params: { id: string }; Body: { role: Role } }>(
    '/:id/role',
    {
      onRequest: admins,
      schema: {
        params: idParams,
        body: {
          type: 'object',
          required: ['role'],
          properties: { role: { type: 'string', enum: [...ROLES] } },
          additionalProperties: false,
        },
        response: { 200: envelope(memberDetail), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      const change = await changeRole(app.db, admin, request.params.id, request.body.role);
      if (change.from !== change.to) {
        await recordActivity(app.db, admin, {
          action: 'role changed',
          subjectType: 'member',
          subjectId: request.params.id,
          summary: `${change.name}'s role changed from ${ROLE_NAMES[change.from]} to ${ROLE_NAMES[change.to]}`,
        });
      }
      return { data: await getMember(app.db, request.params.id) };
    },
  );

  app.put<{ Params: { id: string }; Body: { disabled: boolean } }>(
    '/:id/disabled',
    {
      onRequest: admins,
      schema: {
        params: idParams,
        body: {
          type: 'object',
          required: ['disabled'],
          properties: { disabled: { type: 'boolean' } },
          additionalProperties: false,
        },
        response: { 200: envelope(memberDetail), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      const { disabled } = request.body;
      const result = await setDisabled(app.db, admin, request.params.id, disabled, new Date());
      if (result.changed) {
        await recordActivity(app.db, admin, {
          action: disabled ? 'disabled' : 'enabled',
          subjectType: 'member',
          subjectId: request.params.id,
          summary: `${result.name}'s account ${disabled ? 'disabled' : 'enabled'}`,
        });
      }
      return { data: await getMember(app.db, request.params.id) };
    },
  );
}
