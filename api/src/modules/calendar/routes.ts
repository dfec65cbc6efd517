/**
 * The church's calendar as feeds a calendar app subscribes to (RFC 5545,
 * written by events/calendar.ts):
 * - GET /calendar.ics: every public event; `?location=<church id>` those at
 *   one church, `?category=<name>` those of one kind (both may be given);
 * - GET /calendar/tickets/<token>.ics: a member's own tickets, at a secret
 *   address (no session: calendar apps send none);
 * and the member's side of that secret address (`myCalendarFeedRoutes`):
 * - GET /api/calendar/feed: the address, or null when there is none yet;
 * - POST /api/calendar/feed: a new address (the old one stops answering);
 * - DELETE /api/calendar/feed: no personal feed any more.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { siteIdentity } from '@ministry/shared/config';
import { MyCalendarFeedContract } from '@ministry/shared/contracts';
import { notFound } from '../../lib/errors.js';
import { UUID_PATTERN } from '../../lib/ids.js';
import { requireUser } from '../../plugins/session.js';
import { answerSchema, envelope, errors } from '../../schemas/entities.js';
import { eventsCalendar } from '../events/calendar.js';
import { extendSeries } from '../events/series.js';
import { listCalendarEvents, listSeries, listTicketedEvents } from '../events/service.js';
import { feedOwner, feedPath, findFeedToken, removeFeedToken, resetFeedToken } from './service.js';

/** How often a subscribed calendar is asked to look for changes. */
const REFRESH_SECONDS = 6 * 3600;

/** Sends a calendar file, with an ETag that ignores DTSTAMP (304 when the calendar did not change). */
export function sendCalendar(request: FastifyRequest, reply: FastifyReply, ics: string, cacheControl: string) {
  const etag = `"${createHash('sha256')
    .update(ics.replace(/^DTSTAMP:.*$/gm, ''))
    .digest('base64url')
    .slice(0, 27)}"`;
  reply.header('ETag', etag).header('Cache-Control', cacheControl);
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type('text/calendar; charset=utf-8').header('Content-Disposition', 'inline; filename="calendar.ics"').send(ics);
}

export async function calendarFeedRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { location?: string; category?: string } }>(
    '/calendar.ics',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            location: { type: 'string', pattern: UUID_PATTERN },
            category: { type: 'string', minLength: 1, maxLength: 60 },
          },
        },
        response: { 200: { type: 'string' }, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const { location, category } = request.query;
      let churchName: string | undefined;
      if (location) {
        const church = await app.db.selectFrom('churches').select('church_name').where('id', '=', location).executeTakeFirst();
        if (!church) throw notFound('That church');
        churchName = church.church_name;
      }
      await extendSeries(app.db, app.clock.now());
      const events = await listCalendarEvents(app.db, { churchId: location, category: category?.trim() }, app.clock.now());
      const series = await listSeries(app.db, [...new Set(events.flatMap((e) => (e.seriesId ? [e.seriesId] : [])))]);
      const name = [siteIdentity.ministryName, churchName, category?.trim()].filter(Boolean).join(' · ');
      const ics = eventsCalendar(events, app.config.publicUrl, {
        name,
        description: `The events of ${siteIdentity.ministryName}${churchName ? ` at ${churchName}` : ''}${category ? ` (${category.trim()})` : ''}.`,
        refreshSeconds: REFRESH_SECONDS,
        series,
      });
      return sendCalendar(request, reply, ics, 'public, max-age=300');
    },
  );

  app.get<{ Params: { token: string } }>(
    '/calendar/tickets/:token.ics',
    {
      schema: {
        params: { type: 'object', properties: { token: { type: 'string', maxLength: 100 } }, required: ['token'] },
        response: { 200: { type: 'string' }, ...errors(404) },
      },
    },
    async (request, reply) => {
      const userId = await feedOwner(app.db, request.params.token);
      if (!userId) throw notFound('That calendar');
      const held = await listTicketedEvents(app.db, userId);
      const tickets = new Map(held.map((h) => [h.event._id, h.tickets]));
      const ics = eventsCalendar(
        held.map((h) => h.event),
        app.config.publicUrl,
        {
          name: `My tickets · ${siteIdentity.ministryName}`,
          description: `The events you hold tickets for at ${siteIdentity.ministryName}.`,
          refreshSeconds: 3600,
          note: (event) => {
            const n = tickets.get(event._id) ?? 0;
            return `You have ${n === 1 ? '1 ticket' : `${n} tickets`}: ${new URL('/my-tickets', app.config.publicUrl).toString()}`;
          },
        },
      );
      // The address is the key: no shared cache may keep what it answers.
      reply.header('Referrer-Policy', 'no-referrer');
      return sendCalendar(request, reply, ics, 'private, max-age=300');
    },
  );
}

const feedAnswer = envelope(answerSchema(MyCalendarFeedContract));

/**
 * GET /feed (the member's secret calendar address, or null) and POST /feed (a
 * new one: the old stops answering; 10 an hour), for a feed whose tokens
 * `find` and `reset` keep and `pathOf` turns into its path.
 */
export function secretFeedRoutes(
  app: FastifyInstance,
  feed: {
    pathOf: (token: string) => string;
    find: (userId: string) => Promise<string | null>;
    reset: (userId: string, now: Date) => Promise<string>;
  },
): void {
  const url = (token: string | null) => (token ? new URL(feed.pathOf(token), app.config.publicUrl).toString() : null);

  app.get('/feed', { schema: { response: { 200: feedAnswer, ...errors(401) } } }, async (request, reply) => {
    const me = requireUser(request);
    reply.header('Cache-Control', 'no-store');
    return { data: { url: url(await feed.find(me.id)) } };
  });

  app.post(
    '/feed',
    {
      config: {
        // A member's own calendar address: nothing a visitor sees.
        changes: [],
        rateLimit: {
          max: 10,
          timeWindow: 3_600_000,
          keyGenerator: (request: FastifyRequest) => request.sessionUser?.id ?? request.ip,
        },
      },
      schema: { response: { 200: feedAnswer, ...errors(401, 429) } },
    },
    async (request, reply) => {
      const me = requireUser(request);
      reply.header('Cache-Control', 'no-store');
      return { data: { url: url(await feed.reset(me.id, app.clock.now())) } };
    },
  );
}

export async function myCalendarFeedRoutes(app: FastifyInstance): Promise<void> {
  secretFeedRoutes(app, {
    pathOf: feedPath,
    find: (userId) => findFeedToken(app.db, userId),
    reset: (userId, now) => resetFeedToken(app.db, userId, now),
  });

  app.delete('/feed', { config: { changes: [] }, schema: { response: { 200: feedAnswer, ...errors(401) } } }, async (request) => {
    const me = requireUser(request);
    await removeFeedToken(app.db, me.id);
    return { data: { url: null } };
  });
}
