/**
 * Notifications members choose (Web Push).
 *
 * A member (`pushRoutes`, /api/push):
 * - GET /api/push/key: the site's VAPID public key (anyone; the browser
 *   subscribes with it);
 * - GET /api/push[?endpoint=]: their topics, the devotional's time, in how
 *   many browsers notifications are on, and whether the browser named is one;
 * - PUT /api/push/topics: topics on or off, the devotional's time ('HH:mm');
 * - POST /api/push/subscriptions: turns notifications on in this browser
 *   (its PushSubscription as JSON); at most PUSH_SUBSCRIPTIONS_PER_MEMBER
 *   browsers, the oldest forgotten past that;
 * - DELETE /api/push/subscriptions { endpoint }: turns them off there.
 * Changes count against LIMIT_PUSH_CHANGES_PER_ACCOUNT.
 *
 * The staff (editors and admins, `staffAnnouncementRoutes`, /api/admin/announcements):
 * - GET: the last announcements and how many members would get one now;
 * - POST /preview: the notification as members would see it, and to how many;
 * - POST: sends it (LIMIT_ANNOUNCEMENTS_PER_ACCOUNT; in the activity log).
 *
 * The job `push` (once across processes, every minute) makes the day's
 * devotionals, the reminders of the day before and the "new sermon"
 * notifications that are due, and sends what was made (service.ts).
 */
import type { FastifyInstance } from 'fastify';
import {
  AnnouncementContract,
  AnnouncementListContract,
  AnnouncementPreviewContract,
  PushKeyContract,
  PushSettingsContract,
} from '@ministry/shared/contracts';
import { badRequest } from '../../lib/errors.js';
import { byAccount, limitedBy } from '../../lib/limits.js';
import { requireRole, requireUser, staffOnly } from '../../plugins/session.js';
import { answerSchema, envelope, errors } from '../../schemas/entities.js';
import { recordActivity } from '../activity/service.js';
import { vapidKeys } from './keys.js';
import {
  announcementAudience,
  announcementLink,
  checkEndpoint,
  checkKeys,
  deliverPushes,
  forgetOldPushes,
  pushSettings,
  queueDevotionals,
  queueReminders,
  queueSermons,
  recentAnnouncements,
  sendAnnouncement,
  setTopics,
  stopPath,
  subscribe,
  TIME_PATTERN,
  TOPICS,
  unsubscribe,
  type BrowserSubscription,
  type TopicChanges,
} from './service.js';
import { writesChange } from '../../plugins/dataChanges.js';

const settingsAnswer = envelope(answerSchema(PushSettingsContract));
/** Each topic on or off (what PUT /topics may change). */
const topicFlags = Object.fromEntries(TOPICS.map((t) => [t, { type: 'boolean' }]));

const endpointSchema = { type: 'string', minLength: 12, maxLength: 1000 } as const;
const base64url = (min: number, max: number) => ({
  type: 'string',
  minLength: min,
  maxLength: max,
  pattern: '^[A-Za-z0-9_-]+=*$',
});

export async function pushRoutes(app: FastifyInstance): Promise<void> {
  // Notifications are each member's own.
  writesChange(app, []);
  const changes = limitedBy([['pushChangesPerAccount', byAccount]]);

  app.get('/key', { schema: { response: { 200: envelope(answerSchema(PushKeyContract)) } } }, async () => ({
    data: { publicKey: (await vapidKeys(app)).publicKey },
  }));

  app.get<{ Querystring: { endpoint?: string } }>(
    '',
    {
      schema: {
        querystring: { type: 'object', properties: { endpoint: endpointSchema }, additionalProperties: false },
        response: { 200: settingsAnswer, ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      reply.header('cache-control', 'no-store');
      return { data: await pushSettings(app.db, me.id, request.query.endpoint) };
    },
  );

  app.put<{ Body: TopicChanges }>(
    '/topics',
    {
      onRequest: async (request) => void requireUser(request),
      preHandler: changes,
      schema: {
        body: {
          type: 'object',
          minProperties: 1,
          properties: { ...topicFlags, devotionalTime: { type: 'string', pattern: TIME_PATTERN } },
          additionalProperties: false,
        },
        response: { 200: settingsAnswer, ...errors(400, 401, 429) },
      },
    },
    async (request) => {
      const me = requireUser(request);
      await setTopics(app.db, me.id, request.body, app.clock.now());
      return { data: await pushSettings(app.db, me.id) };
    },
  );

  app.post<{ Body: BrowserSubscription & { expirationTime?: number | null } }>(
    '/subscriptions',
    {
      onRequest: async (request) => void requireUser(request),
      preHandler: changes,
      schema: {
        body: {
          type: 'object',
          required: ['endpoint', 'keys'],
          properties: {
            endpoint: endpointSchema,
            expirationTime: { type: ['number', 'null'] },
            keys: {
              type: 'object',
              required: ['p256dh', 'auth'],
              properties: { p256dh: base64url(80, 100), auth: base64url(16, 32) },
              additionalProperties: false,
            },
          },
          additionalProperties: false,
        },
        response: { 201: settingsAnswer, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const { endpoint, keys } = request.body;
      checkEndpoint(endpoint, app.config.publicUrl);
      checkKeys(keys);
      await subscribe(
        app.db,
        me.id,
        { endpoint, keys },
        request.headers['user-agent'],
        app.config.push.subscriptionsPerMember,
        app.clock.now(),
      );
      reply.code(201);
      return { data: await pushSettings(app.db, me.id, endpoint) };
    },
  );

  app.delete<{ Body: { endpoint: string } }>(
    '/subscriptions',
    {
      onRequest: async (request) => void requireUser(request),
      preHandler: changes,
      schema: {
        body: { type: 'object', required: ['endpoint'], properties: { endpoint: endpointSchema }, additionalProperties: false },
        response: { 200: settingsAnswer, ...errors(400, 401, 429) },
      },
    },
    async (request) => {
      const me = requireUser(request);
      await unsubscribe(app.db, me.id, request.body.endpoint);
      return { data: await pushSettings(app.db, me.id) };
    },
  );

  // What is due is made, and what was made is sent: once across every process.
  app.jobs.every('push', 60_000, async () => {
    const now = app.clock.now();
    await queueDevotionals(app.db, now);
    await queueReminders(app.db, now);
    await queueSermons(app.db, now);
    await deliverPushes(app, now);
    await forgetOldPushes(app.db, now);
  });
}

const announcementBody = {
  type: 'object',
  required: ['title', 'body'],
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 80 },
    body: { type: 'string', minLength: 1, maxLength: 240 },
    url: { type: 'string', maxLength: 500 },
  },
  additionalProperties: false,
} as const;

type AnnouncementBody = { title: string; body: string; url?: string };

/** The announcement as it goes: its words trimmed, its link checked; 400 when empty. */
function announcementOf(body: AnnouncementBody) {
  const title = body.title.trim();
  const text = body.body.trim();
  const fields: Record<string, string> = {};
  if (!title) fields.title = 'Required';
  if (!text) fields.body = 'Required';
  if (Object.keys(fields).length) throw badRequest('An announcement needs a title and a message.', fields);
  return { title, body: text, url: announcementLink(body.url ?? '') };
}

export async function staffAnnouncementRoutes(app: FastifyInstance): Promise<void> {
  // An announcement goes to devices, not to a page.
  writesChange(app, []);
  const staff = staffOnly('editor');

  app.get(
    '',
    {
      onRequest: staff,
      schema: {
        response: {
          200: envelope(answerSchema(AnnouncementListContract)),
          ...errors(401, 403),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: { audience: await announcementAudience(app.db), announcements: await recentAnnouncements(app.db) } };
    },
  );

  app.post<{ Body: AnnouncementBody }>(
    '/preview',
    {
      onRequest: staff,
      schema: {
        body: announcementBody,
        response: {
          200: envelope(answerSchema(AnnouncementPreviewContract)),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => {
      const announcement = announcementOf(request.body);
      return {
        data: { ...announcement, stopUrl: stopPath('announcements'), audience: await announcementAudience(app.db) },
      };
    },
  );

  app.post<{ Body: AnnouncementBody }>(
    '',
    {
      onRequest: staff,
      preHandler: limitedBy(
        [['announcementsPerAccount', byAccount]],
        'You have sent as many announcements as one person may today. Please wait, or ask another member of the staff.',
      ),
      schema: {
        body: announcementBody,
        response: { 201: envelope(answerSchema(AnnouncementContract)), ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const me = requireRole(request, 'editor');
      const announcement = await sendAnnouncement(app.db, me, announcementOf(request.body), app.clock.now());
      await recordActivity(app.db, me, {
        action: 'sent',
        subjectType: 'announcement',
        subjectId: announcement._id,
        summary: `Announcement "${announcement.title}" sent to ${announcement.recipients} member${announcement.recipients === 1 ? '' : 's'}`,
      });
      app.afterReply.run('send an announcement', () => app.jobs.run('push'));
      reply.code(201);
      return { data: announcement };
    },
  );
}
