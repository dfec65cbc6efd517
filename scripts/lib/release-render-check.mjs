/**
 * The last check before a release goes live: its pages are rendered by the
 * site itself, with the site's real data, as visitors would get them, and
 * opened in headless Chromium.
 *
 * The candidate is placed in its app's releases folder (not live) and named
 * in `preview.json` beside `live.json` with the hash of a secret token; the
 * site serves it only to requests carrying that token (api/src/site). The
 * check uses the running site when it serves these releases (SITE_URL, else
 * http://127.0.0.1:$PORT or :8080), and otherwise starts one of its own on a
 * loopback port (same releases, same database, no background jobs).
 *
 * Each page the candidate's app renders on the server (the shell's home
 * page too when it composes a module of the app) is refused when:
 * - the server could not render it (a part threw, or it was left to the browser);
 * - in Chromium, it threw, logged an error (a hydration mismatch is one),
 *   showed a remote's "couldn't load" fallback, or never became interactive.
 * A page with a parameter (`/events/:id`) is opened at the first link to
 * one found in the other pages. Without a Chromium (see ./chromium.mjs)
 * the browser part is skipped, and the check says so.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiBuild } from './build-api.mjs';
import { HEADLESS_ARGS, headlessChromiumPath } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PREVIEW_LIFE_MS = 15 * 60_000;

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function answers(url, timeoutMs = 1500) {
  try {
    return (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(timeoutMs) })).ok;
  } catch {
    return false;
  }
}

/**
 * A site to render with: the running one, or one of our own. `releases` is
 * RELEASES_DIR; `env` adds settings for our own (REMOTE_<APP> of a release
 * made with --out).
 */
async function startOwnSite(releases, env) {
  const port = await freePort();
  let output = '';
  // The API's build, as production runs it (built first when its code changed).
  const child = spawn(process.execPath, [await apiBuild('server')], {
    cwd: path.join(root, 'api'),
    env: {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV === 'test' ? 'production' : (process.env.NODE_ENV ?? 'production'),
      PORT: String(port),
      HOST: '127.0.0.1',
      // The address it answers at, unless the site's own is set (production needs one).
      PUBLIC_URL: process.env.PUBLIC_URL?.trim() || `http://127.0.0.1:${port}`,
      RELEASES_DIR: releases,
      JOBS: 'off',
      WORKERS: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (!(await answers(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`a site to render it with could not be started: ${output.trim().split('\n').slice(-3).join(' ')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      }),
  };
}

/** Whether `site` serves the preview: its answer to the token names every candidate. */
async function servesPreview(url, token, candidates, waitMs) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const response = await fetch(`${url}/config.json`, {
        headers: { 'x-release-preview': token },
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      const shown = (response.headers.get('x-release-preview') ?? '').split(',');
      if (candidates.every((c) => shown.includes(`${c.dir}@${c.id}`))) return true;
    } catch {
      // not this site
    }
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 250));
  }
}

function pattern(pagePath) {
  const source = pagePath
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/?#]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

/**
 * Opens a check session: a site that serves previews, and a browser.
 * `session.check(candidates)` answers the problems found for those
 * candidates (each { dir, id, appFolder, name, facts }), rendered together;
 * `session.close()` ends it.
 */
export async function openRenderCheck({ releases, env = {}, log = () => {} }) {
  let own = null;
  let browser = null;
  const chrome = headlessChromiumPath();
  const candidateSite = process.env.SITE_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

  let starting = null;
  async function siteFor(token, candidates) {
    if (!own && !starting && (await answers(candidateSite)) && (await servesPreview(candidateSite, token, candidates, 15_000)))
      return candidateSite;
    if (!own) {
      // Checks running side by side (the build's) share the one site started here.
      starting ??= (async () => {
        log('starting a site of its own to render it with…');
        own = await startOwnSite(releases, env);
      })();
      await starting;
    }
    return (await servesPreview(own.url, token, candidates, 30_000)) ? own.url : null;
  }

  let launching = null;
  function openBrowser() {
    if (!chrome) return Promise.resolve(null);
    launching ??= (async () => {
      const require = createRequire(path.join(root, 'e2e/package.json'));
      const { chromium } = require('playwright-core');
      browser = await chromium.launch({
        executablePath: chrome,
        args: HEADLESS_ARGS,
      });
      return browser;
    })();
    return launching;
  }

  /** The addresses to open: each candidate's server-rendered pages, the home page when it shows one of them. */
  function pagesToRender(candidates, site) {
    const wanted = new Set();
    const shellFacts = site.shellFacts;
    for (const c of candidates) {
      const ssr = (c.facts.pages ?? []).filter((p) => p.ssr);
      for (const page of ssr) wanted.add(page.path);
      if (c.dir === 'shell') for (const first of site.firstPageOfEachRemote) wanted.add(first);
      else if ((shellFacts?.uses ?? []).some((id) => id.startsWith(`${c.name}/`))) wanted.add('/');
    }
    return [...wanted];
  }

  async function renderOnServer(url, token, address) {
    const response = await fetch(`${url}${address}`, {
      headers: { accept: 'text/html', 'x-release-preview': token },
      signal: AbortSignal.timeout(60_000),
    });
    const html = await response.text();
    let problems = [];
    try {
      problems = JSON.parse(decodeURIComponent(response.headers.get('x-render-problems') ?? '%5B%5D'));
    } catch {
      problems = ['the server did not say how the render went'];
    }
    return { status: response.status, html, problems };
  }

  async function openInBrowser(url, token, address) {
    const found = [];
    // The page as it renders; the site's service worker (the offline kit) is no part of that check.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    await context.addCookies([{ name: 'mf_preview', value: token, url }]);
    const page = await context.newPage();
    page.on('pageerror', (e) => found.push(`it threw in the browser: ${e.message.split('\n')[0]}`));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/Failed to load resource/.test(m.text()))
        found.push(`the browser logged an error: ${m.text().split('\n')[0]}`);
    });
    try {
      await page.goto(`${url}${address}`, { timeout: 60_000 });
      await page
        .waitForFunction(() => globalThis.document.documentElement.dataset.ready === 'true', null, { timeout: 60_000 })
        .catch(() => found.push('it never became interactive in the browser'));
      // Parts left as the server's HTML until a visitor reaches for them or scrolls to them
      // (`data-waits`, see RemoteModule) are reached, so each one's code runs here too.
      const waiting = await page.evaluate(() => {
        const parts = [...globalThis.document.querySelectorAll('[data-waits]')];
        for (const part of parts) part.dispatchEvent(new globalThis.PointerEvent('pointerover', { bubbles: true }));
        return parts.length;
      });
      if (waiting)
        await page
          .waitForFunction(
            () =>
              globalThis.document.documentElement.dataset.ready === 'true' &&
              [...globalThis.document.querySelectorAll('[data-waits]')].every((part) =>
                Object.keys(part.firstElementChild ?? part).some((key) => key.startsWith('__reactFiber')),
              ),
            null,
            { timeout: 60_000 },
          )
          .catch(() => found.push('a part of it left to be taken over when reached never was in the browser'));
      const fallback = await page
        .getByRole('alert')
        .filter({ hasText: /couldn.t load/ })
        .allInnerTexts();
      for (const text of fallback) found.push(`it shows a fallback: "${text.trim().split('\n')[0]}"`);
    } catch (error) {
      found.push(`it did not open in the browser: ${error.message.split('\n')[0]}`);
    } finally {
      await context.close();
    }
    return found;
  }

  return {
    /** Whether pages are opened in a browser too. */
    get browser() {
      return Boolean(chrome);
    },
    async check(candidates, site) {
      const token = randomBytes(32).toString('hex');
      const tokenHash = createHash('sha256').update(token).digest('hex');
      const previews = candidates.map((c) => path.join(c.appFolder, 'preview.json'));
      const problems = [];
      try {
        candidates.forEach((c, i) =>
          writeFileSync(
            previews[i],
            `${JSON.stringify({ release: c.id, tokenHash, expiresAt: new Date(Date.now() + PREVIEW_LIFE_MS).toISOString() })}\n`,
          ),
        );
        const url = await siteFor(token, candidates);
        if (!url)
          return [`no site would render it (the site at ${candidateSite} does not serve ${releases}, nor did one started here)`];
        const addresses = pagesToRender(candidates, site);
        const rendered = new Map();
        const statics = addresses.filter((a) => !a.includes(':'));
        for (const address of statics) rendered.set(address, await renderOnServer(url, token, address));
        for (const address of addresses.filter((a) => a.includes(':'))) {
          const match = pattern(address);
          const link = [...rendered.values()]
            .flatMap((r) => [...r.html.matchAll(/href="(\/[^"#?]*)/g)].map((m) => m[1]))
            .find((href) => match.test(href));
          if (!link) {
            log(`no link to a page ${address} was found: it is not rendered`);
            continue;
          }
          rendered.set(link, await renderOnServer(url, token, link));
        }
        for (const [address, result] of rendered) {
          if (result.status >= 500) problems.push(`its page ${address} answered ${result.status} on the server`);
          for (const p of result.problems) problems.push(`its page ${address} was not rendered on the server: ${p}`);
        }
        if (await openBrowser()) {
          for (const address of rendered.keys()) {
            for (const p of await openInBrowser(url, token, address)) problems.push(`its page ${address}: ${p}`);
          }
        } else {
          log(
            'no Chromium (set CHROME_PATH or install chromium): its pages were rendered on the server only, not opened in a browser',
          );
        }
        log(`rendered ${[...rendered.keys()].join(', ')}${chrome ? ' (server and browser)' : ' (server only)'}`);
      } catch (error) {
        problems.push(`its pages could not be rendered: ${error.message}`);
      } finally {
        for (const file of previews) rmSync(file, { force: true });
      }
      return problems;
    },
    async close() {
      await browser?.close().catch(() => undefined);
      await own?.stop();
    },
  };
}

/** What the check needs of the site around the candidates: the shell's facts and a page of each remote. */
export function siteAround(releases, candidates) {
  const liveFacts = (dir) => {
    const candidate = candidates.find((c) => c.dir === dir);
    if (candidate) return candidate.facts;
    try {
      const pointer = readJson(path.join(releases, dir, 'live.json'));
      return readJson(path.join(releases, dir, pointer.release, 'browser/pages.json'));
    } catch {
      return null;
    }
  };
  const { REMOTE_DIRS } = createRequire(import.meta.url)('../../config/apps.cjs');
  const firstPageOfEachRemote = REMOTE_DIRS.map(
    (dir) => liveFacts(dir)?.pages?.find((p) => p.ssr && !p.path.includes(':'))?.path,
  ).filter(Boolean);
  return { shellFacts: liveFacts('shell'), firstPageOfEachRemote };
}
