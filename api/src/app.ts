/**
 * Builds the Fastify application on an open database. Used by the server
 * and, with `app.inject`, by the tests.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import type { AppConfig } from './config.js';
import { setPasswordHashCost } from './lib/passwords.js';
import { installCommonPasswordList } from './lib/commonPasswords.js';
import { createAfterReply } from './lib/afterReply.js';
import { sharedCompilers } from './lib/schemaCompilers.js';
import { serializeRequest } from './lib/requestLog.js';
import { frontedServer, type ServerFront } from './lib/frontedServer.js';
import { AnswerCache } from './lib/answerCache.js';
import type { Db } from './db/index.js';
import { registerDataChanges } from './plugins/dataChanges.js';
import { registerErrorHandling, sendNotFound } from './plugins/errors.js';
import { registerSecurity } from './plugins/security.js';
import { installRoutes } from './modules/install/routes.js';
import { isPageRequest, registerSite } from './site/index.js';
import { registerSessions } from './plugins/session.js';
import { socialUserRoutes, userRoutes } from './modules/users/routes.js';
import { yourDataRoutes } from './modules/yourData/routes.js';
import { signInCodeRoutes } from './modules/signInCodes/routes.js';
import { passkeyRoutes } from './modules/passkeys/routes.js';
import { geoRoutes } from './modules/geo/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { staffVisitRoutes, visitRoutes } from './modules/visits/routes.js';
import { locationRoutes, staffLocationRoutes } from './modules/locations/routes.js';
import { groupRoutes, staffGroupRoutes } from './modules/groups/routes.js';
import { eventRoutes } from './modules/events/routes.js';
import { articleRoutes } from './modules/articles/routes.js';
import { staffYearThemeRoutes, yearThemeRoutes } from './modules/yearThemes/routes.js';
import { devotionalRoutes } from './modules/devotionals/routes.js';
import { prayerRoutes } from './modules/prayers/routes.js';
import { storyRoutes } from './modules/stories/routes.js';
import { newsletterRoutes } from './modules/newsletter/routes.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { waitlistRoutes } from './modules/waitlist/routes.js';
import { commentRoutes } from './modules/comments/routes.js';
import { moderationRoutes } from './modules/moderation/routes.js';
import { sharingRoutes } from './modules/sharing/routes.js';
import { activityRoutes } from './modules/activity/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { imageRoutes } from './modules/images/routes.js';
import { createClock } from './lib/clock.js';
import { failureCounters } from './lib/attempts.js';
import { createLimitCounters } from './lib/limits.js';
import { connectRedis } from './lib/redis.js';
import { createUploadStore } from './lib/uploads.js';
import { createMediaStore } from './lib/mediaStore.js';
import { createJobs } from './lib/jobs.js';
import { createMailer } from './lib/mailer.js';
import { testClockRoutes } from './modules/health/testClock.js';
import { myPostRoutes } from './modules/myPosts/routes.js';
import { reportRoutes } from './modules/reports/routes.js';
import { memberRoutes } from './modules/members/routes.js';
import { staffEventRoutes } from './modules/staffEvents/routes.js';
import { staffDonationRoutes } from './modules/staffDonations/routes.js';

import { contentAdminRoutes } from './modules/contentAdmin/routes.js';
import { releaseAdminRoutes, releaseErrorRoutes } from './modules/releases/routes.js';
import { ReleaseRegistry } from './site/releases.js';
import { ReleaseHealth } from './site/releaseHealth.js';
import { mediaRoutes } from './modules/media/routes.js';
import { servingFeedRoutes, servingRoutes, staffServingRoutes } from './modules/serving/routes.js';
import { calendarFeedRoutes, myCalendarFeedRoutes } from './modules/calendar/routes.js';
import { liveRoutes, podcastRoutes, sermonRoutes } from './modules/sermons/routes.js';
import { pushRoutes, staffAnnouncementRoutes } from './modules/push/routes.js';
import { staffSeriesRoutes, staffSermonRoutes, staffSpeakerRoutes } from './modules/sermons/staffRoutes.js';

/** The Redis channel on which a process tells the others which cached answers to drop. */
const CACHE_CHANNEL = 'answers:clear';

export interface BuildOptions {
  database: Db;
  config: AppConfig;
  /** Serve the built site as well as the API (off in most API tests). */
  serveSite?: boolean;
}

export async function buildApp({ database, config, serveSite = true }: BuildOptions): Promise<FastifyInstance> {
  setPasswordHashCost(config.passwordHashCost);
  // The shared form rules refuse common and breached passwords here (the list is the server's).
  installCommonPasswordList();
  // Kept pages are answered in front of Fastify once the site is registered (site/pageFront.ts).
  const front: ServerFront = { handle: null };
  const app = Fastify({
    serverFactory: frontedServer(front),
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, serializers: { req: serializeRequest } },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A client that sends its request slowly is cut off: no connection is held open for ever
    // (checked every few seconds; Node's default is every 30).
    requestTimeout: config.requestTimeoutSeconds * 1000,
    connectionTimeout: config.requestTimeoutSeconds * 1000,
    http: {
      headersTimeout: Math.min(60_000, config.requestTimeoutSeconds * 1000),
      connectionsCheckingInterval: Math.min(5000, config.requestTimeoutSeconds * 500),
    },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
    schemaController: { compilersFactory: sharedCompilers },
  });

  // Several processes share rate limits, failed logins and cache clearing through Redis.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, config.redisPrefix, app.log) : null;
  app.decorate('redis', redis);
  const clock = createClock();
  app.decorate('clock', clock);
  app.decorate(
    'failureCounters',
    failureCounters(redis?.client ?? null, config.redisPrefix, () => clock.now().getTime()),
  );
  app.addHook('onClose', async () => redis?.close());
  // Fastify closes a server it was given only if it listened; one that never did (app.inject) is closed here.
  app.addHook('onClose', (instance, done) => {
    if (instance.server.listening) return done();
    instance.server.close(() => done());
  });

  // One mailer for the app (a pool of SMTP connections with SMTP_URL). Fastify runs onClose hooks
  // last-added first: this one runs after the jobs and the work after replies below, which send mail.
  const mailer = createMailer(config, (m) => app.log.info(m));
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());

  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('uploads', createUploadStore(config, database.db, database.kind));
  app.decorate('media', createMediaStore(config, database.db, database.kind));
  const jobs = createJobs(app);
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.stop());
  app.decorate('config', config);
  app.decorate('limits', createLimitCounters(app));
  const answerCache = new AnswerCache();
  app.decorate('answerCache', answerCache);
  if (redis) {
    await redis.subscribe(CACHE_CHANNEL, (prefix) => answerCache.clearHere(prefix));
    answerCache.broadcast = (prefix) => void redis.publish(CACHE_CHANNEL, prefix).catch(() => undefined);
  }
  app.decorate('afterReply', createAfterReply(app.log));
  app.addHook('onClose', async () => app.afterReply.idle());
  // Every route's method and URL, for the checks that walk the whole API (fuzzing, IDOR).
  const routeList: { method: string; url: string }[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeList.push({ method, url: route.url });
  });

  // The apps' releases: what each page is served and rendered with, per visitor (canaries, release checks).
  const registry = new ReleaseRegistry({
    releasesDir: config.releasesDir,
    remoteLocations: config.remoteLocations,
    log: app.log,
  });
  await registry.start();
  app.addHook('onClose', async () => registry.stop());
  app.decorate('releases', {
    registry,
    health: new ReleaseHealth({
      registry,
      redis,
      db: database.db,
      log: app.log,
      minErrorViews: config.canaryMinErrorViews,
      errorFactor: config.canaryErrorFactor,
    }),
  });

  registerErrorHandling(app);
  registerSecurity(app, config);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10, parts: 12 } });
  await app.register(fastifyRateLimit, {
    global: false,
    // Counted together by every process when several run.
    ...(redis ? { redis: redis.client, nameSpace: `${config.redisPrefix}rate:` } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      error: { code: 'too_many_requests', message: 'Too many attempts. Please wait a few minutes and try again.' },
    }),
  });
  registerSessions(app);
  registerDataChanges(app);

  // Each module is a plugin registered at the URL prefix it owns; its routes are written
  // relative to it. A route written '' answers the prefix itself and nothing else ('/'
  // would answer it with and without a trailing slash).
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(locationRoutes, { prefix: '/api/locations' });
  await app.register(staffLocationRoutes, { prefix: '/api/admin/locations' });
  await app.register(visitRoutes, { prefix: '/api/visits' });
  await app.register(staffVisitRoutes, { prefix: '/api/admin' }); // /api/admin/visits, /api/admin/visits.csv
  await app.register(eventRoutes, { prefix: '/api/events' });
  await app.register(articleRoutes, { prefix: '/api/news', kind: 'news' });
  await app.register(articleRoutes, { prefix: '/api/pressrelease', kind: 'press' });
  await app.register(yearThemeRoutes, { prefix: '/api/year-theme' });
  await app.register(devotionalRoutes, { prefix: '/api/devotionals' });
  await app.register(prayerRoutes, { prefix: '/api/prayers' });
  await app.register(groupRoutes, { prefix: '/api/groups' });
  await app.register(staffGroupRoutes, { prefix: '/api/admin/groups' });
  await app.register(storyRoutes, { prefix: '/api' }); // /api/story and /api/stories
  await app.register(commentRoutes, { prefix: '/api/comments' });
  await app.register(moderationRoutes, { prefix: '/api/moderation' });
  await app.register(myPostRoutes, { prefix: '/api/community/mine' });
  await app.register(reportRoutes, { prefix: '/api/community/report' });
  await app.register(newsletterRoutes, { prefix: '/api' }); // /api/newsletter, /api/user/newsletter, /api/admin/...
  await app.register(userRoutes, { prefix: '/api/user' });
  await app.register(yourDataRoutes, { prefix: '/api/user' });
  await app.register(signInCodeRoutes, { prefix: '/api/user' });
  await app.register(passkeyRoutes, { prefix: '/api/user' });
  await app.register(socialUserRoutes, { prefix: '/socialuser' });
  await app.register(geoRoutes, { prefix: '/api/geo' });
  await app.register(paymentRoutes); // its plugins sit at /api/payment, /api/giving and /pay
  await app.register(waitlistRoutes, { prefix: '/api' }); // /api/events/{id}/waitlist, /api/admin/events/{id}/waitlist
  await app.register(sharingRoutes, { prefix: '/api/share' });
  await app.register(activityRoutes, { prefix: '/api/admin' });
  await app.register(dashboardRoutes, { prefix: '/api/admin' });
  await app.register(contentAdminRoutes, { prefix: '/api/admin' });
  await app.register(staffYearThemeRoutes, { prefix: '/api/admin/year-themes' });
  await app.register(imageRoutes, { prefix: '/api/admin' });
  await app.register(memberRoutes, { prefix: '/api/admin/members' });
  await app.register(staffEventRoutes, { prefix: '/api/admin/events' });
  await app.register(staffDonationRoutes, { prefix: '/api/admin' });
  await app.register(releaseAdminRoutes, { prefix: '/api/admin/releases' });
  await app.register(releaseErrorRoutes, { prefix: '/api/releases' });
  await app.register(sermonRoutes, { prefix: '/api/sermons' });
  await app.register(podcastRoutes, { prefix: '/sermons' }); // /sermons/podcast.xml, /sermons/series/:slug/podcast.xml
  await app.register(liveRoutes, { prefix: '/api/live' });
  await app.register(staffSermonRoutes, { prefix: '/api/admin/sermons' });
  await app.register(staffSeriesRoutes, { prefix: '/api/admin/sermon-series' });
  await app.register(staffSpeakerRoutes, { prefix: '/api/admin/speakers' });
  await app.register(mediaRoutes, { prefix: '/media/uploads' });
  await app.register(calendarFeedRoutes); // /calendar.ics, /calendar/tickets/:token.ics
  await app.register(installRoutes); // /manifest.webmanifest, /icons/:file
  await app.register(myCalendarFeedRoutes, { prefix: '/api/calendar' });
  await app.register(servingRoutes, { prefix: '/api/serving' });
  await app.register(staffServingRoutes, { prefix: '/api/admin/serving' });
  await app.register(servingFeedRoutes); // /calendar/serving/:token.ics
  await app.register(pushRoutes, { prefix: '/api/push' });
  await app.register(staffAnnouncementRoutes, { prefix: '/api/admin/announcements' });

  if (config.testClock) await app.register(testClockRoutes, { prefix: '/api/test' });

  if (serveSite) {
    const site = await registerSite(app, config);
    front.handle = site.front;
    app.setNotFoundHandler(async (request, reply) =>
      isPageRequest(request) ? site.sendIndex(request, reply) : sendNotFound(request, reply),
    );
  } else {
    app.setNotFoundHandler(sendNotFound);
  }

  return app;
}
