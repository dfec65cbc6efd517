/**
 * Each remote ships alone, on the production build, with the site running
 * throughout (never restarted): a release of mfe-giving changes what the
 * server renders and what the browser hydrates, and nothing of another app;
 * a rollback brings the old one back; broken releases never go live: one
 * whose page throws is refused after rendering, one that needs a new export
 * of shared is refused until shared takes a version, then works beside the
 * shell's copy; a new page ships with its remote alone; a remote served
 * from another origin works on both sides; and a remote's server code that
 * throws, or changed after its release was checked, leaves only its part
 * to the browser. Canaries and new remotes: canary.test.ts.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { freePort, newPage, repoRoot, startSite, type Site } from '../harness';
import { copyOfGiving, copyOfShared, edit, ReleaseBed, serverHtml } from '../releases';
import { publishRelease, readPointer } from '../../scripts/lib/release-store.mjs';
import { takeVersion } from '../../scripts/lib/shared-exports.mjs';

const bed = new ReleaseBed();

before(() => bed.start());
after(() => bed.stop());

describe('releasing one remote', () => {
  it('a changed mfe-giving is released alone: the server renders it, the browser hydrates it without a mismatch; a rollback brings the old one back', async () => {
    const giving = copyOfGiving();
    edit(giving, 'src/features/events/EventsPage.tsx', (text) => text.replaceAll('Upcoming events', 'Upcoming Gatherings'));
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

    const before = {
      html: (await serverHtml(`${bed.site.url}/events`)).html,
      release: bed.liveGiving(),
      others: bed.otherAppsFingerprint(),
    };
    assert.match(before.html, /Upcoming events/);
    assert.equal((await serverHtml(`${bed.site.url}/gatherings`)).status, 404, 'the page does not exist yet');

    const released = await bed.release(giving);
    assert.ok(released.ok, released.output);
    assert.notEqual(bed.liveGiving(), before.release);
    assert.equal(bed.otherAppsFingerprint(), before.others, 'no file of the shell or of another remote changed');

    const after = await serverHtml(`${bed.site.url}/events`);
    assert.match(after.html, /Upcoming Gatherings/, 'the server renders the new release');
    assert.doesNotMatch(after.html, /Upcoming events/);
    await bed.assertShownInBrowser(`${bed.site.url}/events`, /Upcoming Gatherings/);

    const page = await serverHtml(`${bed.site.url}/gatherings`);
    assert.equal(page.status, 200);
    assert.match(page.html, /Every gathering of the year/, 'the new page is rendered on the server');
    assert.match(page.html, /\d+(<!-- -->)? gatherings ahead/, 'with what its new call answered');
    assert.match(page.html, /<title>Our gatherings \|/);
    await bed.assertShownInBrowser(`${bed.site.url}/gatherings`, /\d+ gatherings ahead/);

    const back = await bed.rollback();
    assert.ok(back.ok, back.output);
    assert.equal(bed.liveGiving(), before.release);
    assert.match(
      (await serverHtml(`${bed.site.url}/events`)).html,
      /Upcoming events/,
      'the server renders the old release again',
    );
    await bed.assertShownInBrowser(`${bed.site.url}/events`, /Upcoming events/);
    assert.equal((await serverHtml(`${bed.site.url}/gatherings`)).status, 404, 'the page left with its release');
    assert.equal(bed.otherAppsFingerprint(), before.others);
    rmSync(giving, { recursive: true, force: true });
  });

  it('a release that does not build, lacks an exposed module or needs another React is refused, and the live site keeps its release', async () => {
    const live = bed.liveGiving();
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
      const refused = await bed.release(giving);
      assert.equal(refused.ok, false, `a release that ${name} is refused`);
      assert.match(refused.output, reason, name);
      assert.match(refused.output, /REFUSED; the live release is unchanged/);
      assert.equal(bed.liveGiving(), live, `the live release is kept (${name})`);
      assert.ok(
        !readdirSync(path.join(bed.releases, 'mfe-giving')).some((f) => f.startsWith('.staging-')),
        'nothing is left half-made',
      );
      rmSync(giving, { recursive: true, force: true });
    }
    await bed.assertShownInBrowser(`${bed.site.url}/events`, /Upcoming events/);
  });
});

describe('what a release needs of shared, and pages rendered before they go live', () => {
  it("a remote that needs a new export of shared is refused, naming it, until shared takes a version; then it goes live and works beside the shell's copy", async () => {
    const live = bed.liveGiving();
    const shared = copyOfShared();
    edit(
      shared,
      'src/format/index.ts',
      (text) =>
        `${text}\n/** The events page's heading. */\nexport function eventsHeading(): string {\n  return 'Upcoming events v2';\n}\n`,
    );
    const giving = copyOfGiving({ shared });
    edit(giving, 'src/features/events/EventsPage.tsx', (text) =>
      text
        .replace(
          "import { useResource } from '@ministry/shared/app';",
          "import { useResource } from '@ministry/shared/app';\nimport { eventsHeading } from '@ministry/shared/format';",
        )
        .replace('<h1>Upcoming events</h1>', '<h1>{eventsHeading()}</h1>'),
    );

    const refused = await bed.release(giving);
    assert.equal(refused.ok, false, refused.output);
    assert.match(refused.output, /format: eventsHeading added/);
    assert.match(refused.output, /npm run shared:version -- minor/);
    assert.equal(bed.liveGiving(), live);

    takeVersion('minor', shared);
    const released = await bed.release(giving);
    assert.ok(released.ok, released.output);
    assert.match((await serverHtml(`${bed.site.url}/events`)).html, /Upcoming events v2/, 'the server renders it');
    await bed.assertShownInBrowser(`${bed.site.url}/events`, /Upcoming events v2/);
    await bed.assertShownInBrowser(`${bed.site.url}/`, /Latest stories/i);
    assert.ok((await bed.rollback()).ok);
    assert.equal(bed.liveGiving(), live);
    rmSync(giving, { recursive: true, force: true });
    rmSync(path.dirname(shared), { recursive: true, force: true });
  });

  it('a release whose page throws while rendering is refused, and nothing of it is left', async () => {
    const live = bed.liveGiving();
    const before = readdirSync(path.join(bed.releases, 'mfe-giving')).sort();
    const giving = copyOfGiving();
    edit(giving, 'src/features/events/EventsPage.tsx', (text) =>
      text.replace(
        /export function EventsPage\(\) \{/,
        'export function EventsPage() {\n  if (Date.now() > 0) throw new Error("EventsPage is broken");',
      ),
    );
    const refused = await bed.release(giving);
    assert.equal(refused.ok, false, refused.output);
    assert.match(refused.output, /its page \/events was not rendered on the server: .*EventsPage is broken/);
    assert.match(refused.output, /REFUSED; the live release is unchanged/);
    assert.equal(bed.liveGiving(), live);
    assert.deepEqual(readdirSync(path.join(bed.releases, 'mfe-giving')).sort(), before, 'the refused release is gone');
    await bed.assertShownInBrowser(`${bed.site.url}/events`, /Upcoming events/);
    rmSync(giving, { recursive: true, force: true });
  });
});

describe('version skew that reaches visitors anyway', () => {
  it("a remote built for another React, published without its checks, shows its part's fallback, never a blank page", async () => {
    const live = bed.liveGiving();
    const giving = copyOfGiving();
    edit(giving, 'package.json', (text) => text.replace('"react": "19.3.1"', '"react": "^18.3.1"'));
    const folder = path.join(bed.releases, 'mfe-giving');
    const id = '20990103-000000-abcdef';
    const staging = path.join(folder, `.staging-${id}`);
    const built = await bed.runScript('config/build-app.cjs', [giving, staging]);
    assert.ok(built.ok, built.output);
    publishRelease(folder, { app: 'mfe-giving', name: 'mfe_giving', id, staging });

    const { status, html } = await serverHtml(`${bed.site.url}/events`);
    assert.equal(status, 200);
    assert.match(html, /<header/);
    assert.doesNotMatch(html, /Upcoming events/, 'the server does not run it with the wrong React');

    const { context, page } = await newPage(bed.browser);
    await page.goto(`${bed.site.url}/events`);
    assert.match(await page.getByRole('alert').innerText(), /couldn't load the giving and events pages/);
    assert.ok(await page.getByRole('banner').isVisible(), 'the rest of the page is there');
    await context.close();
    assert.ok((await bed.rollback()).ok);
    assert.equal(bed.liveGiving(), live);
    rmSync(giving, { recursive: true, force: true });
  });
});

describe("a remote's server code that fails", () => {
  it('throwing while it renders, leaves its part to the browser: the page answers 200 and shows it once the browser rendered it', async () => {
    const live = bed.liveGiving();
    bed.releaseWithServerCode((code) =>
      code.replace(
        'function EventsPage() {',
        'function EventsPage() { if (!globalThis.window) throw new Error("EventsPage failed on the server");',
      ),
    );
    const { status, html } = await serverHtml(`${bed.site.url}/events`);
    assert.equal(status, 200);
    assert.match(html, /<header/, 'the rest of the page is rendered on the server');
    assert.match(html, /<!--\$!-->/, "the remote's part is left for the browser");
    assert.doesNotMatch(html, /Upcoming events/);
    await bed.assertShownInBrowser(`${bed.site.url}/events`, /Upcoming events/, {
      expectErrors: true,
      why: 'the browser renders the part',
    });
    assert.match(bed.site.output(), /EventsPage failed on the server/, 'the log says why');
    assert.ok((await bed.rollback()).ok);
    assert.equal(bed.liveGiving(), live);
  });

  it('changed after its release was checked, is refused: the page answers 200 and the part renders in the browser', async () => {
    const folder = path.join(bed.releases, 'mfe-giving', bed.liveGiving(), 'server/remoteEntry.js');
    writeFileSync(folder, `${readFileSync(folder, 'utf8')}\n;globalThis.injected = true;\n`);
    // Releasing the shell again (same code) starts a fresh renderer, which loads the remote anew.
    const shell = path.join(bed.releases, 'shell');
    const staging = path.join(shell, `.staging-${Date.now()}`);
    cpSync(path.join(shell, readPointer(shell)!.release), staging, { recursive: true });
    rmSync(path.join(staging, 'release.json'));
    publishRelease(shell, {
      app: 'shell',
      name: 'shell',
      id: `20990102-000000-${createHash('sha256').update(staging).digest('hex').slice(0, 6)}`,
      staging,
    });

    const { status, html } = await serverHtml(`${bed.site.url}/events`);
    assert.equal(status, 200);
    assert.doesNotMatch(html, /Upcoming events/, 'the changed code did not run');
    await bed.assertShownInBrowser(`${bed.site.url}/events`, /Upcoming events/, { expectErrors: true });
    assert.match(bed.site.output(), /changed since its release was checked/);
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
    assert.match(html, /Upcoming events/, 'rendered on the server from the other origin');
    assert.ok(
      served.some((url) => url.endsWith('/server/remoteEntry.js')),
      'the renderer read the server container there',
    );
    const config = JSON.parse(/<script id="ministry-runtime-config" type="application\/json">([^<]+)<\/script>/.exec(html)![1]);
    assert.match(config.remotes.mfe_giving, /^http:\/\/127\.0\.0\.1:\d+\/\d{8}-\d{6}-[0-9a-f]{6}\/browser\/mf-manifest\.json$/);

    const { context, page } = await newPage(bed.browser);
    const response = await page.goto(`${other.url}/events`);
    assert.match(String(response?.headers()['content-security-policy']), /script-src 'self' http:\/\/127\.0\.0\.1:\d+/);
    assert.match(await page.locator('main').innerText(), /Upcoming events/);
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
