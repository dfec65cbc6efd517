import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { buildApp } from '../src/app.js';
import { freshDatabase, testConfig } from './helpers.js';

describe("a page's head", () => {
  it('carries the runtime config and preloads the remote modules the page renders first', async () => {
    const siteRoot = mkdtempSync(path.join(tmpdir(), 'ministry-site-'));
    for (const dir of ['shell/dist', 'mfe-content/dist', 'api/content/media'])
      mkdirSync(path.join(siteRoot, dir), { recursive: true });
    writeFileSync(
      path.join(siteRoot, 'shell/dist/index.html'),
      '<!doctype html><html><head><title>Shell</title></head><body></body></html>',
    );
    writeFileSync(
      path.join(siteRoot, 'mfe-content/dist/mf-manifest.json'),
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [
          {
            name: 'routes',
            assets: { js: { sync: ['470.ff3e8571bc.js', '__federation_expose_routes.95993f02aa.js'], async: [] } },
          },
          {
            name: 'HomeSections',
            assets: { js: { sync: ['__federation_expose_HomeSections.1233df02de.js', '"><script>x</script>'], async: ['9.js'] } },
          },
        ],
      }),
    );

    const { database, cleanup } = await freshDatabase('pglite');
    const app = await buildApp({ database, config: testConfig({ siteRoot }), serveSite: true });
    try {
      const about = await app.inject({ method: 'GET', url: '/about?tab=history', headers: { accept: 'text/html' } });
      assert.equal(about.statusCode, 200);
      const config = /<script id="ministry-runtime-config" type="application\/json">([^<]+)<\/script>/.exec(about.body);
      assert.ok(config, 'the runtime config is inline');
      assert.equal(JSON.parse(config[1]).remotes.mfe_content, '/remotes/mfe-content/mf-manifest.json');
      assert.match(
        about.body,
        /<link rel="preload" as="fetch" crossorigin="anonymous" href="\/remotes\/mfe-content\/mf-manifest.json">/,
      );
      assert.match(about.body, /<link rel="preload" as="script" href="\/remotes\/mfe-content\/remoteEntry.js">/);
      assert.match(about.body, /href="\/remotes\/mfe-content\/__federation_expose_routes.95993f02aa.js"/);
      assert.ok(about.body.indexOf('ministry-runtime-config') < about.body.indexOf('</head>'));

      const home = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      assert.match(home.body, /__federation_expose_HomeSections.1233df02de.js/);
      assert.doesNotMatch(home.body, /__federation_expose_routes|9\.js|<script>x/);
      // The community remote is not built here: nothing is preloaded for it.
      assert.doesNotMatch(home.body, /href="\/remotes\/mfe-community/);

      const events = await app.inject({ method: 'GET', url: '/events/42', headers: { accept: 'text/html' } });
      assert.doesNotMatch(events.body, /rel="preload"/);
    } finally {
      await app.close();
      await cleanup();
    }
  });
});
