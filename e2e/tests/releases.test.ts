/**
 * Each remote ships alone, on the production build, with the site running
 * throughout (never restarted): a release of mfe-giving changes what the
 * server renders and what the browser hydrates, and nothing of another app;
 * a rollback brings the old one back; broken releases never go live; a new
 * page ships with its remote alone; a remote served from another origin
 * works on both sides; and a remote's server code that throws, or changed
 * after its release was checked, leaves only its part to the browser.
 *
 * Every release is rendered before it goes live: a release needing a new
 * export of shared is refused until shared takes a version, then works; a
 * page that throws is refused. Canaries serve two populations of visitors
 * their own releases, consistently; promote and rollback work; a canary
 * whose visitors' pages throw rolls back on its own; /admin/releases is
 * for admins. A new remote made with `npm run new-remote` ships and works.
 *
 * The releases are made from a copy of mfe-giving's folder (`--from`) into
 * a copy of the built releases: the working tree and the other tests' site
 * are never touched (but for the new remote, made and removed in the
 * working tree as the command does).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  mkdirSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { freePort, launchBrowser, logIn, newPage, repoRoot, signUpThroughApi, startSite, type Site } from '../harness';
import { publishRelease, readPointer } from '../../scripts/lib/release-store.mjs';
import { takeVersion } from '../../scripts/lib/shared-exports.mjs';

const ADMIN = { email: 'release.admin@example.org', password: 'a long release password' };

let browser: Browser;
let releases: string;
let site: Site;

/** A copy of the built releases (every app's), for this test's own site. */
function copyOfReleases(): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'ministry-releases-'));
  cpSync(path.join(repoRoot, 'releases'), copy, { recursive: true });
  return copy;
}

/**
 * A copy of mfe-giving's folder to change, its dependencies those of the
 * workspace; with `shared`, it builds against that copy of @ministry/shared.
 */
function copyOfGiving({ shared }: { shared?: string } = {}): string {
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
function copyOfShared(): string {
  mkdirSync(path.join(repoRoot, '.cache'), { recursive: true });
  const top = mkdtempSync(path.join(repoRoot, '.cache', 'shared-copy-'));
  const copy = path.join(top, 'shared');
  cpSync(path.join(repoRoot, 'shared'), copy, { recursive: true, filter: (file) => !file.includes(`${path.sep}node_modules`) });
  symlinkSync(realpathSync(path.join(repoRoot, 'shared/node_modules')), path.join(copy, 'node_modules'));
  cpSync(path.join(repoRoot, 'tsconfig.base.json'), path.join(top, 'tsconfig.base.json'));
  return copy;
}

function edit(folder: string, file: string, change: (text: string) => string): void {
  const full = path.join(folder, file);
  const before = readFileSync(full, 'utf8');
  const after = change(before);
  assert.notEqual(after, before, `${file} changed`);
  writeFileSync(full, after);
}

/**
 * Runs a script of the repository in its own process. Asynchronously: this
 * process keeps reading the site's output and noticing its closed connections
 * meanwhile (a blocked test process reuses a keep-alive connection the site
 * closed while it waited, and the next fetch fails).
 */
function runScript(script: string, args: string[]): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(repoRoot, script), ...args],
      // SITE_URL: the release check renders with this test's site.
      {
        cwd: repoRoot,
        env: { ...process.env, RELEASES_DIR: releases, SITE_URL: site.url },
        timeout: 300_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => resolve({ ok: !error, output: `${stdout}${stderr}` }),
    );
  });
}

/** `npm run release -- mfe-giving --from <folder>` into this test's releases. */
const release = (from: string) => runScript('scripts/release.mjs', ['mfe-giving', '--from', from]);

const rollback = () => runScript('scripts/rollback.mjs', ['mfe-giving']);

/** A fingerprint of every file of the apps but mfe-giving (and their pointers). */
function otherAppsFingerprint(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(full).update(readFileSync(full));
    }
  };
  for (const app of readdirSync(releases).sort()) if (app !== 'mfe-giving') walk(path.join(releases, app));
  return hash.digest('hex');
}

const liveGiving = () => readPointer(path.join(releases, 'mfe-giving'))!.release;

/** The page as the server sends it (no script runs). */
async function serverHtml(url: string): Promise<{ status: number; html: string }> {
  const response = await fetch(url, { headers: { accept: 'text/html' } });
  return { status: response.status, html: await response.text() };
}

/** Errors of a page: uncaught errors and console errors (a hydration mismatch is one). */
function problems(page: Page): string[] {
  const found: string[] = [];
  page.on('pageerror', (e) => found.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) found.push(m.text());
  });
  return found;
}

/**
 * Opens `url` and waits until <main> shows `expected` once the app has taken
 * the page over (a part the browser renders may still be loading at first);
 * without `expectErrors`, the page must run without errors.
 */
async function assertShownInBrowser(url: string, expected: RegExp, { expectErrors = false, why = '' } = {}): Promise<void> {
  const { context, page } = await newPage(browser);
  try {
    const found = problems(page);
    await page.goto(url);
    await page
      .locator('main', { hasText: expected })
      .waitFor()
      .catch(async () => assert.fail(`${why || url}: <main> shows ${expected}, not: ${await page.locator('main').innerText()}`));
    if (!expectErrors) assert.deepEqual(found, [], `${url} ran without errors`);
  } finally {
    await context.close();
  }
}

before(async () => {
  releases = copyOfReleases();
  site = await startSite({
    RELEASES_DIR: releases,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The automatic rollback after 3 canary page views with errors (30 by default).
    CANARY_MIN_ERROR_VIEWS: '3',
  });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
  rmSync(releases, { recursive: true, force: true });
});

describe('releasing one remote', () => {
  it('a changed mfe-giving is released alone: the server renders it, the browser hydrates it without a mismatch; a rollback brings the old one back', async () => {
    const giving = copyOfGiving();
    edit(giving, 'src/features/events/EventsPage.tsx', (text) => text.replaceAll('Recent Events', 'Upcoming Gatherings'));
    // The same release adds a page of its own: the shell is not touched.
    // A new call, in the remote's own feature: it ships with the remote alone.
    edit(
      giving,
      'src/features/events/api.ts',
      (text) =>
        `${text}\n/** GET /api/events: how many gatherings are ahead. */\nexport async function countGatherings(): Promise<number> {\n  return (await http.get<Envelope<MinistryEvent[]>>('/api/events')).data.data.length;\n}\n`,
    );
    writeFileSync(
      path.join(giving, 'src/features/events/GatheringsPage.tsx'),
      `import { Container, PageBanner } from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { countGatherings } from './api';
export function GatheringsPage() {
  const count = useResource(countGatherings, 'gatherings-count');
  return (
    <Container>
      <PageBanner title="Our gatherings" />
      <p>Every gathering of the year, shipped with its remote alone.</p>
      {count.data !== undefined && <p>{count.data} gatherings ahead.</p>}
    </Container>
  );
}
`,
    );
    edit(giving, 'src/routes.tsx', (text) =>
      text
        .replace(
          "import { OfferingPage } from './features/offering/OfferingPage';",
          "import { OfferingPage } from './features/offering/OfferingPage';\nimport { GatheringsPage } from './features/events/GatheringsPage';",
        )
        .replace(
          "  { path: '/offering', element: <OfferingPage /> },",
          "  { path: '/offering', element: <OfferingPage /> },\n  { path: '/gatherings', element: <GatheringsPage /> },",
        ),
    );
    edit(giving, 'app.json', (text) => {
      const app = JSON.parse(text) as { pages: { path: string; title: string }[] };
      app.pages.push({ path: '/gatherings', title: 'Our gatherings' });
      return `${JSON.stringify(app, null, 2)}\n`;
    });

    const before = { html: (await serverHtml(`${site.url}/events`)).html, release: liveGiving(), others: otherAppsFingerprint() };
    assert.match(before.html, /Recent Events/);
    assert.equal((await serverHtml(`${site.url}/gatherings`)).status, 404, 'the page does not exist yet');

    const released = await release(giving);
    assert.ok(released.ok, released.output);
    assert.notEqual(liveGiving(), before.release);
    assert.equal(otherAppsFingerprint(), before.others, 'no file of the shell or of another remote changed');

    const after = await serverHtml(`${site.url}/events`);
    assert.match(after.html, /Upcoming Gatherings/, 'the server renders the new release');
    assert.doesNotMatch(after.html, /Recent Events/);
    await assertShownInBrowser(`${site.url}/events`, /Upcoming Gatherings/);

    const page = await serverHtml(`${site.url}/gatherings`);
    assert.equal(page.status, 200);
    assert.match(page.html, /Every gathering of the year/, 'the new page is rendered on the server');
    assert.match(page.html, /\d+(<!-- -->)? gatherings ahead/, 'with what its new call answered');
    assert.match(page.html, /<title>Our gatherings \|/);
    await assertShownInBrowser(`${site.url}/gatherings`, /\d+ gatherings ahead/);

    const back = await rollback();
    assert.ok(back.ok, back.output);
    assert.equal(liveGiving(), before.release);
    assert.match((await serverHtml(`${site.url}/events`)).html, /Recent Events/, 'the server renders the old release again');
    await assertShownInBrowser(`${site.url}/events`, /Recent Events/);
    assert.equal((await serverHtml(`${site.url}/gatherings`)).status, 404, 'the page left with its release');
    assert.equal(otherAppsFingerprint(), before.others);
    rmSync(giving, { recursive: true, force: true });
  });

  it('a release that does not build, lacks an exposed module or needs another React is refused, and the live site keeps its release', async () => {
    const live = liveGiving();
    const cases: [string, (giving: string) => void, RegExp][] = [
      [
        'does not build',
        (giving) => edit(giving, 'src/routes.tsx', (text) => `${text}\nexport const broken = ;\n`),
        /the build failed/,
      ],
      [
        'lacks an exposed module',
        (giving) =>
          edit(giving, 'app.json', (text) =>
            text.replace('"exposes": { "./routes": "./src/routes.tsx" }', '"exposes": { "./Pages": "./src/routes.tsx" }'),
          ),
        /does not expose \.\/routes/,
      ],
      [
        'needs another React',
        (giving) => edit(giving, 'package.json', (text) => text.replace('"react": "19.3.1"', '"react": "^18.3.1"')),
        /needs react \^18\.3\.1, but the shell shares react 19\.3\.1/,
      ],
    ];
    for (const [name, spoil, reason] of cases) {
      const giving = copyOfGiving();
      spoil(giving);
      const refused = await release(giving);
      assert.equal(refused.ok, false, `a release that ${name} is refused`);
      assert.match(refused.output, reason, name);
      assert.match(refused.output, /REFUSED; the live release is unchanged/);
      assert.equal(liveGiving(), live, `the live release is kept (${name})`);
      assert.ok(
        !readdirSync(path.join(releases, 'mfe-giving')).some((f) => f.startsWith('.staging-')),
        'nothing is left half-made',
      );
      rmSync(giving, { recursive: true, force: true });
    }
    await assertShownInBrowser(`${site.url}/events`, /Recent Events/);
  });
});

describe('what a release needs of shared, and pages rendered before they go live', () => {
  it("a remote that needs a new export of shared is refused, naming it, until shared takes a version; then it goes live and works beside the shell's copy", async () => {
    const live = liveGiving();
    const shared = copyOfShared();
    edit(
      shared,
      'src/format/index.ts',
      (text) =>
        `${text}\n/** The events page's heading. */\nexport function eventsHeading(): string {\n  return 'Recent Events v2';\n}\n`,
    );
    const giving = copyOfGiving({ shared });
    edit(giving, 'src/features/events/EventsPage.tsx', (text) =>
      text
        .replace(
          "import { useResource } from '@ministry/shared/app';",
          "import { useResource } from '@ministry/shared/app';\nimport { eventsHeading } from '@ministry/shared/format';",
        )
        .replace('<h1>Recent Events</h1>', '<h1>{eventsHeading()}</h1>'),
    );

    const refused = await release(giving);
    assert.equal(refused.ok, false, refused.output);
    assert.match(refused.output, /format: eventsHeading added/);
    assert.match(refused.output, /npm run shared:version -- minor/);
    assert.equal(liveGiving(), live);

    takeVersion('minor', shared);
    const released = await release(giving);
    assert.ok(released.ok, released.output);
    assert.match((await serverHtml(`${site.url}/events`)).html, /Recent Events v2/, 'the server renders it');
    await assertShownInBrowser(`${site.url}/events`, /Recent Events v2/);
    await assertShownInBrowser(`${site.url}/`, /Latest stories/i);
    assert.ok((await rollback()).ok);
    assert.equal(liveGiving(), live);
    rmSync(giving, { recursive: true, force: true });
    rmSync(path.dirname(shared), { recursive: true, force: true });
  });

  it('a release whose page throws while rendering is refused, and nothing of it is left', async () => {
    const live = liveGiving();
    const before = readdirSync(path.join(releases, 'mfe-giving')).sort();
    const giving = copyOfGiving();
    edit(giving, 'src/features/events/EventsPage.tsx', (text) =>
      text.replace(
        /export function EventsPage\(\) \{/,
        'export function EventsPage() {\n  if (Date.now() > 0) throw new Error("EventsPage is broken");',
      ),
    );
    const refused = await release(giving);
    assert.equal(refused.ok, false, refused.output);
    assert.match(refused.output, /its page \/events was not rendered on the server: .*EventsPage is broken/);
    assert.match(refused.output, /REFUSED; the live release is unchanged/);
    assert.equal(liveGiving(), live);
    assert.deepEqual(readdirSync(path.join(releases, 'mfe-giving')).sort(), before, 'the refused release is gone');
    await assertShownInBrowser(`${site.url}/events`, /Recent Events/);
    rmSync(giving, { recursive: true, force: true });
  });
});

/**
 * A copy of the live mfe-giving release as a canary of `percent`, its code
 * rewritten by `change` (`browserOnly`: its browser code only).
 */
function canaryOfGiving(percent: number, change: (code: string) => string, { browserOnly = false } = {}): string {
  const folder = path.join(releases, 'mfe-giving');
  const staging = path.join(folder, `.staging-${Date.now()}`);
  cpSync(path.join(folder, liveGiving()), staging, { recursive: true });
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

describe('canary releases', () => {
  /** A browser whose visitor has the canary bucket `bucket`. */
  async function visitor(bucket: number) {
    const { context, page } = await newPage(browser);
    await context.addCookies([{ name: 'mf_canary', value: String(bucket), url: site.url }]);
    return { context, page };
  }

  it('two populations of visitors see two releases, each the same on the server and in the browser; promote, then roll back', async () => {
    const live = liveGiving();
    const canary = canaryOfGiving(20, (code) => code.replaceAll('Recent Events', 'Canary Events'));
    for (const [bucket, heading] of [
      [5, /Canary Events/],
      [60, /Recent Events/],
    ] as const) {
      const html = await (
        await fetch(`${site.url}/events`, { headers: { accept: 'text/html', cookie: `mf_canary=${bucket}` } })
      ).text();
      assert.match(html, heading, `bucket ${bucket}: the server's HTML`);
      const { context, page } = await visitor(bucket);
      const found = problems(page);
      await page.goto(`${site.url}/events`);
      await page.locator('main', { hasText: heading }).waitFor();
      const manifest = await page.evaluate(
        () => JSON.parse(document.getElementById('ministry-runtime-config')!.textContent!).remotes.mfe_giving,
      );
      assert.match(manifest, new RegExp(bucket < 20 ? canary : live), 'the browser loads the same release');
      assert.deepEqual(found, [], 'hydrated without a mismatch');
      await context.close();
    }
    const promoted = await runScript('scripts/promote.mjs', ['mfe-giving']);
    assert.ok(promoted.ok, promoted.output);
    assert.equal(liveGiving(), canary);
    assert.match((await serverHtml(`${site.url}/events`)).html, /Canary Events/, 'live for everyone');
    const back = await rollback();
    assert.ok(back.ok, back.output);
    assert.equal(liveGiving(), live);
    assert.match((await serverHtml(`${site.url}/events`)).html, /Recent Events/);
  });

  it("a canary whose visitors' pages throw is rolled back on its own, and the release page says why; it is for admins only", async () => {
    const live = liveGiving();
    // Its events page throws in the browser (at the heading's text, where the minified code has it).
    const canary = canaryOfGiving(
      50,
      (code) => code.replaceAll('"Recent Events"', '(() => { throw new Error("the canary breaks in the browser"); })()'),
      { browserOnly: true },
    );
    for (let i = 0; i < 3; i++) {
      const { context, page } = await visitor(10);
      await page.goto(`${site.url}/events`);
      await page
        .getByRole('alert')
        .filter({ hasText: /couldn't load/ })
        .waitFor();
      await context.close();
    }
    // The third report tips it (CANARY_MIN_ERROR_VIEWS=3 here).
    const deadline = Date.now() + 30_000;
    while (readPointer(path.join(releases, 'mfe-giving'))!.canary && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const pointer = readPointer(path.join(releases, 'mfe-giving'))!;
    assert.equal(pointer.canary, null, 'rolled back');
    assert.equal(pointer.release, live);
    assert.match(pointer.lastCanary!.reason, /rolled back on its own: 3 of its \d+ page views had errors/);
    assert.match(site.output(), new RegExp(`canary ${canary} rolled back on its own`));
    await assertShownInBrowser(`${site.url}/events`, /Recent Events/);

    // The release page: the admin sees it and why; an editor and a member do not.
    const { context, page } = await newPage(browser);
    await logIn(site, page, ADMIN, '/admin/releases');
    const panel = page.getByRole('region', { name: /^mfe-giving/ });
    await panel.waitFor();
    assert.match(await panel.innerText(), new RegExp(`Last canary ${canary}: rolled back .*page views had errors`));
    assert.match(await panel.innerText(), new RegExp(`${live}\\s+live`));
    await context.close();

    const member = { email: 'release.member@example.org', password: 'a member password 123' };
    await signUpThroughApi(site, {
      ...member,
      firstname: 'Mara',
      lastname: 'Member',
      birth_date: '1990-01-01',
      gender: 'Female',
      civil_status: 'Single',
      church: (await (await fetch(`${site.url}/api/locations`)).json()).data[0]._id,
      countryOfOrigin: 'Ghana',
      country: 'Ghana',
      city: 'Greater Accra',
      seniority: 3,
    });
    const other = await newPage(browser);
    await logIn(site, other.page, member, '/');
    await other.page.goto(`${site.url}/admin/releases`);
    await other.page.getByRole('heading', { name: /page not found|for admins/i }).waitFor();
    assert.equal(await other.page.getByRole('heading', { name: 'Releases' }).count(), 0, 'a member does not see it');
    await other.context.close();
  });
});

describe('version skew that reaches visitors anyway', () => {
  it("a remote built for another React, published without its checks, shows its part's fallback, never a blank page", async () => {
    const live = liveGiving();
    const giving = copyOfGiving();
    edit(giving, 'package.json', (text) => text.replace('"react": "19.3.1"', '"react": "^18.3.1"'));
    const folder = path.join(releases, 'mfe-giving');
    const id = '20990103-000000-abcdef';
    const staging = path.join(folder, `.staging-${id}`);
    const built = await runScript('config/build-app.cjs', [giving, staging]);
    assert.ok(built.ok, built.output);
    publishRelease(folder, { app: 'mfe-giving', name: 'mfe_giving', id, staging });

    const { status, html } = await serverHtml(`${site.url}/events`);
    assert.equal(status, 200);
    assert.match(html, /<header/);
    assert.doesNotMatch(html, /Recent Events/, 'the server does not run it with the wrong React');

    const { context, page } = await newPage(browser);
    await page.goto(`${site.url}/events`);
    assert.match(await page.getByRole('alert').innerText(), /couldn't load the giving and events pages/);
    assert.ok(await page.getByRole('banner').isVisible(), 'the rest of the page is there');
    await context.close();
    assert.ok((await rollback()).ok);
    assert.equal(liveGiving(), live);
    rmSync(giving, { recursive: true, force: true });
  });
});

/** Publishes a copy of the live mfe-giving release whose server container `change` rewrote (recorded as released). */
function releaseWithServerCode(change: (code: string) => string): string {
  const folder = path.join(releases, 'mfe-giving');
  const staging = path.join(folder, `.staging-${Date.now()}`);
  cpSync(path.join(folder, liveGiving()), staging, { recursive: true });
  rmSync(path.join(staging, 'release.json'));
  edit(staging, 'server/remoteEntry.js', change);
  const id = `20990101-000000-${createHash('sha256').update(staging).digest('hex').slice(0, 6)}`;
  publishRelease(folder, { app: 'mfe-giving', name: 'mfe_giving', id, staging });
  return id;
}

describe("a remote's server code that fails", () => {
  it('throwing while it renders, leaves its part to the browser: the page answers 200 and shows it once the browser rendered it', async () => {
    const live = liveGiving();
    releaseWithServerCode((code) =>
      code.replace(
        'function EventsPage() {',
        'function EventsPage() { if (!globalThis.window) throw new Error("EventsPage failed on the server");',
      ),
    );
    const { status, html } = await serverHtml(`${site.url}/events`);
    assert.equal(status, 200);
    assert.match(html, /<header/, 'the rest of the page is rendered on the server');
    assert.match(html, /<!--\$!-->/, "the remote's part is left for the browser");
    assert.doesNotMatch(html, /Recent Events/);
    await assertShownInBrowser(`${site.url}/events`, /Recent Events/, {
      expectErrors: true,
      why: 'the browser renders the part',
    });
    assert.match(site.output(), /EventsPage failed on the server/, 'the log says why');
    assert.ok((await rollback()).ok);
    assert.equal(liveGiving(), live);
  });

  it('changed after its release was checked, is refused: the page answers 200 and the part renders in the browser', async () => {
    const folder = path.join(releases, 'mfe-giving', liveGiving(), 'server/remoteEntry.js');
    writeFileSync(folder, `${readFileSync(folder, 'utf8')}\n;globalThis.injected = true;\n`);
    // Releasing the shell again (same code) starts a fresh renderer, which loads the remote anew.
    const shell = path.join(releases, 'shell');
    const staging = path.join(shell, `.staging-${Date.now()}`);
    cpSync(path.join(shell, readPointer(shell)!.release), staging, { recursive: true });
    rmSync(path.join(staging, 'release.json'));
    publishRelease(shell, {
      app: 'shell',
      name: 'shell',
      id: `20990102-000000-${createHash('sha256').update(staging).digest('hex').slice(0, 6)}`,
      staging,
    });

    const { status, html } = await serverHtml(`${site.url}/events`);
    assert.equal(status, 200);
    assert.doesNotMatch(html, /Recent Events/, 'the changed code did not run');
    await assertShownInBrowser(`${site.url}/events`, /Recent Events/, { expectErrors: true });
    assert.match(site.output(), /changed since its release was checked/);
  });
});

describe('a remote served from another origin', () => {
  let remoteHost: Server;
  let other: Site;
  const served: string[] = [];

  before(async () => {
    // mfe-giving's releases on a static server of their own, on another port.
    const folder = mkdtempSync(path.join(tmpdir(), 'ministry-giving-host-'));
    cpSync(path.join(repoRoot, 'releases', 'mfe-giving'), folder, { recursive: true });
    remoteHost = createServer((request, response) => {
      const file = path.join(folder, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
      served.push(request.url ?? '');
      if (!file.startsWith(folder) || !existsSync(file) || statSync(file).isDirectory()) {
        response.writeHead(404).end();
        return;
      }
      const type = file.endsWith('.json')
        ? 'application/json'
        : file.endsWith('.js')
          ? 'text/javascript'
          : 'application/octet-stream';
      response.writeHead(200, { 'content-type': type, 'access-control-allow-origin': '*' }).end(readFileSync(file));
    });
    const port = await freePort();
    await new Promise<void>((resolve) => remoteHost.listen(port, '127.0.0.1', resolve));
    other = await startSite({ REMOTE_MFE_GIVING: `http://127.0.0.1:${port}/` });
  });

  after(async () => {
    await other?.stop();
    remoteHost?.close();
  });

  it('works on the server and in the browser', async () => {
    const { status, html } = await serverHtml(`${other.url}/events`);
    assert.equal(status, 200);
    assert.match(html, /Recent Events/, 'rendered on the server from the other origin');
    assert.ok(
      served.some((url) => url.endsWith('/server/remoteEntry.js')),
      'the renderer read the server container there',
    );
    const config = JSON.parse(/<script id="ministry-runtime-config" type="application\/json">([^<]+)<\/script>/.exec(html)![1]);
    assert.match(config.remotes.mfe_giving, /^http:\/\/127\.0\.0\.1:\d+\/\d{8}-\d{6}-[0-9a-f]{6}\/browser\/mf-manifest\.json$/);

    const { context, page } = await newPage(browser);
    const response = await page.goto(`${other.url}/events`);
    assert.match(String(response?.headers()['content-security-policy']), /script-src 'self' http:\/\/127\.0\.0\.1:\d+/);
    assert.match(await page.locator('main').innerText(), /Recent Events/);
    assert.ok(
      served.some((url) => url.endsWith('/browser/remoteEntry.js')),
      'the browser loaded the container there',
    );
    // Another page of the remote, reached in the browser.
    await page.getByRole('link', { name: 'OFFERING' }).first().click();
    await page.getByRole('heading', { name: 'Donate & Help' }).waitFor();
    await context.close();
  });
});

describe('a new remote', () => {
  it('made with `npm run new-remote` is one folder plus one line: it builds, is released alone, its page works; then it is removed', async () => {
    const folder = `mfe-e2e-${Date.now().toString(36)}`;
    const remotes = readFileSync(path.join(repoRoot, 'config/remotes.json'), 'utf8');
    const lock = readFileSync(path.join(repoRoot, 'pnpm-lock.yaml'), 'utf8');
    try {
      const made = await runScript('scripts/new-remote.mjs', [folder, '--page', `/${folder}`]);
      assert.ok(made.ok, made.output);
      assert.deepEqual(JSON.parse(readFileSync(path.join(repoRoot, 'config/remotes.json'), 'utf8')).at(-1), folder);
      for (const file of ['app.json', 'package.json', 'webpack.config.js', 'src/bootstrap.tsx', 'src/routes.tsx'])
        assert.ok(existsSync(path.join(repoRoot, folder, file)), `it has ${file}`);
      const released = await runScript('scripts/release.mjs', [folder]);
      assert.ok(released.ok, released.output);
      const { status, html } = await serverHtml(`${site.url}/${folder}`);
      assert.equal(status, 200);
      assert.match(html, /This page ships with its remote alone/, 'rendered on the server');
      await assertShownInBrowser(`${site.url}/${folder}`, /This page ships with its remote alone/);
    } finally {
      const removed = await runScript('scripts/new-remote.mjs', ['--remove', folder]);
      assert.ok(removed.ok, removed.output);
      assert.ok(!existsSync(path.join(repoRoot, folder)));
      assert.equal(readFileSync(path.join(repoRoot, 'config/remotes.json'), 'utf8'), remotes, 'config/remotes.json as it was');
      // pnpm may write the lock file's other lines anew: the working tree gets its own back, and its installation.
      if (readFileSync(path.join(repoRoot, 'pnpm-lock.yaml'), 'utf8') !== lock) {
        writeFileSync(path.join(repoRoot, 'pnpm-lock.yaml'), lock);
        const reinstalled = await runScript('scripts/pnpm.mjs', [
          'install',
          '--frozen-lockfile',
          '--offline',
          '--reporter=silent',
        ]);
        assert.ok(reinstalled.ok, reinstalled.output);
      }
    }
    assert.equal((await serverHtml(`${site.url}/${folder}`)).status, 404, 'its page left with it');
  });
});
