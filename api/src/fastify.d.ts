import type { Kysely } from 'kysely';
import type { Database } from './db/index.js';
import type { AppConfig } from './config.js';
import type { SessionUser } from './lib/sessionUser.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbKind: 'pglite' | 'postgres';
    config: AppConfig;
    /** Serialized answers of public lists, kept briefly (lib/answerCache.ts). */
    answerCache: import('./lib/answerCache.js').AnswerCache;
    /** Background jobs that run once across every process (lib/jobs.ts). */
    jobs: import('./lib/jobs.js').Jobs;
    /** Where uploaded files are kept (lib/uploads.ts). */
    uploads: import('./lib/uploads.js').UploadStore;
    /** Where large uploaded files (sermon media) are kept, streamed in and out (lib/mediaStore.ts). */
    media: import('./lib/mediaStore.js').MediaStore;
    /** Redis when REDIS_URL is set (several processes), else null (lib/redis.ts). */
    redis: import('./lib/redis.js').RedisLink | null;
    /** Failure counters, shared by every process through Redis when it is set (lib/attempts.ts). */
    failureCounters: import('./lib/attempts.js').FailureCounters;
    /** The counters of each limit in config.limits (lib/limits.ts). */
    limits: import('./lib/limits.js').LimitCounters;
    /** What "now" is for scheduled content (lib/clock.ts; tests may move it). */
    clock: import('./lib/clock.js').Clock;
    /** The app's mail: through SMTP_URL (a pool of connections), else into the outbox folder (lib/mailer.ts). */
    mailer: import('./lib/mailer.js').Mailer;
    /** Work done once the answer is sent (lib/afterReply.ts). */
    afterReply: import('./lib/afterReply.js').AfterReply;
    /** The apps' releases the site serves (site/releases.ts) and how canaries fare (site/releaseHealth.ts). */
    releases: {
      registry: import('./site/releases.js').ReleaseRegistry;
      health: import('./site/releaseHealth.js').ReleaseHealth;
    };
    /** Kept pages answered before Fastify, when the site is served (site/pageFront.ts). */
    pageFront?: import('./site/pageFront.js').PageFront;
    /** Every route (method and URL), in registration order. */
    routeList: { method: string; url: string }[];
  }
  interface FastifyRequest {
    /** Set by the session plugin; null when signed out. */
    sessionUser?: SessionUser | null;
  }
}
