/**
 * Canary releases and release checks' previews as the server serves them
 * (src/site/releases.ts, src/site/index.ts), how a canary fares
 * (src/site/releaseHealth.ts) and the admins' release API
 * (src/modules/releases), with releases made by hand (fakeSite.ts). Real
 * builds are released and checked in e2e/tests/releases.test.ts.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { canaryVerdict } from '../src/site/releaseHealth.js';
import { newReleaseId, publishRelease, readPointer } from '../../scripts/lib/release-store.mjs';
import { fakeShell, fakeSite, type FakeApp, type FakeSite } from './fakeSite.js';
import { browserLike, createMember, databaseKinds, freshDatabase, json, testConfig } from './helpers.js';

const remoteX: FakeApp = {
  name: 'mfe_x',
  label: 'the x pages',
  exposes: ['./routes'],
  pages: [{ path: '/x', ssr: false }],
  files: { 'browser/mf-manifest.json': '{}' },
};

/** Publishes a release of mfe_x, for everyone or as a canary; answers its name. */
function releaseX(site: FakeSite, canary: number | null = null): string {
  const id = newReleaseId();
  const staging = path.join(site.releasesDir, 'mfe-x', `.staging-${id}`);
  const files = {
    'browser/pages.json': JSON.stringify({
      ...remoteX,
      pages: [{ path: '/x', title: 'X', layout: 'main', signedIn: false, ssr: false }],
    }),
    'browser/mf-manifest.json': '{}',
  };
  for (const [file, content] of Object.entries(files)) {
    const full = path.join(staging, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
  publishRelease(path.join(site.releasesDir, 'mfe-x'), { app: 'mfe-x', name: 'mfe_x', id, staging, canary });
  return id;
}

/** The runtime config inline in a page. */
function inlineConfig(html: string): { remotes: Record<string, string> } {
  return JSON.parse(/<script id="ministry-runtime-config" type="application\/json">([^<]+)<\/script>/.exec(html)![1]);
}

const releaseOf = (html: string) => /\/remotes\/mfe-x\/([^/]+)\//.exec(inlineConfig(html).remotes.mfe_x)![1];

for (const kind of databaseKinds()) {
  describe(`canaries [${kind}]`, () => {
    let app: FastifyInstance;
    let cleanup: () => Promise<void>;
    let site: FakeSite;
    let live: string;
    let canary: string;
    const folder = () => path.join(site.releasesDir, 'mfe-x');
    const page = (cookie?: string) =>
      app.inject({ method: 'GET', url: '/x', headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });

    before(async () => {
      site = fakeSite();
      site.release('shell', fakeShell(undefined, { files: { 'worker/sw.js': 'self.worker = "of this shell";' } }));
      live = releaseX(site);
      const fresh = await freshDatabase(kind);
      cleanup = fresh.cleanup;
      app = browserLike(
        await buildApp({
          database: fresh.database,
          config: testConfig({
            siteRoot: site.siteRoot,
            releasesDir: site.releasesDir,
            prerender: false,
            canaryMinErrorViews: 30,
          }),
        }),
      );
      await app.ready();
    });
    after(async () => {
      await app.close();
      await cleanup();
    });

    it('without a canary, every visitor gets the live release and no cookie', async () => {
      const response = await page();
      assert.equal(response.statusCode, 200);
      assert.equal(releaseOf(response.body), live);
      assert.equal(response.cookies.length, 0);
    });

    it("the service worker is the shell release's own, at /sw.js, asked again at every page", async () => {
      const worker = await app.inject({ method: 'GET', url: '/sw.js' });
      assert.equal(worker.statusCode, 200);
      assert.equal(worker.body, 'self.worker = "of this shell";');
      assert.match(String(worker.headers['content-type']), /^text\/javascript/);
      assert.equal(worker.headers['cache-control'], 'no-cache');
    });

    it('a canary serves its share of visitors by their sticky bucket, the same release in the page and in /config.json', async () => {
      canary = releaseX(site, 30);
      assert.equal(readPointer(folder())!.release, live);

      const first = await page();
      const bucket = first.cookies.find((c) => c.name === 'mf_canary');
      assert.ok(bucket && /^\d{1,2}$/.test(bucket.value), 'a visitor without a bucket is given one');
      assert.match(String(first.headers['cache-control']), /private/, 'that answer is the visitor’s own');
      assert.equal(releaseOf(first.body), Number(bucket.value) < 30 ? canary : live);

      for (const [value, expected] of [
        ['0', canary],
        ['29', canary],
        ['30', live],
        ['99', live],
      ] as const) {
        const again = await page(`mf_canary=${value}`);
        assert.equal(releaseOf(again.body), expected, `bucket ${value}`);
        assert.equal(again.cookies.length, 0, 'a visitor keeps their bucket');
        const config = await app.inject({ method: 'GET', url: '/config.json', headers: { cookie: `mf_canary=${value}` } });
        assert.match(json<{ remotes: Record<string, string> }>(config).remotes.mfe_x, new RegExp(expected));
      }
      const optedIn = await page('mf_canary=99; mf_canary_opt_in=1');
      assert.equal(releaseOf(optedIn.body), canary, 'staff who opted in see the canary');
    });

    it('admins see the canary and its figures; members and editors do not', async () => {
      const admin = await createMember(app, { role: 'admin' });
      const editor = await createMember(app, { role: 'editor' });
      for (const who of [editor.cookie, (await createMember(app)).cookie]) {
        assert.equal((await app.inject({ method: 'GET', url: '/api/admin/releases', headers: { cookie: who } })).statusCode, 403);
      }
      const overview = json<{
        data: {
          apps: {
            app: string;
            live: { release: string };
            canary: { release: string; percent: number; canary: { views: number } };
            releases: { release: string; state: string }[];
          }[];
        };
      }>(await app.inject({ method: 'GET', url: '/api/admin/releases', headers: { cookie: admin.cookie } })).data;
      const x = overview.apps.find((a) => a.app === 'mfe-x')!;
      assert.equal(x.live.release, live);
      assert.equal(x.canary.release, canary);
      assert.equal(x.canary.percent, 30);
      assert.ok(x.canary.canary.views >= 3, 'the canary’s page views are counted');
      assert.deepEqual(
        x.releases.map((r) => [r.release, r.state]),
        [
          [canary, 'canary'],
          [live, 'live'],
        ],
      );
    });

    it('error reports count only for a release served; a canary whose views err far more than the live one’s is rolled back on its own', async () => {
      const report = (release: string, i: number) =>
        app.inject({
          method: 'POST',
          url: '/api/releases/errors',
          payload: { app: 'mfe_x', release, message: `TypeError: eventsHeading is not a function (${i})`, page: '/x?secret=1' },
        });
      assert.equal((await report('20990101-000000-abcdef', 0)).statusCode, 204, 'a release not served is ignored');
      assert.equal(
        (
          await app.inject({
            method: 'POST',
            url: '/api/releases/errors',
            payload: { app: 'mfe_x', release: canary, message: 'x' },
          })
        ).statusCode,
        400,
      );
      // Page views: 40 of the canary, 400 of the live release; 4 live views err.
      for (let i = 0; i < 40; i++) await page('mf_canary=1');
      for (let i = 0; i < 400; i++) await page('mf_canary=50');
      for (let i = 0; i < 4; i++) await report(live, i);
      for (let i = 0; i < 29; i++) await report(canary, i);
      assert.equal(readPointer(folder())!.canary?.release, canary, 'not yet: 29 page views with errors');
      await report(canary, 29);
      const pointer = readPointer(folder())!;
      assert.equal(pointer.canary, null, 'rolled back at the 30th');
      assert.equal(pointer.release, live);
      assert.match(pointer.lastCanary!.reason, /rolled back on its own: 30 of its \d+ page views had errors/);
      assert.equal(releaseOf((await page('mf_canary=1')).body), live, 'its visitors are back on the live release');

      const admin = await createMember(app, { role: 'admin' });
      const activity = json<{ data: { items: { summary: string; actor: { name: string } }[] } }>(
        await app.inject({ method: 'GET', url: '/api/admin/activity?subject=release', headers: { cookie: admin.cookie } }),
      ).data.items;
      assert.match(activity[0].summary, new RegExp(`Canary ${canary} of mfe-x rolled back on its own`));
      assert.equal(activity[0].actor.name, 'The site');
    });

    it('promote and roll back from the API do what the commands do, for admins only, in the activity log', async () => {
      const admin = await createMember(app, { role: 'admin', firstname: 'Ada', lastname: 'Admin' });
      const editor = await createMember(app, { role: 'editor' });
      const post = (url: string, cookie: string) => app.inject({ method: 'POST', url, headers: { cookie } });
      assert.equal((await post('/api/admin/releases/mfe-x/promote', admin.cookie)).statusCode, 409, 'no canary to promote');
      const next = releaseX(site, 10);
      assert.equal((await post('/api/admin/releases/mfe-x/promote', editor.cookie)).statusCode, 403);
      const promoted = await post('/api/admin/releases/mfe-x/promote', admin.cookie);
      assert.equal(promoted.statusCode, 200, promoted.body);
      assert.deepEqual(json(promoted), { data: { from: live, to: next, canary: false } });
      assert.equal(readPointer(folder())!.release, next);
      assert.equal(releaseOf((await page('mf_canary=99')).body), next, 'live for everyone');

      const back = await post('/api/admin/releases/mfe-x/rollback', admin.cookie);
      assert.deepEqual(json(back), { data: { from: next, to: live, canary: false } });
      assert.equal(readPointer(folder())!.release, live);
      assert.equal((await post('/api/admin/releases/mfe-y/rollback', admin.cookie)).statusCode, 409);
      const activity = json<{ data: { items: { summary: string; actor: { name: string } }[] } }>(
        await app.inject({ method: 'GET', url: '/api/admin/activity?subject=release', headers: { cookie: admin.cookie } }),
      ).data.items;
      assert.deepEqual(
        activity.slice(0, 2).map((a) => [a.summary, a.actor.name]),
        [
          [`Release ${next} of mfe-x rolled back to ${live}`, 'Ada Admin'],
          [`Release ${next} of mfe-x promoted: live for everyone (was ${live})`, 'Ada Admin'],
        ],
      );
    });

    it("a release check's preview is served only to requests with its token, never kept", async () => {
      const candidate = newReleaseId();
      const staging = path.join(folder(), `.staging-${candidate}`);
      mkdirSync(path.join(staging, 'browser'), { recursive: true });
      writeFileSync(
        path.join(staging, 'browser/pages.json'),
        JSON.stringify({ ...remoteX, pages: [{ path: '/x', title: 'X', layout: 'main', signedIn: false, ssr: false }] }),
      );
      const { placeRelease } = await import('../../scripts/lib/release-store.mjs');
      placeRelease(folder(), { app: 'mfe-x', name: 'mfe_x', id: candidate, staging });
      const token = randomBytes(32).toString('hex');
      writeFileSync(
        path.join(folder(), 'preview.json'),
        JSON.stringify({
          release: candidate,
          tokenHash: createHash('sha256').update(token).digest('hex'),
          expiresAt: new Date(Date.now() + 60_000).toISOString(),
        }),
      );
      // The server reads preview files at most once a second.
      app.releases.registry.refresh();
      const previewed = await app.inject({
        method: 'GET',
        url: '/x',
        headers: { accept: 'text/html', 'x-release-preview': token },
      });
      assert.equal(releaseOf(previewed.body), candidate);
      assert.equal(previewed.headers['x-release-preview'], `mfe-x@${candidate}`);
      assert.equal(previewed.headers['cache-control'], 'no-store');
      assert.equal(releaseOf((await page()).body), live, 'anyone else gets the live release');
      const wrong = await app.inject({
        method: 'GET',
        url: '/x',
        headers: { accept: 'text/html', 'x-release-preview': 'f'.repeat(64) },
      });
      assert.equal(releaseOf(wrong.body), live, 'a wrong token gets the live release');
    });
  });
}

describe('the verdict on a canary', () => {
  const options = { minErrorViews: 30, errorFactor: 5 };
  const verdict = (cv: number, ce: number, lv: number, le: number) =>
    canaryVerdict({ canary: { views: cv, errorViews: ce }, liveRelease: { views: lv, errorViews: le } }, options).rollBack;
  it('rolls back at 30 page views with errors at 5 times the live rate or more, not before', () => {
    assert.equal(verdict(100, 29, 1000, 0), false, 'fewer than 30');
    assert.equal(verdict(100, 30, 1000, 0), true);
    assert.equal(verdict(100, 30, 1000, 60), true, '30% against 6%: 5×');
    assert.equal(verdict(100, 30, 1000, 61), false, '30% against 6.1%: under 5×');
    assert.equal(verdict(0, 30, 0, 0), true, 'reports without counted views still count');
  });
});
