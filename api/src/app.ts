/**
 * Builds the Fastify application on an open database. Used by the server
 * and, with `app.inject`, by the tests.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import type { AppConfig } from './config.js';
import { createAfterReply } from './lib/afterReply.js';
import { AnswerCache } from './lib/answerCache.js';
import type { Db } from './db/index.js';
import { registerErrorHandling, sendNotFound } from './plugins/errors.js';
import { registerSecurity } from './plugins/security.js';
import { isPageRequest, registerSite } from './plugins/site.js';
import { registerSessions } from './plugins/session.js';
import { userRoutes } from './modules/users/routes.js';
import { geoRoutes } from './modules/geo/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { locationRoutes } from './modules/locations/routes.js';
import { eventRoutes } from './modules/events/routes.js';
import { newsRoutes } from './modules/news/routes.js';
import { pressRoutes } from './modules/press/routes.js';
import { devotionalRoutes } from './modules/devotionals/routes.js';
import { prayerRoutes } from './modules/prayers/routes.js';
import { storyRoutes } from './modules/stories/routes.js';
import { newsletterRoutes } from './modules/newsletter/routes.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { commentRoutes } from './modules/comments/routes.js';
import { moderationRoutes } from './modules/moderation/routes.js';

export interface BuildOptions {
  database: Db;
  config: AppConfig;
  /** Serve the built site as well as the API (off in most API tests). */
  serveSite?: boolean;
}

export async function buildApp({ database, config, serveSite = true }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
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
  });

  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('config', config);
  app.decorate('answerCache', new AnswerCache());
  app.decorate('afterReply', createAfterReply(app.log));
  app.addHook('onClose', async () => app.afterReply.idle());
  // Every route's method and URL, for the checks that walk the whole API (fuzzing, IDOR).
  const routeList: { method: string; url: string }[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeList.push({ method, url: route.url });
  });

  registerErrorHandling(app);
  registerSecurity(app, config);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10, parts: 12 } });
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      error: { code: 'too_many_requests', message: 'Too many attempts. Please wait a few minutes and try again.' },
    }),
  });
  registerSessions(app);

  for (const routes of [
    healthRoutes,
    locationRoutes,
    eventRoutes,
    newsRoutes,
    pressRoutes,
    devotionalRoutes,
    prayerRoutes,
    storyRoutes,
    commentRoutes,
    moderationRoutes,
    newsletterRoutes,
    userRoutes,
    geoRoutes,
    paymentRoutes,
    (await import('./modules/sharing/routes.js')).sharingRoutes, // share previews: adds its page transform once the site is served
  ]) {
    await app.register(routes);
  }

  if (serveSite) {
    const site = await registerSite(app, config);
    app.decorate('site', site);
    app.setNotFoundHandler(async (request, reply) =>
      isPageRequest(request) ? site.sendIndex(request, reply) : sendNotFound(request, reply),
    );
  } else {
    app.setNotFoundHandler(sendNotFound);
  }

  return app;
}
