import type { Kysely } from 'kysely';
import type { Database } from './db/index.js';
import type { AppConfig } from './config.js';

/** The signed-in member of a request, from the session cookie. */
export interface SessionUser {
  id: string;
  role: 'member' | 'admin';
  email: string;
  firstname: string;
  lastname: string;
  /** Whether the member confirmed their e-mail address (needed to post and to buy). */
  verified: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbKind: 'pglite' | 'postgres';
    config: AppConfig;
    site?: import('./plugins/site.js').SiteServer;
    /** Serialized answers of public lists, kept briefly (lib/answerCache.ts). */
    answerCache: import('./lib/answerCache.js').AnswerCache;
    /** Work done once the answer is sent (lib/afterReply.ts). */
    afterReply: import('./lib/afterReply.js').AfterReply;
    /** Every route (method and URL), in registration order. */
    routeList: { method: string; url: string }[];
  }
  interface FastifyRequest {
    /** Set by the session plugin; null when signed out. */
    sessionUser?: SessionUser | null;
  }
}
