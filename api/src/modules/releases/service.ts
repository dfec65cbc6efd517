/**
 * The admins' view of the apps' releases (the release page), and promote
 * and roll back from it: the same pointer writes as `npm run promote` and
 * `npm run rollback` (scripts/lib/release-store.mjs).
 */
import type { AppReleases, ReleaseEntry } from '@ministry/shared/types';
import { readdirSync } from 'node:fs';
import { promote, readPointer, readRelease, rollBack } from '../../../../scripts/lib/release-store.mjs';
import type { ReleaseHealth } from '../../site/releaseHealth.js';
import { RELEASE_ID, type ReleaseRegistry } from '../../site/releases.js';

/** How many releases the page lists per app. */
const RELEASES_SHOWN = 5;

/** Every app the site knows, its live release, a canary and its figures, and its newest releases. */
export async function releasesOverview(registry: ReleaseRegistry, health: ReleaseHealth): Promise<AppReleases[]> {
  const snapshot = registry.snapshot();
  const known = [snapshot.shell, ...snapshot.remotes].filter((a) => a !== null);
  const figures = await health.canaries();
  return registry
    .appDirs()
    .map(({ dir, source }): AppReleases => {
      const label = known.find((a) => a.dir === dir)?.facts.label ?? dir;
      if (source.kind === 'url') {
        const served = registry.servedReleases(dir);
        return {
          app: dir,
          label,
          local: false,
          live: served.live ? { release: served.live, releasedAt: null, releasedBy: null, commit: null } : null,
          canary: null,
          lastCanary: null,
          releases: [],
        };
      }
      const folder = source.folder;
      const pointer = readPointer(folder);
      const canaryFigures = figures.find((f) => f.dir === dir);
      const rolledBack = new Set(pointer?.rolledBack ?? []);
      const stateOf = (release: string): ReleaseEntry['state'] => {
        if (pointer?.canary?.release === release) return 'canary';
        if (pointer?.release === release) return 'live';
        if (rolledBack.has(release)) return 'rolled back';
        if (pointer?.history.includes(release)) return 'was live';
        return 'built';
      };
      let names: string[] = [];
      try {
        names = readdirSync(folder).filter((n) => RELEASE_ID.test(n));
      } catch {
        names = [];
      }
      const releases = names
        .map((name) => ({ name, record: readRelease(folder, name) }))
        .filter((r) => r.record !== null)
        .sort((a, b) => b.record!.createdAt.localeCompare(a.record!.createdAt) || b.name.localeCompare(a.name))
        .slice(0, RELEASES_SHOWN)
        .map(({ name, record }) => ({
          release: name,
          createdAt: record!.createdAt ?? null,
          commit: record!.commit ?? null,
          by: record!.by ?? null,
          state: stateOf(name),
        }));
      const zero = { views: 0, errorViews: 0 };
      return {
        app: dir,
        label,
        local: true,
        live: pointer
          ? {
              release: pointer.release,
              releasedAt: pointer.releasedAt ?? null,
              releasedBy: pointer.releasedBy ?? pointer.by ?? null,
              commit: pointer.commit ?? null,
            }
          : null,
        canary: pointer?.canary
          ? {
              release: pointer.canary.release,
              percent: pointer.canary.percent,
              startedAt: pointer.canary.startedAt ?? null,
              startedBy: pointer.canary.startedBy ?? null,
              commit: pointer.canary.commit ?? null,
              canary: canaryFigures?.release === pointer.canary.release ? canaryFigures.canary : zero,
              liveRelease: canaryFigures?.release === pointer.canary.release ? canaryFigures.liveRelease : zero,
            }
          : null,
        lastCanary: pointer?.lastCanary ?? null,
        releases,
      };
    })
    .sort((a, b) => (a.app === 'shell' ? -1 : b.app === 'shell' ? 1 : a.app.localeCompare(b.app)));
}

export type ReleaseAction = 'promote' | 'rollback';

/**
 * Promotes an app's canary or rolls the app back, as the commands do.
 * Answers what changed; throws an Error saying why it could not.
 */
export function changeRelease(
  registry: ReleaseRegistry,
  dir: string,
  action: ReleaseAction,
  by: string,
): { from: string; to: string; canary: boolean } {
  const folder = registry.folderOf(dir);
  if (!folder) {
    const known = registry.appDirs().some((a) => a.dir === dir);
    throw new Error(
      known ? `the releases of ${dir} are not on this server: do it where they are hosted` : `${dir} has no releases here`,
    );
  }
  const result =
    action === 'promote'
      ? { ...promote(folder, { by }), canary: false }
      : rollBack(folder, { by, reason: `rolled back by ${by}` });
  registry.refresh();
  return result;
}
