/**
 * Redis, when REDIS_URL is set: what several server processes (on one
 * machine or several) must share. Rate limits and failed-login counts are
 * counted there together, and a change made through one process clears the
 * caches of every process (a message on one channel). Without Redis, one
 * process keeps all of it in memory, as the default single process needs.
 */
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

export interface RedisLink {
  /** Commands (counters, the rate limit's store). Keys start with the site's prefix (REDIS_PREFIX). */
  client: Redis;
  /** The site's prefix of keys and channels. */
  prefix: string;
  /** Calls `handler` with every message published on `channel` (by any process, this one included). */
  subscribe: (channel: string, handler: (message: string) => void) => Promise<void>;
  publish: (channel: string, message: string) => Promise<unknown>;
  /** Whether Redis answers (the readiness probe). */
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
}

export async function connectRedis(url: string, prefix: string, log: FastifyBaseLogger): Promise<RedisLink> {
  const options = { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: true, connectTimeout: 5000 } as const;
  // Loaded only where REDIS_URL is set.
  const { Redis } = await import('ioredis');
  const client = new Redis(url, options);
  const subscriber = new Redis(url, options);
  for (const [name, connection] of [
    ['commands', client],
    ['subscriber', subscriber],
  ] as const) {
    connection.on('error', (error: Error) => log.warn(`Redis (${name}): ${error.message}`));
  }
  await Promise.all([client.connect(), subscriber.connect()]);
  const handlers = new Map<string, ((message: string) => void)[]>();
  subscriber.on('message', (channel: string, message: string) => {
    for (const handler of handlers.get(channel) ?? []) handler(message);
  });
  return {
    client,
    prefix,
    subscribe: async (channel, handler) => {
      const name = `${prefix}${channel}`;
      if (!handlers.has(name)) {
        handlers.set(name, []);
        await subscriber.subscribe(name);
      }
      handlers.get(name)!.push(handler);
    },
    publish: (channel, message) => client.publish(`${prefix}${channel}`, message),
    ping: async () => {
      try {
        return (await client.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    close: async () => {
      await Promise.allSettled([client.quit(), subscriber.quit()]);
    },
  };
}
