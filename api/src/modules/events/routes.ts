import type { FastifyInstance } from 'fastify';
import { LIST_TTL } from '../../lib/answerCache.js';
import { notFound } from '../../lib/errors.js';
import { idParam } from '../../lib/ids.js';
import { envelope, errors, eventSchema, listOf } from '../../schemas/entities.js';
import { calendarFileName, eventCalendar } from './calendar.js';
import { extendSeries } from './series.js';
import { findEvent, listEvents } from './service.js';

/** GET /api/events (and /api/events/), GET /api/events/search/:eventId, GET /api/events/:eventId/calendar.ics. */
export async function eventRoutes(app: FastifyInstance): Promise<void> {
  const list = { schema: { response: { 200: envelope(listOf(eventSchema)) } } };
  const handler = async (_request: unknown, reply: import('fastify').FastifyReply) =>
    app.answerCache.send(reply, 'events', LIST_TTL.events, async () => {
      await extendSeries(app.db, app.clock.now());
      return { data: await listEvents(app.db) };
    });
  // The list answers with and without a trailing slash: '' is the prefix itself, and '/'
  // (with prefixTrailingSlash 'slash') only the prefix and a slash, as a route of its own.
  // A plain '/' would answer both too, but the slashed one would be no route of its own:
  // missing from app.routeList and known to the hooks by the URL without the slash.
  app.get('', list, handler);
  app.get('/', { ...list, prefixTrailingSlash: 'slash' }, handler);

  app.get<{ Params: { eventId: string } }>(
    '/search/:eventId',
    {
      schema: {
        params: { type: 'object', properties: { eventId: idParam }, required: ['eventId'] },
        response: { 200: envelope(eventSchema), ...errors(400, 404) },
      },
    },
    async (request) => {
      const event = await findEvent(app.db, request.params.eventId, app.clock.now());
      if (!event) throw notFound('That event');
      return { data: event };
    },
  );

  app.get<{ Params: { eventId: string } }>(
    '/:eventId/calendar.ics',
    {
      schema: {
        params: { type: 'object', properties: { eventId: idParam }, required: ['eventId'] },
        response: { 200: { type: 'string' }, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const event = await findEvent(app.db, request.params.eventId, app.clock.now());
      if (!event) throw notFound('That event');
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${calendarFileName(event.title)}"`)
        .header('Cache-Control', 'public, max-age=300')
        .send(eventCalendar(event, app.config.publicUrl));
    },
  );
}
