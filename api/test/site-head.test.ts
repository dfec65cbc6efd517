import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildApp } from '../src/app.js';
import sharp from 'sharp';
import { siteIdentity } from '@ministry/shared/config';
import { fakeShell, fakeSite, releaseTheSitesPages } from './fakeSite.js';
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

  it('links an installable web app manifest: name and colours of the site, icons of every size it lists, shortcuts to real pages', async () => {
    const site = fakeSite({ media: ['favicon.svg'] });
    releaseTheSitesPages(site);
    const { database, cleanup } = await freshDatabase('pglite');
    const app = await buildApp({
      database,
      config: testConfig({ siteRoot: site.siteRoot, releasesDir: site.releasesDir, prerender: false }),
      serveSite: true,
    });
    try {
      const answer = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
      assert.equal(answer.statusCode, 200);
      assert.match(String(answer.headers['content-type']), /^application\/manifest\+json/);
      const manifest = answer.json();
      assert.equal(manifest.name, siteIdentity.ministryName);
      assert.equal(manifest.short_name, siteIdentity.shortName);
      assert.equal(manifest.start_url, '/');
      assert.equal(manifest.scope, '/');
      assert.equal(manifest.display, 'standalone');
      assert.equal(manifest.theme_color, siteIdentity.appColors.theme);
      assert.equal(manifest.background_color, siteIdentity.appColors.background);

      const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
      const listed = icons.map((i) => `${i.sizes} ${i.purpose}`).sort();
      assert.deepEqual(listed, ['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
      for (const icon of [
        ...icons,
        { src: '/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png', purpose: 'apple' },
      ]) {
        const png = await app.inject({ method: 'GET', url: icon.src });
        assert.equal(png.statusCode, 200, icon.src);
        assert.equal(png.headers['content-type'], icon.type);
        const image = sharp(png.rawPayload);
        const { width, height, format } = await image.metadata();
        assert.equal(`${width}x${height}`, icon.sizes, icon.src);
        assert.equal(format, 'png');
        // A corner pixel: clear around the round logo; the theme colour on a maskable or Apple icon (no black or clear edge).
        const corner = await image.extract({ left: 0, top: 0, width: 1, height: 1 }).ensureAlpha().raw().toBuffer();
        if (icon.purpose === 'any') assert.equal(corner[3], 0, `${icon.src} is clear around the logo`);
        else {
          const hex = `#${[...corner.subarray(0, 3)].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
          assert.equal(hex, siteIdentity.appColors.theme, `${icon.src} fills its square`);
          assert.equal(corner[3], 255);
        }
      }
      assert.equal((await app.inject({ method: 'GET', url: '/icons/other.png' })).statusCode, 404);

      const shortcuts = manifest.shortcuts as { name: string; url: string }[];
      assert.deepEqual(
        shortcuts.map((s) => s.url),
        ['/daily-devotion', '/events', '/my-tickets', '/offering'],
      );
      for (const { url } of shortcuts) {
        const page = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        assert.equal(page.statusCode, 200, `${url} is a page of the site`);
      }
    } finally {
      await app.close();
      await cleanup();
    }
  });
});
