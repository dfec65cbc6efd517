/**
 * Counts events per key in a sliding window (failed logins per account
 * and address, sign-ups per device, test gifts per giver, notes to an
 * address's owner). For sign-ins only failures count, so many members
 * signing in from one network are never held up by each other's successes.
 *
 * In memory by default (one process); in Redis when REDIS_URL is set, so
 * every server process counts together and a limit holds across them.
 * Time is the site's clock (`now`), which tests move instead of waiting.
 */
import type { Redis } from 'ioredis';

export interface FailureCounter {
  /** The failures of `key` in the window. */
  count(key: string): Promise<number>;
  isBlocked(key: string): Promise<boolean>;
  fail(key: string): Promise<void>;
  clear(key: string): Promise<void>;
  /** Forgets every key that starts with `prefix`. */
  clearPrefix(prefix: string): Promise<void>;
}

/** One process's counts. */
export class MemoryFailureCounter implements FailureCounter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxKeys = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  async count(key: string): Promise<number> {
    return this.recent(key, this.now()).length;
  }

  async isBlocked(key: string): Promise<boolean> {
    return this.recent(key, this.now()).length >= this.max;
  }

  async fail(key: string): Promise<void> {
    const now = this.now();
    const list = [...this.recent(key, now), now];
    // Re-inserted so the map stays ordered by latest failure: when full, the key idle longest goes, never an active one.
    this.failures.delete(key);
    this.failures.set(key, list);
    if (this.failures.size > this.maxKeys) this.failures.delete(this.failures.keys().next().value!);
  }

  async clear(key: string): Promise<void> {
    this.failures.delete(key);
  }

  async clearPrefix(prefix: string): Promise<void> {
    for (const key of [...this.failures.keys()]) if (key.startsWith(prefix)) this.failures.delete(key);
  }
}

/** Counts kept in Redis: a sorted set per key, scored by time, expiring with its window. */
export class RedisFailureCounter implements FailureCounter {
  private sequence = 0;

  constructor(
    private readonly redis: Redis,
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly prefix = 'ministry:',
    private readonly now: () => number = Date.now,
  ) {}

  private key(key: string): string {
    return `${this.prefix}failures:${this.name}:${key}`;
  }

  async count(key: string): Promise<number> {
    const now = this.now();
    const [, [, count]] = (await this.redis
      .multi()
      .zremrangebyscore(this.key(key), '-inf', now - this.windowMs)
      .zcard(this.key(key))
      .exec()) as [[Error | null, unknown], [Error | null, number]];
    return count;
  }

  async isBlocked(key: string): Promise<boolean> {
    return (await this.count(key)) >= this.max;
  }

  async fail(key: string): Promise<void> {
    const now = this.now();
    const member = `${now}:${process.pid}:${++this.sequence}`;
    await this.redis.multi().zadd(this.key(key), now, member).pexpire(this.key(key), this.windowMs).exec();
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.key(key));
  }

  async clearPrefix(prefix: string): Promise<void> {
    const stream = this.redis.scanStream({ match: `${this.key(prefix).replace(/[*?[\]]/g, '\\$&')}*`, count: 200 });
    for await (const keys of stream as AsyncIterable<string[]>) if (keys.length) await this.redis.del(...keys);
  }
}

/** Makes the counters of one API: in Redis when it has one, else in memory. */
export type FailureCounters = (name: string, max: number, windowMs: number) => FailureCounter;

export const failureCounters =
  (redis: Redis | null, prefix = 'ministry:', now: () => number = Date.now): FailureCounters =>
  (name, max, windowMs) =>
    redis
      ? new RedisFailureCounter(redis, name, max, windowMs, prefix, now)
      : new MemoryFailureCounter(max, windowMs, 50_000, now);
