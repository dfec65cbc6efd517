import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildApp } from '../src/app.js';
import { pickEncoding } from '../src/lib/encoding.js';
import { seedIfEmpty } from '../src/seed/index.js';
import { fakeShell, fakeSite } from './fakeSite.js';
import { freshDatabase, testConfig } from './helpers.js';

describe('compression of answers built in memory', () => {
  it('picks brotli, else gzip, and honours q=0', () => {
    assert.equal(pickEncoding('gzip, deflate, br, zstd'), 'br');
    assert.equal(pickEncoding('gzip'), 'gzip');
    assert.equal(pickEncoding('br;q=0, gzip;q=0.8'), 'gzip');
    assert.equal(pickEncoding('identity'), null);
    assert.equal(pickEncoding('*'), 'br');
    assert.equal(pickEncoding(undefined), null);
  });

  it('compresses API JSON and pages for clients that accept it, leaves precompressed files alone', async () => {
    const site = fakeSite();
    const html = `<!doctype html><title>Shell</title><body>${'<p>Arise, shine.</p>'.repeat(200)}</body>`;
    const shell = site.release(
      'shell',
      fakeShell(undefined, {
        pages: [{ path: '/' }, { path: '/about' }],
        files: {
          'browser/index.html': html,
          'browser/12.0123456789.js': 'x'.repeat(4000),
          'browser/12.0123456789.js.br': 'brotli-bytes',
        },
      }),
    );

    const { database, cleanup } = await freshDatabase('pglite');
    await seedIfEmpty(database.db);
    const app = await buildApp({
      database,
      config: testConfig({ siteRoot: site.siteRoot, releasesDir: site.releasesDir }),
      serveSite: true,
    });
    try {
      const plain = await app.inject({ method: 'GET', url: '/api/devotionals' });
      assert.equal(plain.statusCode, 200);
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.match(String(plain.headers.vary), /Accept-Encoding/);

      const br = await app.inject({ method: 'GET', url: '/api/devotionals', headers: { 'accept-encoding': 'gzip, br' } });
      assert.equal(br.headers['content-encoding'], 'br');
      assert.deepEqual(JSON.parse(brotliDecompressSync(br.rawPayload).toString()), JSON.parse(plain.body));
      assert.ok(br.rawPayload.length < plain.rawPayload.length / 2);

      const page = await app.inject({
        method: 'GET',
        url: '/about',
        headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
      });
      assert.equal(page.statusCode, 200);
      assert.equal(page.headers['content-encoding'], 'gzip');
      assert.match(gunzipSync(page.rawPayload).toString(), /Arise, shine/);

      const file = await app.inject({
        method: 'GET',
        url: `/shell/${shell}/browser/12.0123456789.js`,
        headers: { 'accept-encoding': 'br' },
      });
      assert.equal(file.headers['content-encoding'], 'br');
      assert.equal(file.body, 'brotli-bytes');

      // Small answers are not worth it.
      const health = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
      assert.equal(health.headers['content-encoding'], undefined);
    } finally {
      await app.close();
      await cleanup();
    }
  });
});
