/**
 * Each remote ships alone, on the production build, with the site running
 * throughout (never restarted): a release of mfe-giving changes what the
 * server renders and what the browser hydrates, and nothing of another app;
 * a rollback brings the old one back; broken releases never go live; a new
 * page ships with its remote alone; a remote served from another origin
 * works on both sides; and a remote's server code that throws, or changed
 * after its release was checked, leaves only its part to the browser.
 *
 * The releases are made from a copy of mfe-giving's folder (`--from`) into
 * a copy of the built releases: the working tree and the other tests' site
 * are never touched.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
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
import { freePort, launchBrowser, newPage, repoRoot, startSite, type Site } from '../harness';
import { publishRelease, readPointer } from '../../scripts/lib/release-store.mjs';

let browser: Browser;
let releases: string;
let site: Site;

/** A copy of the built releases (every app's), for this test's own site. */
function copyOfReleases(): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'ministry-releases-'));
  cpSync(path.join(repoRoot, 'releases'), copy, { recursive: true });
  return copy;
}

/** A copy of mfe-giving's folder to change, its dependencies those of the workspace. */
function copyOfGiving(): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'ministry-giving-'));
  const source = path.join(repoRoot, 'mfe-giving');
  for (const name of readdirSync(source)) {
    if (name === 'node_modules' || name === 'dist') continue;
    cpSync(path.join(source, name), path.join(copy, name), { recursive: true });
  }
  symlinkSync(realpathSync(path.join(source, 'node_modules')), path.join(copy, 'node_modules'));
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
      { cwd: repoRoot, env: { ...process.env, RELEASES_DIR: releases }, timeout: 180_000, maxBuffer: 64 * 1024 * 1024 },
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
  site = await startSite({ RELEASES_DIR: releases });
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
    writeFileSync(
      path.join(giving, 'src/features/events/GatheringsPage.tsx'),
      `import { Container, PageBanner } from '@ministry/shared/ui';
export function GatheringsPage() {
  return (
    <Container>
      <PageBanner title="Our gatherings" />
      <p>Every gathering of the year, shipped with its remote alone.</p>
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
    assert.match(page.html, /<title>Our gatherings \|/);
    await assertShownInBrowser(`${site.url}/gatherings`, /Every gathering of the year/);

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
