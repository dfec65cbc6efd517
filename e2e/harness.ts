/**
 * Starts the production site (the API serving the built shell and remotes)
 * on a free port with a fresh embedded database, and launches Chromium.
 * Build first (`node scripts/build.mjs`); `npm test` does.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { apiBuild } from '../scripts/lib/build-api.mjs';
import { HEADLESS_ARGS, headlessChromiumPath } from '../scripts/lib/chromium.mjs';

// The sites these tests start hash passwords cheaply: the tests sign up and log in often (see api/src/config.ts).
process.env.PASSWORD_HASH_COST ??= 'low';

export const repoRoot = path.resolve(__dirname, '..');

/**
 * Whether the tests leave screenshots in e2e/artifacts to look at: yes on a
 * developer's machine, no on CI (nobody opens them there, and they take a
 * good part of the run); E2E_SCREENSHOTS=1 or 0 decides either way.
 */
export const KEEP_SCREENSHOTS = process.env.E2E_SCREENSHOTS ? process.env.E2E_SCREENSHOTS !== '0' : process.env.CI !== 'true';

export const DESKTOP = { width: 1366, height: 900 };
export const MOBILE = { width: 390, height: 844 };

export interface Site {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed, for debugging a failed test. */
  output: () => string;
  stop: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not answer within ${timeoutMs} ms`);
}

/**
 * A new data folder holding the database prepared once for the whole run
 * (`cli.ts prepare`, see scripts/test.mjs), when there is one: a site or a
 * command started on it begins in a second instead of creating and filling a
 * new database.
 */
export function newDataDir(prefix = 'ministry-e2e-'): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const template = process.env.E2E_DATA_TEMPLATE;
  if (template && existsSync(path.join(template, 'db'))) {
    cpSync(path.join(template, 'db'), path.join(dataDir, 'db'), { recursive: true });
  }
  return dataDir;
}

/**
 * A staff account made in the site's database before the site starts (the
 * embedded database is locked while it runs), as an admin would give the role.
 */
export function addStaffAccount(
  dataDir: string,
  account: { email: string; password: string; firstname: string; lastname: string; role: 'editor' | 'admin' },
): void {
  const code = `
    const { migrate, openDatabase } = await import('./src/db/index.ts');
    const { seedIfEmpty } = await import('./src/seed/index.ts');
    const { createUser } = await import('./src/modules/users/service.ts');
    const database = await openDatabase({ dataDir: process.env.DATA_DIR + '/db' });
    await migrate(database.db);
    await seedIfEmpty(database.db);
    await createUser(database.db, { ...${JSON.stringify(account)}, verified: true });
    await database.close();`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: path.join(repoRoot, 'api'),
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`the ${account.role} ${account.email} could not be made: ${result.stderr}`);
}

/**
 * The API's build, as production runs it (`api/dist`, scripts/lib/build-api.mjs):
 * built first when the API's code changed since (`npm run build` builds it too).
 */
export { apiBuild };

/** Starts the whole site on a free port with its own data folder. */
export async function startSite(env: Record<string, string> = {}): Promise<Site> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? newDataDir();
  let output = '';
  const child = spawn(process.execPath, [await apiBuild('server')], {
    cwd: path.join(repoRoot, 'api'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      SITE_ROOT: repoRoot,
      DATABASE_URL: '',
      // What the tests check of a server-rendered page must not depend on how busy the machine is:
      // a page slower than this is left to the browser (3 s on a site), which a test would take for a failure.
      PRERENDER_TIMEOUT_MS: '30000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child, 240_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Chromium for the tests (the headless shell when installed: see
 * scripts/lib/chromium.mjs). Third-party hosts (the translator, maps) are never
 * reached: no name but the site's resolves. A route that aborts them would do
 * it too, but a route turns the browser's cache off (every page load then
 * fetches and compiles all its scripts anew) and passes every request
 * through the test's process: a third of a page load's time.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: headlessChromiumPath() ?? '/usr/bin/chromium',
    args: [...HEADLESS_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1, EXCLUDE localhost'],
  });
}

/**
 * Waits until the site's page is interactive: `<html data-ready="true">` once
 * the app has rendered (or taken over the server's HTML) with its remote
 * parts. Pages the API serves itself (the test payment pages) have no app.
 */
export async function waitForApp(page: Page, timeout = 20_000): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.ready === 'true', null, {
    timeout,
  });
}

/**
 * Waits until React has taken over the element (it carries React's props):
 * a part of a server-rendered page may still be hydrating after the page
 * is ready on a busy machine, and a click that lands before is lost.
 */
export async function hydrated(locator: Locator): Promise<Locator> {
  await locator.waitFor();
  // Found again while it waits: an element React replaces (a page that renders anew) is not waited on for ever.
  if (!(await reactTakesOver(locator, 30_000))) throw new Error(`React never took over ${String(locator)}`);
  return locator;
}

/** What a test does to an element that must reach the app (not hovering or reading). */
const INTERACTIONS = [
  'check',
  'clear',
  'click',
  'dblclick',
  'fill',
  'press',
  'pressSequentially',
  'selectOption',
  'selectText',
  'setChecked',
  'setInputFiles',
  'tap',
  'type',
  'uncheck',
] as const;
/** The longest an interaction waits for React to take over its element before acting anyway. */
const REACT_WAIT_MS = 15_000;
let interactionsWaitForReact = false;

/**
 * Whether React has taken over `el` (run in the page): it carries React's
 * props, or it sits in HTML React sets as a whole (an article's body) whose
 * container does; an element outside the app (a page without `#root`, a
 * frame) needs nothing.
 */
function ownedByReact(el: Element | null): boolean {
  // No named function inside: this runs in the page, where the test runner's helpers for names do not exist.
  if (!el?.isConnected) return false;
  for (let node: Element | null = el; node; node = node.parentElement) {
    const key = Object.keys(node).find((k) => k.startsWith('__reactProps$'));
    if (key)
      return (
        node === el ||
        Boolean(
          (node as unknown as Record<string, { dangerouslySetInnerHTML?: unknown } | undefined>)[key]?.dangerouslySetInnerHTML,
        )
      );
  }
  const root = el.ownerDocument.getElementById('root');
  return !root || !root.contains(el);
}

/** Waits (at most `limit` ms) until React owns the element `locator` finds; answers whether it did. */
async function reactTakesOver(locator: Locator, limit: number): Promise<boolean> {
  const until = Date.now() + limit;
  while (Date.now() < until) {
    let handle;
    try {
      handle = await locator.elementHandle({ timeout: Math.max(1, until - Date.now()) });
    } catch {
      return false; // not there, or several: the action itself says so
    }
    try {
      const frame = await handle.ownerFrame();
      if (!frame) return false;
      if (await handle.evaluate(ownedByReact)) return true;
      // A part below the first screen is taken over once it comes near the screen, one with only text and
      // links once the visitor reaches for it: go to it and point at it, as the action would.
      await handle.scrollIntoViewIfNeeded({ timeout: 2_000 }).catch(() => undefined);
      await handle.dispatchEvent('pointerover').catch(() => undefined);
      // Hydration may replace the element (a mismatch): look it up again after a while.
      await frame.waitForFunction(ownedByReact, handle, { timeout: Math.max(1, Math.min(3_000, until - Date.now())) });
      return true;
    } catch {
      // not yet
    } finally {
      await handle.dispose().catch(() => undefined);
    }
  }
  return false;
}

/**
 * Every click, fill or selection a test makes waits first until React owns
 * the element: a server-rendered part of a page may still be hydrating after
 * the page is ready (its code loads later, or the machine is busy), and a
 * click, a typed value or a selection that lands before is lost. A test
 * acts as a visitor does once the page answers. Set once, on every locator.
 * `{ force: true }` acts at once (a page with scripts off never hydrates).
 */
function interactionsWaitForTheApp(page: Page): void {
  if (interactionsWaitForReact) return;
  interactionsWaitForReact = true;
  const prototype = Object.getPrototypeOf(page.locator('html')) as Record<string, unknown>;
  for (const name of INTERACTIONS) {
    const action = prototype[name];
    if (typeof action !== 'function') continue;
    prototype[name] = async function (this: Locator, ...args: unknown[]) {
      const options = [...args]
        .reverse()
        .find((a): a is { timeout?: number; force?: boolean } => typeof a === 'object' && a !== null && !Array.isArray(a));
      if (!options?.force) {
        const limit = Math.min(REACT_WAIT_MS, options?.timeout || REACT_WAIT_MS);
        if (!(await reactTakesOver(this, limit)) && process.env.E2E_DEBUG)
          console.warn(`${name} on ${String(this)}: React never took it over`);
      }
      return (action as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    };
  }
}

/**
 * Makes `goto` and `reload` wait for the app as well as for the load: a
 * server-rendered page shows before its scripts run, and what a test types
 * or clicks must reach the app, as for a visitor who waits for the page.
 */
export function waitsForApp(page: Page): Page {
  interactionsWaitForTheApp(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await waitForApp(page);
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await waitForApp(page);
    return response;
  };
  return page;
}

/**
 * A fresh browser context (own cookies and storage) at a viewport size.
 * The site's service worker is kept out (its warming of the offline kit is
 * work these tests do not need, and requests it answered would not pass
 * through a test's routes); `serviceWorker: true` lets it run (offline.test.ts).
 */
export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
  { serviceWorker = false }: { serviceWorker?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, serviceWorkers: serviceWorker ? 'allow' : 'block' });
  const page = waitsForApp(await context.newPage());
  return { context, page };
}

/**
 * Logs `who` in through the login form and waits until the signed-in state is
 * persisted (redux-persist's `persist:root`), so a reload or a new page load
 * is signed in too. `next`: where the login page sends them.
 */
export async function logIn(site: Site, page: Page, who: { email: string; password: string }, next = '/'): Promise<void> {
  await page.goto(`${site.url}/login${next === '/' ? '' : `?next=${encodeURIComponent(next)}`}`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${site.url}${next}`);
  await page.waitForFunction(() => {
    const root = localStorage.getItem('persist:root');
    return root !== null && (JSON.parse(JSON.parse(root).auth ?? '{}') as { isAuth?: boolean }).isAuth === true;
  });
}

/** Collects uncaught page errors, to assert a page ran cleanly. */
/**
 * The text a visitor reads in a part of the page. The footer is laid out
 * only near the screen (content-visibility), and innerText of a part not
 * laid out is empty: the part is brought into view and given two frames.
 */
export async function shownText(locator: Locator): Promise<string> {
  await locator.scrollIntoViewIfNeeded();
  return locator.evaluate(
    (el) =>
      new Promise<string>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve((el as HTMLElement).innerText))),
      ),
  );
}

/**
 * Waits until nothing on the page is still loading (no part `aria-busy`, no
 * "Loading…" status), its transitions and animations that end have ended,
 * and it has painted: what a test then measures or audits (widths, axe's
 * colours) is the page as a visitor sees it once it is done.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      ![...document.querySelectorAll('[role="status"]')].some((e) => /^\s*Loading/.test(e.textContent ?? '')),
    null,
    { timeout: 60_000 },
  );
  await page.evaluate(async () => {
    const ending = document.getAnimations().filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime));
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** Where the browser tests leave their screenshots. */
export const ARTIFACTS_DIR = path.join(__dirname, 'artifacts');

/**
 * A screenshot of the whole page, as a visitor sees each part when scrolled
 * to it, in e2e/artifacts/<name>.png. Parts off screen are not laid out
 * (content-visibility), and a full-page capture would show them blank, so
 * they are laid out for the capture. Nothing on CI (KEEP_SCREENSHOTS).
 */
export async function savePageScreenshot(page: Page, name: string): Promise<void> {
  if (!KEEP_SCREENSHOTS) return;
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const style = await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
  await style.evaluate((el) => (el as Element).remove());
}

export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Mails a test waits for: long enough for a busy machine, never a reason to pass. */
const MAIL_WAIT_MS = 60_000;

/** The site's outbox as the member reads it: quoted-printable undone, oldest first. */
function outbox(site: Site): string[] {
  const dir = path.join(site.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => {
      const raw = readFileSync(path.join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(raw, 'latin1').toString('utf8');
    });
}

/** The mails to `to` whose text matches `match`, oldest first (without waiting). */
export function mailsTo(site: Site, to: string, match: RegExp | string): string[] {
  const address = `to: ${to.toLowerCase()}`;
  return outbox(site).filter(
    (m) => m.toLowerCase().includes(address) && (typeof match === 'string' ? m.includes(match) : match.test(m)),
  );
}

/** The mails to `to` whose text matches `match`, once there are at least `count` (the site sends after answering). */
export async function waitForMails(site: Site, to: string, match: RegExp | string, count: number): Promise<string[]> {
  const deadline = Date.now() + MAIL_WAIT_MS;
  for (;;) {
    const found = mailsTo(site, to, match);
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`${found.length} of ${count} mails to ${to} matching ${String(match)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The newest mail to `to` whose text matches `match`, waiting for it. */
export const waitForMail = async (site: Site, to: string, match: RegExp | string): Promise<string> =>
  (await waitForMails(site, to, match, 1)).at(-1)!;

/**
 * The path of a link (`/verify-email/…`, `/reset-password/…`, `/newsletter/confirm/…`, `/visit/confirm/…`) in the newest
 * mail the site wrote to `to` (its outbox), waiting for it.
 */
export async function mailedLink(
  site: Site,
  to: string,
  pathStart: '/verify-email/' | '/reset-password/' | '/newsletter/confirm/' | '/newsletter/unsubscribe/' | '/visit/confirm/',
): Promise<string> {
  const hex = pathStart.startsWith('/newsletter/') || pathStart === '/visit/confirm/';
  const pattern = new RegExp(hex ? `${pathStart}[0-9a-f]{64}` : `${pathStart}[A-Za-z0-9_-]{43}`);
  return (await waitForMail(site, to, pattern)).match(pattern)![0];
}

/** A member through the API: signs up with `body` and opens the confirmation link mailed for it. */
export async function signUpThroughApi(site: Site, body: Record<string, unknown> & { email: string }): Promise<void> {
  const res = await fetch(`${site.url}/api/user/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.url },
    body: JSON.stringify(body),
  });
  if (res.status !== 202) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const token = (await mailedLink(site, body.email, '/verify-email/')).split('/').at(-1);
  const confirmed = await fetch(`${site.url}/api/user/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.url },
    body: JSON.stringify({ token }),
  });
  if (confirmed.status !== 200) throw new Error(`confirming answered ${confirmed.status}: ${await confirmed.text()}`);
}
