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
 *
 * Beside the live release an app may have a canary (live for a share of
 * visitors, by their sticky bucket, or for staff who opted in) and a
 * preview (a candidate the release check renders, for requests carrying
 * its secret token only). A visitor's snapshot names one release per app,
 * and the page's HTML and the runtime config in it come from that snapshot,
 * so the server and the browser always run the same release.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
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
  /** A release live for a share of visitors beside the live one (`npm run release -- <app> --canary <percent>`). */
  canary?: { release: string; percent: number; startedAt: string; files: Record<string, string> } | null;
}

/** A candidate the release check renders before it goes live (`preview.json` beside live.json). */
interface PreviewFile {
  release: string;
  /** sha256 (hex) of the check's secret token. */
  tokenHash: string;
  expiresAt: string;
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

/** How one request chooses among an app's releases. */
export interface SnapshotChoice {
  /** The visitor's sticky canary bucket (0–99, from their cookie); null when they have none yet. */
  bucket: number | null;
  /** Staff who opted in (from /admin/releases) see every canary. */
  canaryOptIn: boolean;
  /** The secret token of a release check's preview. */
  previewToken: string | null;
}

/** A canary under way: the share of visitors who get it. */
export interface CanaryInfo {
  dir: string;
  name: string;
  release: string;
  percent: number;
  startedAt: string;
  /** The release everyone else gets. */
  live: string;
}

/** Everything live at one moment: what a page is served and rendered with. */
export interface SiteSnapshot {
  /** Changes whenever any app's release in it changes. */
  key: string;
  /** The apps this snapshot serves as a canary, and those it serves as a release check's preview (folder names). */
  canaries: string[];
  previews: string[];
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
  canary: (LiveApp & { percent: number; startedAt: string }) | null;
  /** The preview file's identity when it was last read, and the preview it names. */
  previewStamp?: string;
  preview: { app: LiveApp; tokenHash: string; expiresAt: number } | null;
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
  /** Snapshots with a canary or a preview in them, by the releases they override. */
  private readonly variants = new Map<string, SiteSnapshot>();
  private lastScan = 0;
  private poller: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly options: ReleaseRegistryOptions) {
    for (const [dir, location] of Object.entries(options.remoteLocations)) {
      const source: LiveApp['source'] = /^https?:\/\//.test(location)
        ? { kind: 'url', url: location }
        : { kind: 'folder', folder: location };
      this.apps.set(dir, { dir, source, live: null, canary: null, preview: null });
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

  /**
   * What is live now for a request that chose `choice` (pointers in folders
   * are checked on every call: a release shows at the next page); without
   * a choice, the live releases.
   */
  snapshot(choice?: SnapshotChoice): SiteSnapshot {
    // A release check's request looks for its preview at once (new app folders and previews are otherwise
    // read at most once a second): the check never waits on the scan.
    if (choice?.previewToken && Date.now() - this.lastScan > 100 && !this.previewMatches(choice.previewToken)) this.lastScan = 0;
    if (this.refreshFolders() || !this.snapshotCache) {
      this.snapshotCache = this.buildSnapshot(new Map());
      this.variants.clear();
    }
    if (!choice) return this.snapshotCache;
    const overrides = new Map<string, { app: LiveApp; as: 'canary' | 'preview' }>();
    const tokenHash = choice.previewToken ? sha256(choice.previewToken) : null;
    for (const tracked of this.apps.values()) {
      const preview = tracked.preview;
      if (preview && tokenHash && preview.expiresAt > Date.now() && sameHex(preview.tokenHash, tokenHash)) {
        overrides.set(tracked.dir, { app: preview.app, as: 'preview' });
      } else if (
        tracked.live &&
        tracked.canary &&
        (choice.canaryOptIn || (choice.bucket !== null && choice.bucket < tracked.canary.percent))
      ) {
        overrides.set(tracked.dir, { app: tracked.canary, as: 'canary' });
      }
    }
    if (!overrides.size) return this.snapshotCache;
    const key = [...overrides.values()].map((o) => `${o.as}:${o.app.dir}@${o.app.release}`).join(',');
    let variant = this.variants.get(key);
    if (!variant) {
      variant = this.buildSnapshot(overrides);
      if (this.variants.size > 50) this.variants.clear();
      this.variants.set(key, variant);
    }
    return variant;
  }

  /** Whether a preview the site knows has this token. */
  private previewMatches(token: string): boolean {
    const tokenHash = sha256(token);
    return [...this.apps.values()].some((t) => t.preview && sameHex(t.preview.tokenHash, tokenHash));
  }

  /** The canaries under way. */
  canaries(): CanaryInfo[] {
    this.snapshot();
    return [...this.apps.values()].flatMap((t) =>
      t.canary && t.live
        ? [
            {
              dir: t.dir,
              name: t.live.name,
              release: t.canary.release,
              percent: t.canary.percent,
              startedAt: t.canary.startedAt,
              live: t.live.release,
            },
          ]
        : [],
    );
  }

  /** An app's releases as the site serves them: the live one and a canary (folder names). */
  servedReleases(dir: string): { live: string | null; canary: string | null } {
    this.snapshot();
    const tracked = this.apps.get(dir);
    return { live: tracked?.live?.release ?? null, canary: tracked?.canary?.release ?? null };
  }

  /** Every app the site knows, with where its releases are. */
  appDirs(): { dir: string; source: LiveApp['source'] }[] {
    this.snapshot();
    return [...this.apps.values()].map((t) => ({ dir: t.dir, source: t.source }));
  }

  /** Reads the pointers again at once (after this process changed one). */
  refresh(): void {
    for (const tracked of this.apps.values()) tracked.stamp = undefined;
    this.lastScan = 0;
    this.snapshotCache = null;
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
        this.apps.set(dir, {
          dir,
          source: { kind: 'folder', folder: path.join(this.options.releasesDir, dir) },
          live: null,
          canary: null,
          preview: null,
        });
      }
      // A new app's preview is read with it: the snapshot does not change a second later for nothing.
      for (const tracked of this.apps.values()) if (this.refreshPreview(tracked)) this.snapshotCache = null;
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
        const factsOf = (release: string) =>
          readFacts(readFileSync(path.join(folder, release, 'browser', 'pages.json'), 'utf8'), pointer.name);
        this.setLive(tracked, this.liveApp(tracked, pointer, factsOf(pointer.release)));
        this.setCanary(tracked, pointer, (release) => factsOf(release));
      } catch (error) {
        this.setLive(tracked, null, `its live release cannot be read: ${(error as Error).message}`);
      }
    }
    return changed;
  }

  /** Reads an app's preview.json when it changed (folders only); true when the preview changed. */
  private refreshPreview(tracked: Tracked): boolean {
    if (tracked.source.kind !== 'folder') return false;
    const file = path.join(tracked.source.folder, 'preview.json');
    let stamp = 'missing';
    try {
      const stat = statSync(file);
      stamp = `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
    } catch {
      // no preview
    }
    if (stamp === tracked.previewStamp) return false;
    tracked.previewStamp = stamp;
    tracked.preview = null;
    if (stamp === 'missing') return true;
    try {
      const preview = JSON.parse(readFileSync(file, 'utf8')) as PreviewFile;
      if (!RELEASE_ID.test(preview.release) || !/^[0-9a-f]{64}$/.test(preview.tokenHash)) throw new Error('not a preview');
      const folder = tracked.source.folder;
      const record = JSON.parse(readFileSync(path.join(folder, preview.release, 'release.json'), 'utf8')) as {
        name: string;
        files: Record<string, string>;
      };
      const facts = readFacts(readFileSync(path.join(folder, preview.release, 'browser', 'pages.json'), 'utf8'), record.name);
      const pointer: LivePointer = {
        app: tracked.dir,
        name: record.name,
        release: preview.release,
        releasedAt: '',
        history: [],
        files: record.files,
      };
      tracked.preview = {
        app: this.liveApp(tracked, pointer, facts),
        tokenHash: preview.tokenHash,
        expiresAt: Date.parse(preview.expiresAt),
      };
    } catch (error) {
      this.options.log.warn(`${tracked.dir}: its preview cannot be read: ${(error as Error).message}`);
    }
    return true;
  }

  /** The canary the pointer names, if any, as the site serves it. */
  private setCanary(tracked: Tracked, pointer: LivePointer, factsOf: (release: string) => PublishedFacts): void {
    const canary = pointer.canary;
    if (!canary || !RELEASE_ID.test(String(canary.release)) || !canary.files) {
      tracked.canary = null;
      return;
    }
    try {
      const app = this.liveApp(tracked, { ...pointer, release: canary.release, files: canary.files }, factsOf(canary.release));
      const percent = Math.max(0, Math.min(100, Math.round(Number(canary.percent) || 0)));
      if (tracked.canary?.release !== canary.release)
        this.options.log.info(`${tracked.dir}: release ${canary.release} is live for ${percent}% of visitors (canary)`);
      tracked.canary = { ...app, percent, startedAt: canary.startedAt };
    } catch (error) {
      tracked.canary = null;
      this.options.log.warn(`${tracked.dir}: its canary ${canary.release} cannot be read: ${(error as Error).message}`);
    }
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
          if (
            tracked.live?.release === pointer.release &&
            (tracked.canary?.release ?? null) === (pointer.canary?.release ?? null)
          )
            return;
          const source = tracked.source;
          const factsOf = async (release: string) => {
            const response = await fetch(new URL(`${release}/browser/pages.json`, source.url), {
              signal: AbortSignal.timeout(5000),
            });
            if (!response.ok) throw new Error(`pages.json answered ${response.status}`);
            return readFacts(await response.text(), pointer.name);
          };
          this.setLive(tracked, this.liveApp(tracked, pointer, await factsOf(pointer.release)));
          const canaryFacts = pointer.canary ? await factsOf(pointer.canary.release).catch(() => null) : null;
          this.setCanary(tracked, pointer, () => {
            if (!canaryFacts) throw new Error('its pages.json cannot be read');
            return canaryFacts;
          });
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
    if (!live) tracked.canary = null;
    if (live && live.release !== was) this.options.log.info(`${tracked.dir}: release ${live.release} is live`);
    if (!live && problem && problem !== tracked.problem) this.options.log.warn(`${tracked.dir}: ${problem}`);
    tracked.problem = live ? undefined : problem;
  }

  private buildSnapshot(overrides: Map<string, { app: LiveApp; as: 'canary' | 'preview' }>): SiteSnapshot {
    const live = [...this.apps.values()].map((a) => overrides.get(a.dir)?.app ?? a.live).filter((a): a is LiveApp => a !== null);
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
    const chosen = (as: 'canary' | 'preview') => [...overrides].filter(([, o]) => o.as === as).map(([dir]) => dir);
    return {
      key: live.map((a) => `${a.dir}@${a.release}`).join(','),
      canaries: chosen('canary'),
      previews: chosen('preview'),
      shell,
      remotes,
      config,
      shellUses: shell?.facts.uses ?? [],
      remoteOrigins,
    };
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Two hex digests compared in constant time. */
function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** Whether RELEASES_DIR has a live release of the shell (the site is built). */
export function hasLiveShell(releasesDir: string): boolean {
  return existsSync(path.join(releasesDir, 'shell', 'live.json'));
}
