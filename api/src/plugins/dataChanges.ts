import type { FastifyInstance, RouteOptions } from 'fastify';
import type { DataTopic } from '../lib/topics.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The public data a successful call of this write route changes (its
     * topics): the cached answers and kept pages that show it are cleared in
     * every process once it answers. `[]`: it changes nothing a visitor sees.
     */
    changes?: readonly DataTopic[];
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const writes = (route: Pick<RouteOptions, 'method'>) =>
  (Array.isArray(route.method) ? route.method : [route.method]).some((m) => WRITES.has(m));

/**
 * The topics every write route of `app` (a module's routes) changes, unless
 * the route names its own (`config: { changes: [...] }`). Call it before the
 * module declares its routes.
 */
export function writesChange(app: FastifyInstance, topics: readonly DataTopic[]): void {
  app.addHook('onRoute', (route) => {
    if (writes(route) && route.config?.changes === undefined) route.config = { ...route.config, changes: topics };
  });
}

/**
 * A write names the public data it changes, one way: its route's
 * `config.changes` (or its module's `writesChange`). Once a write succeeds,
 * those topics' cached answers and rendered pages are cleared in every
 * process before its answer leaves (pages list the topics they show in
 * their manifest's `data`).
 * Work outside a request (a job, what a payment's webhook sets off) clears
 * what it changes itself, with `app.answerCache.clear(topic)`.
 *
 * Every write route under /api must name its topics: the app refuses to
 * start otherwise, so a new write cannot forget the pages it makes stale.
 */
export function registerDataChanges(app: FastifyInstance): void {
  const writeRoutes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (writes(route) && route.url.startsWith('/api/')) writeRoutes.push(route);
  });
  app.addHook('onReady', async () => {
    const silent = writeRoutes.filter((route) => route.config?.changes === undefined);
    if (silent.length)
      throw new Error(
        `These write routes do not name the public data they change (config.changes, or writesChange in their module; [] for none): ${silent
          .map((r) => `${String(r.method)} ${r.url}`)
          .join(', ')}`,
      );
  });
  // Before the answer leaves: a client told "done" never reads the old copy after. Callback-style: every answer
  // passes here, and reads (most of them) change nothing (no promise per request).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode < 400) for (const topic of request.routeOptions.config.changes ?? []) app.answerCache.clear(topic);
    done(null, payload);
  });
}
