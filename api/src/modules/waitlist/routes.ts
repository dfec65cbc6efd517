/**
 * Waitlists of sold-out events (service.ts):
 * - GET /api/events/{id}/waitlist: where the signed-in member stands
 *   (waiting and their place, or seats offered and until when);
 * - POST /api/events/{id}/waitlist { quantity }: joins it (at most
 *   SEATS_PER_MEMBER seats, once per event);
 * - DELETE /api/events/{id}/waitlist: leaves it (an offer held is declined
 *   and passed on);
 * - GET /api/admin/events/{id}/waitlist: the list, for staff.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { seatsPerMemberMessage } from '@ministry/shared/validation';
import { HttpError, notFound } from '../../lib/errors.js';
import { idParam, isUuid } from '../../lib/ids.js';
import { requireUser, requireVerified, staffOnly } from '../../plugins/session.js';
import { MyWaitlistEntryContract, StaffWaitlistEntryContract } from '@ministry/shared/contracts';
import { answerSchema, envelope, errors, listOf } from '../../schemas/entities.js';
import { createPaymentProvider } from '../payments/provider.js';
import { createWaitlistOffers } from '../seats/offers.js';
import { joinWaitlist, leaveWaitlist, myWaitlistEntry, staffWaitlist } from '../seats/waitlist.js';
import { writesChange } from '../../plugins/dataChanges.js';

const params = { type: 'object', required: ['id'], properties: { id: idParam } } as const;

const myEntrySchema = answerSchema(MyWaitlistEntryContract);
const staffEntrySchema = answerSchema(StaffWaitlistEntryContract);

export async function waitlistRoutes(app: FastifyInstance): Promise<void> {
  // The list of members waiting is not shown; seats offered from it clear events where they are made (seats/offers.ts).
  writesChange(app, []);
  const provider = createPaymentProvider(app.config);
  const offers = createWaitlistOffers(app, provider.name);
  const limited = {
    rateLimit: { max: 20, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => request.sessionUser?.id ?? request.ip },
  };
  const eventId = (id: string): string => {
    if (!isUuid(id)) throw notFound('That event');
    return id;
  };

  app.get<{ Params: { id: string } }>(
    '/events/:id/waitlist',
    { schema: { params, response: { 200: envelope(myEntrySchema), ...errors(400, 401, 404) } } },
    async (request, reply) => {
      const me = requireUser(request);
      reply.header('Cache-Control', 'no-store');
      return { data: await myWaitlistEntry(app.db, eventId(request.params.id), me.id, app.clock.now()) };
    },
  );

  app.post<{ Params: { id: string }; Body: { quantity?: number } }>(
    '/events/:id/waitlist',
    {
      schema: {
        params,
        body: {
          type: 'object',
          properties: { quantity: { type: 'integer', minimum: 1, maximum: 1000 } },
          additionalProperties: false,
        },
        response: { 200: envelope(myEntrySchema), ...errors(400, 401, 403, 404, 409, 429) },
      },
      config: limited,
    },
    async (request) => {
      const me = requireVerified(requireUser(request));
      const id = eventId(request.params.id);
      const quantity = request.body?.quantity ?? 1;
      if (quantity > app.config.seatsPerMember) {
        throw new HttpError(400, 'bad_request', seatsPerMemberMessage(app.config.seatsPerMember), {
          quantity: seatsPerMemberMessage(app.config.seatsPerMember),
        });
      }
      const made = await joinWaitlist(app.db, { eventId: id, userId: me.id, quantity, ...offers.options() });
      await offers.mail(made);
      return { data: await myWaitlistEntry(app.db, id, me.id, app.clock.now()) };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/events/:id/waitlist',
    { schema: { params, response: { 200: envelope(myEntrySchema), ...errors(400, 401, 404, 429) } }, config: limited },
    async (request) => {
      const me = requireUser(request);
      const id = eventId(request.params.id);
      const { declinedBookingId } = await leaveWaitlist(app.db, id, me.id, app.clock.now());
      if (declinedBookingId) await offers.offer(id);
      return { data: await myWaitlistEntry(app.db, id, me.id, app.clock.now()) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/admin/events/:id/waitlist',
    {
      onRequest: staffOnly('editor'),
      schema: { params, response: { 200: envelope(listOf(staffEntrySchema)), ...errors(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await staffWaitlist(app.db, eventId(request.params.id), app.clock.now()) };
    },
  );
}
