import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildApp } from '../src/app.js';
import { fakeShell, fakeSite } from './fakeSite.js';
import { freshDatabase, testConfig } from './helpers.js';

describe("a page's head", () => {
  it('carries the runtime config of the live releases and preloads the remote modules the page renders first', async () => {
    const site = fakeSite();
    site.release('shell', fakeShell(undefined, { uses: ['mfe_content/HomeSections', 'mfe_community/LatestStories'] }));
    const content = site.release('mfe-content', {
      name: 'mfe_content',
      label: 'this content',
      exposes: ['./routes', './HomeSections'],
      pages: [{ path: '/about', title: 'About' }],
      files: {
        'browser/mf-manifest.json': JSON.stringify({
          metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
          exposes: [
            {
              name: 'routes',
              assets: { js: { sync: ['470.ff3e8571bc.js', '__federation_expose_routes.95993f02aa.js'], async: [] } },
            },
            {
              name: 'HomeSections',
              assets: {
                js: { sync: ['__federation_expose_HomeSections.1233df02de.js', '"><script>x</script>'], async: ['9.js'] },
              },
            },
          ],
        }),
      },
    });
    // A remote whose manifest cannot be read: its pages still route, nothing of it is preloaded.
    site.release('mfe-giving', {
      name: 'mfe_giving',
      pages: [{ path: '/offering' }],
      files: { 'browser/mf-manifest.json': 'not json' },
    });

    const { database, cleanup } = await freshDatabase('pglite');
    const app = await buildApp({
      database,
      config: testConfig({ siteRoot: site.siteRoot, releasesDir: site.releasesDir, prerender: false }),
      serveSite: true,
    });
    try {
      const base = `/remotes/mfe-content/${content}/browser/`;
      const about = await app.inject({ method: 'GET', url: '/about?tab=history', headers: { accept: 'text/html' } });
      assert.equal(about.statusCode, 200);
      const config = /<script id="ministry-runtime-config" type="application\/json">([^<]+)<\/script>/.exec(about.body);
      assert.ok(config, 'the runtime config is inline');
      const runtime = JSON.parse(config[1]);
      assert.equal(runtime.remotes.mfe_content, `${base}mf-manifest.json`);
      assert.equal(runtime.labels.mfe_content, 'this content');
      assert.deepEqual(runtime.pages.map((p: { path: string; app: string }) => `${p.app} ${p.path}`).sort(), [
        'mfe_content /about',
        'mfe_giving /offering',
        'shell /',
      ]);
      assert.match(
        about.body,
        new RegExp(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${base}mf-manifest.json">`),
      );
      assert.match(about.body, new RegExp(`<link rel="preload" as="script" href="${base}remoteEntry.js">`));
      assert.match(about.body, new RegExp(`href="${base}__federation_expose_routes.95993f02aa.js"`));
      assert.ok(about.body.indexOf('ministry-runtime-config') < about.body.indexOf('</head>'));

      const home = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      assert.match(home.body, /__federation_expose_HomeSections.1233df02de.js/);
      assert.doesNotMatch(home.body, /__federation_expose_routes|9\.js|<script>x/);
      // The community remote has no live release here: nothing is preloaded for it.
      assert.doesNotMatch(home.body, /href="\/remotes\/mfe-community/);

      const events = await app.inject({ method: 'GET', url: '/offering', headers: { accept: 'text/html' } });
      assert.equal(events.statusCode, 200);
      assert.doesNotMatch(events.body, /rel="preload"/);
    } finally {
      await app.close();
      await cleanup();
    }
  });
});
