import type { FastifyInstance } from 'fastify';
import { LocationBody, StaffLocationContract } from '@ministry/shared/contracts';
import { locationSchema as locationRules } from '@ministry/shared/validation';
import { LIST_TTL } from '../../lib/answerCache.js';
import { notFound } from '../../lib/errors.js';
import { idParam } from '../../lib/ids.js';
import { checkedBody, readBody } from '../../lib/validate.js';
import { requireRole, staffOnly } from '../../plugins/session.js';
import { answerSchema, churchSchema, envelope, errors, listOf } from '../../schemas/entities.js';
import { recordActivity } from '../activity/service.js';
import { createLocation, listChurches, listStaffLocations, removeLocation, updateLocation } from './service.js';
import { countOf } from '@ministry/shared/format';
import { writesChange } from '../../plugins/dataChanges.js';

const staffLocationSchema = answerSchema(StaffLocationContract);
const idParams = { type: 'object', required: ['id'], properties: { id: idParam } } as const;

/**
 * GET /api/locations: every church (data.data), for everyone (cached briefly).
 *
 * The staff's (editors and admins) /admin/locations:
 * GET /api/admin/locations (and /{id}): the locations with the members who
 * chose each and its events ahead;
 * POST /api/admin/locations, PUT /api/admin/locations/{id}: a location's
 * name, address, phones, e-mail, services, parking and map coordinates
 * (shared `locationSchema`);
 * DELETE /api/admin/locations/{id}[?moveMembersTo={id}]: removes one,
 * refused (409) while events ahead take place there, or while members have
 * it as their church unless they move to `moveMembersTo`.
 * Every change is recorded in the activity log and clears the public
 * answers it affects (the locations, and the events that name their church).
 */
export async function locationRoutes(app: FastifyInstance): Promise<void> {
  app.get('', { schema: { response: { 200: envelope(listOf(churchSchema)) } } }, async (_request, reply) =>
    app.answerCache.send(reply, 'locations', LIST_TTL.content, async () => ({ data: await listChurches(app.db) })),
  );
}

/** The staff's locations, under /api/admin/locations (see above). */
export async function staffLocationRoutes(app: FastifyInstance): Promise<void> {
  // The churches, and the events held at them.
  writesChange(app, ['locations', 'events']);
  const staff = staffOnly('editor');
  const findOne = async (id: string) => {
    const [location] = await listStaffLocations(app.db, app.clock.now(), id);
    if (!location) throw notFound('That location');
    return location;
  };

  app.get(
    '',
    { onRequest: staff, schema: { response: { 200: envelope(listOf(staffLocationSchema)), ...errors(401, 403) } } },
    async () => ({ data: await listStaffLocations(app.db, app.clock.now()) }),
  );

  app.get<{ Params: { id: string } }>(
    '/:id',
    {
      onRequest: staff,
      schema: { params: idParams, response: { 200: envelope(staffLocationSchema), ...errors(400, 401, 403, 404) } },
    },
    async (request) => ({ data: await findOne(request.params.id) }),
  );

  app.post(
    '',
    {
      onRequest: staff,
      ...checkedBody,
      schema: { body: LocationBody, response: { 201: envelope(staffLocationSchema), ...errors(400, 401, 403) } },
    },
    async (request, reply) => {
      const editor = requireRole(request, 'editor');
      const input = await readBody(request, locationRules);
      const id = await createLocation(app.db, input);
      const location = await findOne(id);
      await recordActivity(app.db, editor, {
        action: 'created',
        subjectType: 'location',
        subjectId: id,
        summary: `Location "${location.church_name}" added`,
      });
      return reply.status(201).send({ data: location });
    },
  );

  app.put<{ Params: { id: string } }>(
    '/:id',
    {
      onRequest: staff,
      ...checkedBody,
      schema: {
        params: idParams,
        body: LocationBody,
        response: { 200: envelope(staffLocationSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const editor = requireRole(request, 'editor');
      const input = await readBody(request, locationRules);
      if (!(await updateLocation(app.db, request.params.id, input))) throw notFound('That location');
      const location = await findOne(request.params.id);
      await recordActivity(app.db, editor, {
        action: 'updated',
        subjectType: 'location',
        subjectId: location._id,
        summary: `Location "${location.church_name}" updated`,
      });
      return { data: location };
    },
  );

  app.delete<{ Params: { id: string }; Querystring: { moveMembersTo?: string } }>(
    '/:id',
    {
      onRequest: staff,
      schema: {
        params: idParams,
        querystring: { type: 'object', properties: { moveMembersTo: idParam }, additionalProperties: false },
        response: {
          200: envelope({ type: 'object', properties: { removed: { type: 'boolean' }, moved: { type: 'integer' } } }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const editor = requireRole(request, 'editor');
      const removed = await removeLocation(app.db, request.params.id, {
        moveMembersTo: request.query.moveMembersTo,
        now: app.clock.now(),
      });
      if (!removed) throw notFound('That location');
      await recordActivity(app.db, editor, {
        action: 'deleted',
        subjectType: 'location',
        subjectId: request.params.id,
        summary: `Location "${removed.name}" removed${removed.movedTo ? `; its ${countOf(removed.moved, 'member', 'members')} moved to "${removed.movedTo}"` : ''}`,
      });
      return { data: { removed: true, moved: removed.moved } };
    },
  );
}
