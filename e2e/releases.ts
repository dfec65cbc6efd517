/**
 * What the release tests share (tests/releases.test.ts, tests/canary.test.ts):
 * a site of their own over a copy of the built releases, the release
 * scripts run against it, copies of mfe-giving and of shared to change, and
 * the checks of what a visitor gets.
 *
 * The releases are made from a copy of mfe-giving's folder (`--from`) into
 * a copy of the built releases: the working tree and the other tests' site
 * are never touched (but for a new remote, which `npm run new-remote` makes
 * and removes in the working tree).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, repoRoot, startSite, type Site } from './harness';
import { publishRelease, readPointer } from '../scripts/lib/release-store.mjs';

/**
 * A copy of mfe-giving's folder to change, its dependencies those of the
 * workspace; with `shared`, it builds against that copy of @ministry/shared.
 */
export function copyOfGiving({ shared }: { shared?: string } = {}): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'ministry-giving-'));
  const source = path.join(repoRoot, 'mfe-giving');
  for (const name of readdirSync(source)) {
    if (name === 'node_modules' || name === 'dist') continue;
    cpSync(path.join(source, name), path.join(copy, name), { recursive: true });
  }
  const modules = realpathSync(path.join(source, 'node_modules'));
  if (!shared) {
    symlinkSync(modules, path.join(copy, 'node_modules'));
    return copy;
  }
  // Its own node_modules: every package the workspace's, but @ministry/shared the copy.
  for (const name of readdirSync(modules)) {
    if (name === '@ministry') continue;
    mkdirSync(path.join(copy, 'node_modules'), { recursive: true });
    symlinkSync(path.join(modules, name), path.join(copy, 'node_modules', name));
  }
  mkdirSync(path.join(copy, 'node_modules/@ministry'), { recursive: true });
  symlinkSync(shared, path.join(copy, 'node_modules/@ministry/shared'));
  return copy;
}

/** A copy of @ministry/shared, inside the repository so it resolves the workspace's packages as shared does. */
export function copyOfShared(): string {
  mkdirSync(path.join(repoRoot, '.cache'), { recursive: true });
  const top = mkdtempSync(path.join(repoRoot, '.cache', 'shared-copy-'));
  const copy = path.join(top, 'shared');
  cpSync(path.join(repoRoot, 'shared'), copy, { recursive: true, filter: (file) => !file.includes(`${path.sep}node_modules`) });
  symlinkSync(realpathSync(path.join(repoRoot, 'shared/node_modules')), path.join(copy, 'node_modules'));
  cpSync(path.join(repoRoot, 'tsconfig.base.json'), path.join(top, 'tsconfig.base.json'));
  return copy;
}

export function edit(folder: string, file: string, change: (text: string) => string): void {
  const full = path.join(folder, file);
  const before = readFileSync(full, 'utf8');
  const after = change(before);
  assert.notEqual(after, before, `${file} changed`);
  writeFileSync(full, after);
}

/** The page as the server sends it (no script runs). */
export async function serverHtml(url: string, cookie?: string): Promise<{ status: number; html: string }> {
  const response = await fetch(url, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
  return { status: response.status, html: await response.text() };
}

/** Errors of a page: uncaught errors and console errors (a hydration mismatch is one). */
export function problems(page: Page): string[] {
  const found: string[] = [];
  page.on('pageerror', (e) => found.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) found.push(m.text());
  });
  return found;
}

/** A site of its own over a copy of the built releases, and a browser. */
export class ReleaseBed {
  site!: Site;
  browser!: Browser;
  releases!: string;

  async start(env: Record<string, string> = {}): Promise<void> {
    this.releases = mkdtempSync(path.join(tmpdir(), 'ministry-releases-'));
    cpSync(path.join(repoRoot, 'releases'), this.releases, { recursive: true });
    this.site = await startSite({ RELEASES_DIR: this.releases, ...env });
    this.browser = await launchBrowser();
  }

  async stop(): Promise<void> {
    await this.browser?.close();
    await this.site?.stop();
    if (this.releases) rmSync(this.releases, { recursive: true, force: true });
  }

  /**
   * Runs a script of the repository in its own process, against this site's
   * releases (the release check renders with this site: SITE_URL).
   * Asynchronously: this process keeps reading the site's output and
   * noticing its closed connections meanwhile (a blocked test process reuses
   * a keep-alive connection the site closed while it waited).
   */
  runScript(script: string, args: string[]): Promise<{ ok: boolean; output: string }> {
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        [path.join(repoRoot, script), ...args],
        {
          cwd: repoRoot,
          env: { ...process.env, RELEASES_DIR: this.releases, SITE_URL: this.site.url },
          // Only a guard against a script that hangs: a release builds its app, which on a
          // busy machine took more than five minutes once.
          timeout: 900_000,
          maxBuffer: 64 * 1024 * 1024,
        },
        (error, stdout, stderr) =>
          resolve({ ok: !error, output: `${stdout}${stderr}${error?.killed ? '\n(stopped: it ran for 15 minutes)' : ''}` }),
      );
    });
  }

  /** `npm run release -- mfe-giving --from <folder>`. */
  release(from: string) {
    return this.runScript('scripts/release.mjs', ['mfe-giving', '--from', from]);
  }

  rollback() {
    return this.runScript('scripts/rollback.mjs', ['mfe-giving']);
  }

  liveGiving(): string {
    return readPointer(path.join(this.releases, 'mfe-giving'))!.release;
  }

  /** A fingerprint of every file of the apps but mfe-giving (and their pointers). */
  otherAppsFingerprint(): string {
    const hash = createHash('sha256');
    const walk = (dir: string) => {
      for (const name of readdirSync(dir).sort()) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else hash.update(full).update(readFileSync(full));
      }
    };
    for (const app of readdirSync(this.releases).sort()) if (app !== 'mfe-giving') walk(path.join(this.releases, app));
    return hash.digest('hex');
  }

  /**
   * Opens `url` and waits until <main> shows `expected` once the app has taken
   * the page over (a part the browser renders may still be loading at first);
   * without `expectErrors`, the page must run without errors.
   */
  async assertShownInBrowser(url: string, expected: RegExp, { expectErrors = false, why = '' } = {}): Promise<void> {
    const { context, page } = await newPage(this.browser);
    try {
      const found = problems(page);
      await page.goto(url);
      await page
        .locator('main', { hasText: expected })
        .waitFor()
        .catch(async () =>
          assert.fail(`${why || url}: <main> shows ${expected}, not: ${await page.locator('main').innerText()}`),
        );
      if (!expectErrors) assert.deepEqual(found, [], `${url} ran without errors`);
    } finally {
      await context.close();
    }
  }

  /** Publishes a copy of the live mfe-giving release whose server container `change` rewrote (recorded as released). */
  releaseWithServerCode(change: (code: string) => string): string {
    const folder = path.join(this.releases, 'mfe-giving');
    const staging = path.join(folder, `.staging-${Date.now()}`);
    cpSync(path.join(folder, this.liveGiving()), staging, { recursive: true });
    rmSync(path.join(staging, 'release.json'));
    edit(staging, 'server/remoteEntry.js', change);
    const id = `20990101-000000-${createHash('sha256').update(staging).digest('hex').slice(0, 6)}`;
    publishRelease(folder, { app: 'mfe-giving', name: 'mfe_giving', id, staging });
    return id;
  }

  /**
   * A copy of the live mfe-giving release as a canary of `percent`, its code
   * rewritten by `change` (`browserOnly`: its browser code only).
   */
  canaryOfGiving(percent: number, change: (code: string) => string, { browserOnly = false } = {}): string {
    const folder = path.join(this.releases, 'mfe-giving');
    const staging = path.join(folder, `.staging-${Date.now()}`);
    cpSync(path.join(folder, this.liveGiving()), staging, { recursive: true });
    rmSync(path.join(staging, 'release.json'));
    const changed: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (name.endsWith('.br') || name.endsWith('.gz')) rmSync(full);
        else if (name.endsWith('.js') && !(browserOnly && full.includes(`${path.sep}server${path.sep}`))) {
          const code = readFileSync(full, 'utf8');
          const next = change(code);
          if (next !== code) {
            writeFileSync(full, next);
            changed.push(path.relative(staging, full).split(path.sep)[0]);
          }
        }
      }
    };
    walk(staging);
    assert.ok(changed.includes('browser'), 'its browser code changed');
    if (!browserOnly) assert.ok(changed.includes('server'), 'its server code changed');
    const id = `20990104-000000-${createHash('sha256').update(staging).digest('hex').slice(0, 6)}`;
    publishRelease(folder, { app: 'mfe-giving', name: 'mfe_giving', id, staging, canary: percent });
    return id;
  }
}
