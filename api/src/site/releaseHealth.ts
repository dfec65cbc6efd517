/**
 * How a canary fares beside the live release. While an app has a canary,
 * every page this server sends that shows the app counts as a page view of
 * the release it was served (the canary or the live one), and browsers
 * report a page view whose code of that app threw (POST /api/releases/errors,
 * once per page view and app). A canary whose page views have errors at
 * CANARY_ERROR_FACTOR times the live release's rate or more, once
 * CANARY_MIN_ERROR_VIEWS of its page views had errors, is rolled back on
 * its own: at once, by whichever process counts the report that tips it;
 * the log, the activity log and the release page say why.
 *
 * The counts are shared by every process through Redis when it is set, and
 * kept in memory otherwise (one process).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ReleaseCounts } from '@ministry/shared/types';
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.js';
import type { RedisLink } from '../lib/redis.js';
import { recordSystemActivity } from '../modules/activity/service.js';
import { readPointer, rollBack } from '../../../scripts/lib/release-store.mjs';
import type { ReleaseRegistry, SiteSnapshot } from './releases.js';

export interface CanaryHealth {
  dir: string;
  release: string;
  live: string;
  percent: number;
  startedAt: string;
  canary: ReleaseCounts;
  liveRelease: ReleaseCounts;
}

export interface ErrorReport {
  /** The app's federation name (`mfe_giving`) or folder name. */
  app: string;
  release: string;
  message: string;
  page: string;
}

export interface ReleaseHealthOptions {
  registry: ReleaseRegistry;
  redis: RedisLink | null;
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  minErrorViews: number;
  errorFactor: number;
}

type Counter = 'views' | 'errorViews';

export class ReleaseHealth {
  private readonly memory = new Map<string, number>();

  constructor(private readonly options: ReleaseHealthOptions) {}

  /** The counter's key: per app, per canary (the period it runs), per release served. */
  private key(dir: string, canary: string, release: string, counter: Counter): string {
    return `${dir}|${canary}|${release}|${counter}`;
  }

  private async add(key: string): Promise<number> {
    const redis = this.options.redis;
    if (redis) {
      const name = `${redis.prefix}release-health`;
      const [[, value]] = (await redis.client
        .multi()
        .hincrby(name, key, 1)
        .expire(name, 30 * 86400)
        .exec()) as [[unknown, number]];
      return Number(value);
    }
    const value = (this.memory.get(key) ?? 0) + 1;
    this.memory.set(key, value);
    return value;
  }

  private async read(keys: string[]): Promise<number[]> {
    const redis = this.options.redis;
    if (redis) {
      const values = keys.length ? await redis.client.hmget(`${redis.prefix}release-health`, ...keys) : [];
      return values.map((v) => Number(v ?? 0));
    }
    return keys.map((k) => this.memory.get(k) ?? 0);
  }

  /** A page was sent with `snapshot`, showing the apps `dirs`: one view per app that has a canary. */
  pageViewed(snapshot: SiteSnapshot, dirs: string[]): void {
    const canaries = this.options.registry.canaries();
    if (!canaries.length) return;
    for (const canary of canaries) {
      if (!dirs.includes(canary.dir)) continue;
      const served = snapshot.canaries.includes(canary.dir) ? canary.release : canary.live;
      void this.add(this.key(canary.dir, canary.release, served, 'views')).catch(() => undefined);
    }
  }

  /**
   * A browser's report of a page view with errors. Counted when it names a
   * release the site serves while that app has a canary; a canary that
   * crosses the line is rolled back. Answers whether it was counted.
   */
  async reportError(report: ErrorReport): Promise<boolean> {
    const canary = this.options.registry.canaries().find((c) => c.dir === report.app || c.name === report.app);
    if (!canary || (report.release !== canary.release && report.release !== canary.live)) return false;
    await this.add(this.key(canary.dir, canary.release, report.release, 'errorViews'));
    if (report.release === canary.release) await this.judge(canary.dir);
    return true;
  }

  /** The canaries under way and their figures. */
  async canaries(): Promise<CanaryHealth[]> {
    const result: CanaryHealth[] = [];
    for (const canary of this.options.registry.canaries()) {
      const [cv, ce, lv, le] = await this.read([
        this.key(canary.dir, canary.release, canary.release, 'views'),
        this.key(canary.dir, canary.release, canary.release, 'errorViews'),
        this.key(canary.dir, canary.release, canary.live, 'views'),
        this.key(canary.dir, canary.release, canary.live, 'errorViews'),
      ]);
      result.push({
        dir: canary.dir,
        release: canary.release,
        live: canary.live,
        percent: canary.percent,
        startedAt: canary.startedAt,
        canary: { views: cv, errorViews: ce },
        liveRelease: { views: lv, errorViews: le },
      });
    }
    return result;
  }

  /** Rolls the app's canary back when its page views have errors far more often than the live release's. */
  private async judge(dir: string): Promise<void> {
    const health = (await this.canaries()).find((c) => c.dir === dir);
    if (!health) return;
    const verdict = canaryVerdict(health, this.options);
    if (!verdict.rollBack) return;
    const folder = this.options.registry.folderOf(dir);
    if (!folder) {
      this.options.log.error(
        `${dir}: its canary ${health.release} should be rolled back (${verdict.reason}), but its releases are not on this server`,
      );
      return;
    }
    // Another process may have ended it already.
    if (readPointer(folder)?.canary?.release !== health.release) return;
    const reason = `rolled back on its own: ${verdict.reason}`;
    try {
      rollBack(folder, { by: 'the site', reason });
    } catch (error) {
      this.options.log.error(`${dir}: its canary could not be rolled back: ${(error as Error).message}`);
      return;
    }
    this.options.registry.refresh();
    this.options.log.warn(`${dir}: canary ${health.release} ${reason}`);
    await recordSystemActivity(this.options.db, 'The site', {
      action: 'rolled back',
      subjectType: 'release',
      subjectId: `${dir}@${health.release}`,
      summary: `Canary ${health.release} of ${dir} ${reason}`,
    }).catch((error: unknown) => this.options.log.error({ err: error }, 'the rollback could not be written to the activity log'));
  }
}

const percent = (counts: ReleaseCounts) => (counts.views ? (100 * counts.errorViews) / counts.views : 0);

/** Whether a canary's figures call for its rollback, and why in one line. */
export function canaryVerdict(
  health: Pick<CanaryHealth, 'canary' | 'liveRelease'>,
  { minErrorViews, errorFactor }: { minErrorViews: number; errorFactor: number },
): { rollBack: boolean; reason: string } {
  const canaryRate = health.canary.errorViews / Math.max(health.canary.views, health.canary.errorViews, 1);
  const liveRate = health.liveRelease.errorViews / Math.max(health.liveRelease.views, health.liveRelease.errorViews, 1);
  const reason =
    `${health.canary.errorViews} of its ${health.canary.views} page views had errors (${percent(health.canary).toFixed(1)}%), ` +
    `against ${health.liveRelease.errorViews} of ${health.liveRelease.views} on the live release (${percent(health.liveRelease).toFixed(1)}%)`;
  return {
    rollBack: health.canary.errorViews >= minErrorViews && canaryRate >= errorFactor * liveRate && canaryRate > 0,
    reason,
  };
}
