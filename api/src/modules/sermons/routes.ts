/**
 * The public's sermons, the podcast and the live service:
 * - GET /api/sermons (?page, ?limit, ?q: words, ?passage: 'John 3',
 *   ?series: a series' slug, ?speaker: a speaker's id, ?book: a book's
 *   slug, ?year): a page of the list, `paging` beside `data`;
 *   /api/sermons/filters (the series, speakers, books and years in use),
 *   /api/sermons/series (the series), /api/sermons/series/:slug (one, with
 *   its sermons), /api/sermons/:slugOrId (one, with its series' others),
 *   /api/sermons/:slug/chapters.json (its chapters, Podcasting 2.0);
 * - /sermons/podcast.xml and /sermons/series/:slug/podcast.xml (podcast.ts);
 * - GET /api/live (live.ts) and /api/live/next.ics (the next service).
 * Only what is published and due on the site's clock; cached answers are
 * kept no longer than the moment the next scheduled sermon is due.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  LiveStatusContract,
  SermonContract,
  SermonFiltersContract,
  SermonSeriesContract,
  SermonSummaryContract,
} from '@ministry/shared/contracts';
import type { SermonQuery } from '@ministry/shared/types';
import { ExpiringAnswer, LIST_TTL } from '../../lib/answerCache.js';
import { notFound } from '../../lib/errors.js';
import { validUntil } from '../../lib/schedule.js';
import { answerSchema, envelope, errors, listOf, pagingSchema } from '../../schemas/entities.js';
import { liveStatus, serviceCalendar } from './live.js';
import { chaptersJson, podcastFeed } from './podcast.js';
import { findSeries, findSermon, listSeries, listSermons, nextSermonDue, sermonFilters, SERMONS_PAGE } from './service.js';

export const sermonSchema = answerSchema(SermonContract);
export const sermonSummarySchema = answerSchema(SermonSummaryContract);
export const sermonSeriesSchema = answerSchema(SermonSeriesContract);
const filtersSchema = answerSchema(SermonFiltersContract);
const liveSchema = answerSchema(LiveStatusContract);

const SLUG = { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9-]{0,127}$' } as const;
const PAGE = { type: 'integer', minimum: 1, maximum: 10000 } as const;

const listQuery = {
  type: 'object',
  properties: {
    page: PAGE,
    limit: { type: 'integer', minimum: 1, maximum: 50 },
    q: { type: 'string', maxLength: 100 },
    passage: { type: 'string', maxLength: 100 },
    series: SLUG,
    speaker: { type: 'string', maxLength: 40 },
    book: { type: 'string', maxLength: 40 },
    year: { type: 'integer', minimum: 1900, maximum: 2100 },
  },
  additionalProperties: false,
} as const;

type ListQuery = SermonQuery & { limit?: number };

export async function sermonRoutes(app: FastifyInstance): Promise<void> {
  const expiring = async <T extends object>(answer: (now: Date) => Promise<T>) => {
    const now = app.clock.now();
    const [body, next] = await Promise.all([answer(now), nextSermonDue(app.db, now)]);
    return new ExpiringAnswer(body, validUntil(next, now));
  };

  app.get<{ Querystring: ListQuery }>(
    '',
    {
      schema: {
        querystring: listQuery,
        response: {
          200: { type: 'object', properties: { data: listOf(sermonSummarySchema), paging: pagingSchema } },
          ...errors(400),
        },
      },
    },
    async (request, reply) => {
      const { limit, ...query } = request.query;
      const key = `sermons:list:${JSON.stringify([
        query.page ?? 1,
        limit ?? SERMONS_PAGE,
        query.q?.trim().toLowerCase() ?? '',
        query.passage?.trim().toLowerCase() ?? '',
        query.series?.toLowerCase() ?? '',
        query.speaker?.toLowerCase() ?? '',
        query.book?.toLowerCase() ?? '',
        query.year ?? '',
      ])}` as const;
      return app.answerCache.send(reply, key, LIST_TTL.content, () =>
        expiring((now) => listSermons(app.db, now, { ...query, pageSize: limit })),
      );
    },
  );

  app.get('/filters', { schema: { response: { 200: envelope(filtersSchema) } } }, async (_request, reply) =>
    app.answerCache.send(reply, 'sermons:filters', LIST_TTL.content, () =>
      expiring(async (now) => ({ data: await sermonFilters(app.db, now) })),
    ),
  );

  app.get('/series', { schema: { response: { 200: envelope(listOf(sermonSeriesSchema)) } } }, async (_request, reply) =>
    app.answerCache.send(reply, 'sermons:series', LIST_TTL.content, () =>
      expiring(async (now) => ({ data: await listSeries(app.db, now) })),
    ),
  );

  app.get<{ Params: { slug: string } }>(
    '/series/:slug',
    {
      schema: {
        params: { type: 'object', properties: { slug: SLUG }, required: ['slug'] },
        response: {
          200: envelope({
            type: 'object',
            properties: { series: sermonSeriesSchema, sermons: listOf(sermonSummarySchema) },
          }),
          ...errors(400, 404),
        },
      },
    },
    async (request) => {
      const found = await findSeries(app.db, request.params.slug, app.clock.now());
      if (!found) throw notFound('That series');
      return { data: found };
    },
  );

  app.get<{ Params: { slugOrId: string } }>(
    '/:slugOrId',
    {
      schema: {
        params: { type: 'object', properties: { slugOrId: SLUG }, required: ['slugOrId'] },
        response: { 200: envelope(sermonSchema), ...errors(400, 404) },
      },
    },
    async (request) => {
      const sermon = await findSermon(app.db, request.params.slugOrId, app.clock.now());
      if (!sermon) throw notFound('That sermon');
      return { data: sermon };
    },
  );

  app.get<{ Params: { slugOrId: string } }>(
    '/:slugOrId/chapters.json',
    {
      schema: {
        params: { type: 'object', properties: { slugOrId: SLUG }, required: ['slugOrId'] },
        response: {
          200: {
            type: 'object',
            properties: {
              version: { type: 'string' },
              title: { type: 'string' },
              chapters: listOf({ type: 'object', properties: { startTime: { type: 'number' }, title: { type: 'string' } } }),
            },
          },
          ...errors(400, 404),
        },
      },
    },
    async (request, reply) => {
      const sermon = await findSermon(app.db, request.params.slugOrId, app.clock.now());
      if (!sermon?.chapters.length) throw notFound('Those chapters');
      return reply.type('application/json+chapters').send(chaptersJson(sermon.title, sermon.chapters));
    },
  );
}

/** A feed, built once until a sermon changes or the next scheduled one is due. */
interface KeptFeed {
  xml: string;
  etag: string;
  expires: number;
}

/** /sermons/podcast.xml and /sermons/series/:slug/podcast.xml. */
export async function podcastRoutes(app: FastifyInstance): Promise<void> {
  const kept = new Map<string, Promise<KeptFeed | null>>();
  app.answerCache.onClearHere.push((prefix) => {
    if ('sermons'.startsWith(prefix) || prefix.startsWith('sermons')) kept.clear();
  });

  function feed(seriesSlug?: string): Promise<KeptFeed | null> {
    const key = seriesSlug?.toLowerCase() ?? '';
    const current = kept.get(key);
    const fresh = (async () => {
      if (current) {
        const feed = await current.catch(() => null);
        if (feed && feed.expires > Date.now()) return feed;
      }
      const now = app.clock.now();
      const [xml, next] = await Promise.all([
        podcastFeed(app.db, app.config.publicUrl, now, seriesSlug),
        nextSermonDue(app.db, now),
      ]);
      if (xml === null) return null;
      const life = validUntil(next, now) ?? LIST_TTL.content * 10;
      return {
        xml,
        etag: `"${createHash('sha256').update(xml).digest('base64url').slice(0, 27)}"`,
        expires: Date.now() + Math.min(life, LIST_TTL.content * 10),
      };
    })();
    kept.set(key, fresh);
    fresh.catch(() => kept.delete(key));
    if (kept.size > 200) kept.delete(kept.keys().next().value!);
    return fresh;
  }

  const send = async (seriesSlug: string | undefined, request: FastifyRequest, reply: FastifyReply) => {
    const found = await feed(seriesSlug);
    if (!found) throw notFound(seriesSlug ? 'That series' : 'The podcast');
    reply.header('ETag', found.etag).header('Cache-Control', 'public, max-age=300');
    if (request.headers['if-none-match'] === found.etag) return reply.status(304).send();
    return reply.type('application/rss+xml; charset=utf-8').send(found.xml);
  };

  app.get('/podcast.xml', { schema: { response: { 404: errors(404)[404] } } }, (request, reply) =>
    send(undefined, request, reply),
  );
  app.get<{ Params: { slug: string } }>(
    '/series/:slug/podcast.xml',
    { schema: { params: { type: 'object', properties: { slug: SLUG }, required: ['slug'] }, response: { ...errors(400, 404) } } },
    (request, reply) => send(request.params.slug, request, reply),
  );
}

/** GET /api/live and /api/live/next.ics. */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const status = (now: Date) => liveStatus(app.db, now, app.config.live);

  // Not cached: a small query, and `now` must be the site's clock at this moment (the countdown starts from it).
  app.get('', { schema: { response: { 200: envelope(liveSchema) } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return { data: await status(app.clock.now()) };
  });

  app.get('/next.ics', { schema: { response: { ...errors(404) } } }, async (_request, reply) => {
    const { next } = await status(app.clock.now());
    if (!next) throw notFound('A service ahead');
    return reply
      .type('text/calendar; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="next-service.ics"')
      .header('Cache-Control', 'no-cache')
      .send(serviceCalendar(next, app.config.publicUrl));
  });
}
