import type { FastifyInstance } from 'fastify';
import type { DataTopic } from '../lib/topics.js';

/**
 * The community's writes and the public data they change. A member's post,
 * like, "prayed", comment or new name, or a moderator's decision, changes
 * what the prayer wall and the stories show: after any such write succeeds,
 * that data's cached answers and rendered pages are cleared in every process
 * (the pages list the data they show in their manifest's `data`).
 * Staff writes of other content clear their own topics where they happen.
 */
const CHANGES: { route: RegExp; topics: DataTopic[] }[] = [
  { route: /^\/api\/prayers\/(add\/|:id\/)/, topics: ['prayers'] },
  { route: /^\/api\/story\/(add|like)\//, topics: ['stories'] },
  { route: /^\/api\/comments\//, topics: ['prayers', 'stories'] },
  { route: /^\/api\/(moderation|community\/mine)\//, topics: ['prayers', 'stories'] },
  { route: /^\/api\/user\/(updateBasic|updatePhoto|deletePhoto)\//, topics: ['prayers', 'stories'] },
  { route: /^\/api\/admin\/members\//, topics: ['prayers', 'stories'] },
];

/** The topics a successful write to `route` changes. */
export function topicsChangedBy(method: string, route: string | undefined): DataTopic[] {
  if (method === 'GET' || method === 'HEAD' || !route) return [];
  return [...new Set(CHANGES.filter((c) => c.route.test(route)).flatMap((c) => c.topics))];
}

export function registerDataChanges(app: FastifyInstance): void {
  // Callback-style: every answer passes here, and reads (most of them) change nothing (no promise per request).
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode < 400)
      for (const topic of topicsChangedBy(request.method, request.routeOptions.url)) app.answerCache.clear(topic);
    done();
  });
}
