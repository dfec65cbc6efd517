/**
 * The live release of each app, as its pointer says (`live.json`, written by
 * `npm run release`; see docs/deploying-a-remote.md). An app's releases are
 * in a folder of RELEASES_DIR (served here, at /shell/ and /remotes/<app>/),
 * or, for a remote, wherever REMOTE_<NAME> says: another folder, or an
 * https:// address whose pointer is read every few seconds.
 *
 * What the site knows of an app comes from its live release only: where its
 * browser container is, its pages (pages.json), and the hashes of every file,
 * which the server renderer checks before it runs a line of it. A new
 * release, or a rollback, is picked up at the next page: no restart.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { SHELL_PAGES, type RuntimeConfig, type SitePage } from '@ministry/shared/config';

/** A release folder's name: what `npm run release` makes (`20261125-101500-3f9a2c`). */
export const RELEASE_ID = /^[0-9]{8}-[0-9]{6}-[0-9a-f]{6}$/;
/** An app's folder name (`mfe-giving`). */
export const APP_DIR = /^[a-z][a-z0-9-]{0,63}$/;

/** The pointer to an app's live release. */
export interface LivePointer {
  app: string;
  /** The federation name (`mfe_giving`; `shell` for the shell). */
  name: string;
  release: string;
  releasedAt: string;
  /** Releases that were live, newest first (the live one included). */
  history: string[];
  /** sha256 (hex) of every file of the release, by its path in the release folder. */
  files: Record<string, string>;
}

/** What an app publishes about itself with each release (pages.json). */
export interface PublishedFacts {
  name: string;
  label: string;
  exposes: string[];
  pages: Omit<SitePage, 'app'>[];
  uses: string[];
}

/** An app's live release, as the site uses it. */
export interface LiveApp {
  dir: string;
  name: string;
  release: string;
  /** Where the app's releases are: a folder here, or an address. */
  source: { kind: 'folder'; folder: string } | { kind: 'url'; url: string };
  /** The address of the release folder as the browser reaches it (`/remotes/mfe-giving/<release>/`). */
  publicBase: string;
  files: Record<string, string>;
  facts: PublishedFacts;
}

/** Everything live at one moment: what a page is served and rendered with. */
export interface SiteSnapshot {
  /** Changes whenever any app's live release changes. */
  key: string;
  shell: LiveApp | null;
  remotes: LiveApp[];
  /** The runtime config the browser and the renderer share. */
  config: RuntimeConfig;
  /** The remote modules the shell's own pages compose (`mfe_content/HomeSections`). */
  shellUses: string[];
  /** Origins other than the site's that serve remotes' files (security headers allow them). */
  remoteOrigins: string[];
}

/** Where a release folder's files are, read by the server: a path, or an address. */
export function releaseFileLocation(app: LiveApp, file: string): string {
  return app.source.kind === 'folder'
    ? path.join(app.source.folder, app.release, ...file.split('/'))
    : new URL(`${app.release}/${file}`, app.source.url).href;
}

function readPointer(text: string): LivePointer {
  const pointer = JSON.parse(text) as LivePointer;
  if (!pointer || typeof pointer !== 'object') throw new Error('not a pointer');
  if (!RELEASE_ID.test(String(pointer.release)))
    throw new Error(`its release "${String(pointer.release)}" is not a release name`);
  if (typeof pointer.name !== 'string' || !/^[A-Za-z_][\w]*$/.test(pointer.name)) throw new Error('it names no federation name');
  if (!pointer.files || typeof pointer.files !== 'object') throw new Error('it records no file hashes');
  return pointer;
}

function readFacts(text: string, name: string): PublishedFacts {
  const facts = JSON.parse(text) as Partial<PublishedFacts>;
  if (facts.name !== name) throw new Error(`pages.json names ${String(facts.name)}, not ${name}`);
  return {
    name,
    label: typeof facts.label === 'string' ? facts.label : name,
    exposes: Array.isArray(facts.exposes) ? facts.exposes.map(String) : [],
    pages: Array.isArray(facts.pages) ? facts.pages.filter((p) => p && typeof p.path === 'string' && p.path.startsWith('/')) : [],
    uses: Array.isArray(facts.uses) ? facts.uses.map(String) : [],
  };
}

interface Tracked {
  dir: string;
  source: LiveApp['source'];
  /** The pointer file's identity when it was last read (folders). */
  stamp?: string;
  live: LiveApp | null;
  /** Why the app has no live release, once logged. */
  problem?: string;
}

export interface ReleaseRegistryOptions {
  releasesDir: string;
  /** Remotes elsewhere, by folder name: a folder, or an http(s) address ending in `/`. */
  remoteLocations: Record<string, string>;
  log: FastifyBaseLogger;
  /** How often an address's pointer is read again. */
  pollMs?: number;
}

export class ReleaseRegistry {
  private readonly apps = new Map<string, Tracked>();
  private snapshotCache: SiteSnapshot | null = null;
  private lastScan = 0;
  private poller: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly options: ReleaseRegistryOptions) {
    for (const [dir, location] of Object.entries(options.remoteLocations)) {
      const source: LiveApp['source'] = /^https?:\/\//.test(location)
        ? { kind: 'url', url: location }
        : { kind: 'folder', folder: location };
      this.apps.set(dir, { dir, source, live: null });
    }
  }

  /** Reads the addresses' pointers now, then every few seconds. */
  async start(): Promise<void> {
    await this.pollAddresses();
    if (this.urlApps().length) {
      this.poller = setInterval(() => void this.pollAddresses(), this.options.pollMs ?? 5000);
      this.poller.unref();
    }
  }

  stop(): void {
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
  }

  /** The folder an app's releases are in, when they are on this server. */
  folderOf(dir: string): string | null {
    this.refreshFolders();
    const tracked = this.apps.get(dir);
    return tracked?.source.kind === 'folder' ? tracked.source.folder : null;
  }

  /** What is live now (pointers in folders are checked on every call: a release shows at the next page). */
  snapshot(): SiteSnapshot {
    if (this.refreshFolders() || !this.snapshotCache) this.snapshotCache = this.buildSnapshot();
    return this.snapshotCache;
  }

  private urlApps(): Tracked[] {
    return [...this.apps.values()].filter((a) => a.source.kind === 'url');
  }

  /** Finds new app folders (at most once a second) and re-reads changed pointers; true when anything changed. */
  private refreshFolders(): boolean {
    const now = Date.now();
    if (now - this.lastScan > 1000) {
      this.lastScan = now;
      let names: string[] = [];
      try {
        names = readdirSync(this.options.releasesDir);
      } catch {
        // no releases yet
      }
      for (const dir of names) {
        if (!APP_DIR.test(dir) || this.apps.has(dir)) continue;
        this.apps.set(dir, { dir, source: { kind: 'folder', folder: path.join(this.options.releasesDir, dir) }, live: null });
      }
    }
    let changed = false;
    for (const tracked of this.apps.values()) {
      if (tracked.source.kind !== 'folder') continue;
      const file = path.join(tracked.source.folder, 'live.json');
      let stamp = 'missing';
      try {
        const stat = statSync(file);
        stamp = `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
      } catch {
        // no pointer
      }
      if (stamp === tracked.stamp) continue;
      tracked.stamp = stamp;
      changed = true;
      if (stamp === 'missing') {
        this.setLive(tracked, null, 'it has no live release (live.json is missing)');
        continue;
      }
      try {
        const pointer = readPointer(readFileSync(file, 'utf8'));
        const folder = tracked.source.folder;
        const facts = readFacts(readFileSync(path.join(folder, pointer.release, 'browser', 'pages.json'), 'utf8'), pointer.name);
        this.setLive(tracked, this.liveApp(tracked, pointer, facts));
      } catch (error) {
        this.setLive(tracked, null, `its live release cannot be read: ${(error as Error).message}`);
      }
    }
    return changed;
  }

  private async pollAddresses(): Promise<void> {
    await Promise.all(
      this.urlApps().map(async (tracked) => {
        if (tracked.source.kind !== 'url') return;
        try {
          const pointerResponse = await fetch(new URL('live.json', tracked.source.url), {
            headers: { 'cache-control': 'no-cache' },
            signal: AbortSignal.timeout(5000),
          });
          if (!pointerResponse.ok) throw new Error(`live.json answered ${pointerResponse.status}`);
          const pointer = readPointer(await pointerResponse.text());
          if (tracked.live?.release === pointer.release) return;
          const factsResponse = await fetch(new URL(`${pointer.release}/browser/pages.json`, tracked.source.url), {
            signal: AbortSignal.timeout(5000),
          });
          if (!factsResponse.ok) throw new Error(`pages.json answered ${factsResponse.status}`);
          this.setLive(tracked, this.liveApp(tracked, pointer, readFacts(await factsResponse.text(), pointer.name)));
        } catch (error) {
          // An address out of reach keeps the release it had.
          if (!tracked.live)
            this.setLive(
              tracked,
              null,
              `its live release cannot be read from ${tracked.source.url}: ${(error as Error).message}`,
            );
          return;
        }
        this.snapshotCache = null;
      }),
    );
  }

  private liveApp(tracked: Tracked, pointer: LivePointer, facts: PublishedFacts): LiveApp {
    const publicBase =
      tracked.source.kind === 'url'
        ? new URL(`${pointer.release}/`, tracked.source.url).href
        : tracked.dir === 'shell'
          ? `/shell/${pointer.release}/`
          : `/remotes/${tracked.dir}/${pointer.release}/`;
    return {
      dir: tracked.dir,
      name: pointer.name,
      release: pointer.release,
      source: tracked.source,
      publicBase,
      files: pointer.files,
      facts,
    };
  }

  private setLive(tracked: Tracked, live: LiveApp | null, problem?: string): void {
    const was = tracked.live?.release;
    tracked.live = live;
    if (live && live.release !== was) this.options.log.info(`${tracked.dir}: release ${live.release} is live`);
    if (!live && problem && problem !== tracked.problem) this.options.log.warn(`${tracked.dir}: ${problem}`);
    tracked.problem = live ? undefined : problem;
  }

  private buildSnapshot(): SiteSnapshot {
    const live = [...this.apps.values()].map((a) => a.live).filter((a): a is LiveApp => a !== null);
    const shell = live.find((a) => a.dir === 'shell') ?? null;
    const remotes = live.filter((a) => a !== shell).sort((a, b) => a.dir.localeCompare(b.dir));
    const config: RuntimeConfig = { remotes: {}, labels: {}, pages: [], apiBase: '' };
    config.pages.push(...(shell ? shell.facts.pages.map((page) => ({ ...page, app: 'shell' })) : SHELL_PAGES));
    for (const remote of remotes) {
      config.remotes[remote.name] = `${remote.publicBase}browser/mf-manifest.json`;
      config.labels[remote.name] = remote.facts.label;
      config.pages.push(...remote.facts.pages.map((page) => ({ ...page, app: remote.name })));
    }
    const remoteOrigins = [...new Set(remotes.filter((r) => r.source.kind === 'url').map((r) => new URL(r.publicBase).origin))];
    return {
      key: live.map((a) => `${a.dir}@${a.release}`).join(','),
      shell,
      remotes,
      config,
      shellUses: shell?.facts.uses ?? [],
      remoteOrigins,
    };
  }
}

/** Whether RELEASES_DIR has a live release of the shell (the site is built). */
export function hasLiveShell(releasesDir: string): boolean {
  return existsSync(path.join(releasesDir, 'shell', 'live.json'));
}
