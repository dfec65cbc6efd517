/**
 * A site root with releases made of hand-written files, published the way
 * `npm run release` publishes (scripts/lib/release-store.mjs): the server's
 * tests serve and render them without building anything.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { newReleaseId, publishRelease } from '../../scripts/lib/release-store.mjs';

export const INDEX_HTML =
  '<!doctype html><html><head><title>Site</title></head><body><div id=root><div id=boot role=status>Loading…</div></div><script defer src=/shell/x/main.js></script></body></html>';

export interface FakePage {
  path: string;
  title?: string;
  layout?: 'main' | 'auth';
  signedIn?: boolean;
  ssr?: boolean;
  /** What the page shows (the topics that renew its kept copy). */
  data?: string[];
}

export interface FakeApp {
  /** The federation name (`shell`, `mfe_giving`). */
  name: string;
  label?: string;
  exposes?: string[];
  pages?: FakePage[];
  uses?: string[];
  /** Files of the release, by path in it ('browser/main.js', 'server/render.js'). */
  files?: Record<string, string>;
}

export interface FakeSite {
  siteRoot: string;
  releasesDir: string;
  /** Publishes a new release of the app in folder `dir`; answers its name. */
  release: (dir: string, app: FakeApp) => string;
}

/** The pages as published (pages.json), with their defaults. */
function published(app: FakeApp) {
  return {
    name: app.name,
    label: app.label ?? app.name,
    exposes: app.exposes ?? [],
    uses: app.uses ?? [],
    pages: (app.pages ?? []).map((page) => {
      const layout = page.layout ?? 'main';
      const signedIn = page.signedIn ?? false;
      return {
        path: page.path,
        title: page.title ?? page.path,
        layout,
        signedIn,
        ssr: page.ssr ?? (layout === 'main' && !signedIn),
        ...(page.data ? { data: page.data } : {}),
      };
    }),
  };
}

export function fakeSite({ media = [] as string[] } = {}): FakeSite {
  const siteRoot = mkdtempSync(path.join(tmpdir(), 'ministry-site-'));
  const releasesDir = path.join(siteRoot, 'releases');
  mkdirSync(path.join(siteRoot, 'api/content/media'), { recursive: true });
  const repoMedia = path.resolve(import.meta.dirname, '../content/media');
  for (const file of media) cpSync(path.join(repoMedia, file), path.join(siteRoot, 'api/content/media', file));
  return {
    siteRoot,
    releasesDir,
    release(dir, app) {
      const id = newReleaseId();
      const staging = path.join(releasesDir, dir, `.staging-${id}`);
      const files: Record<string, string> = {
        'browser/pages.json': JSON.stringify(published(app)),
        ...(app.name === 'shell' ? { 'browser/index.html': INDEX_HTML } : {}),
        ...app.files,
      };
      for (const [file, content] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(staging, file)), { recursive: true });
        writeFileSync(path.join(staging, file), content);
      }
      publishRelease(path.join(releasesDir, dir), { app: dir, name: app.name, id, staging });
      return id;
    },
  };
}

/** A shell whose server renderer (render.js) is `renderer`: CommonJS exporting `start(options)`. */
export function fakeShell(renderer?: string, extra: Partial<FakeApp> = {}): FakeApp {
  return {
    name: 'shell',
    pages: [{ path: '/', title: 'Home' }],
    ...extra,
    files: { ...(renderer ? { 'server/render.js': renderer } : {}), ...extra.files },
  };
}

interface Manifest {
  name: string;
  label?: string;
  exposes?: Record<string, string>;
  pages?: FakePage[];
  uses?: string[];
}

/**
 * Releases every app of the repository with the pages its manifest
 * (app.json) declares, and hand-written files: a server that routes the
 * real site's pages without building it. `shell` adds to the shell's release.
 */
export function releaseTheSitesPages(site: FakeSite, shell: Partial<FakeApp> = {}): void {
  const repo = path.resolve(import.meta.dirname, '../..');
  const require = createRequire(import.meta.url);
  const { APP_DIRS } = require(path.join(repo, 'config/apps.cjs')) as { APP_DIRS: string[] };
  for (const dir of APP_DIRS) {
    const manifest = JSON.parse(readFileSync(path.join(repo, dir, 'app.json'), 'utf8')) as Manifest;
    const app: FakeApp = {
      name: manifest.name,
      label: manifest.label,
      exposes: Object.keys(manifest.exposes ?? {}),
      pages: manifest.pages,
      uses: manifest.uses,
    };
    site.release(dir, dir === 'shell' ? { ...app, ...shell } : { ...app, files: { 'browser/mf-manifest.json': '{}' } });
  }
}
