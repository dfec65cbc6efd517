import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { restoreEmbedded } from '../src/backup.js';
import { migrate, openDatabase } from '../src/db/index.js';
import { DatabaseLockedError } from '../src/db/lock.js';
import { MIGRATIONS } from '../src/db/migrations/index.js';
import { seedIfEmpty } from '../src/seed/index.js';
import { sanitizePlainText, sanitizeRichText } from '../src/lib/sanitize.js';
import { fakeShell, fakeSite } from './fakeSite.js';
import { describeEachDatabase, freshDatabase, databaseKinds, json, migratedDataDir, testConfig } from './helpers.js';

describeEachDatabase('newsletter', (ctx) => {
  const subscribe = (email: unknown, headers: Record<string, string> = {}) =>
    ctx().app.inject({ method: 'POST', url: '/api/newsletter', payload: { email }, headers });

  it('stores a new address once, whatever its case', async () => {
    const first = await subscribe('Joy@Example.org');
    assert.equal(first.statusCode, 200);
    assert.deepEqual(json(first), {
      data: { email: 'joy@example.org', message: 'Check your inbox to confirm your subscription.' },
    });
    const again = await subscribe('joy@EXAMPLE.org');
    assert.equal(again.statusCode, 200);
    assert.equal(again.body, first.body, 'a known address gets the same answer as a new one');
    // The address is stored after the answer (the same answer, as fast, for a known one).
    await ctx().app.afterReply.idle();
    const rows = await ctx().database.db.selectFrom('newsletter_subscribers').selectAll().execute();
    assert.equal(rows.filter((r) => r.email === 'joy@example.org').length, 1);
  });

  it('refuses a bad address with a message for the field', async () => {
    for (const bad of ['not-an-email', '', 42, null, 'a@b', `${'x'.repeat(400)}@example.org`]) {
      const res = await subscribe(bad);
      assert.equal(res.statusCode, 400, String(bad));
      const body = json<{ error: { code: string; message: string } }>(res);
      assert.equal(body.error.code, 'bad_request');
      assert.ok(body.error.message.length > 0);
    }
    assert.equal(json<{ error: { message: string } }>(await subscribe('nope')).error.message, 'Invalid email');
  });
});

describeEachDatabase(
  'request hygiene',
  (ctx) => {
    it('requires an allowed Origin on unsafe requests: its own host or ALLOWED_ORIGINS; none, null or a foreign one is refused', async () => {
      const send = (
        headers: Record<string, string | undefined>,
        method: 'POST' | 'PUT' | 'DELETE' = 'POST',
        url = '/api/newsletter',
      ) => ctx().app.inject({ method, url, payload: { email: 'o@example.org' }, headers });
      for (const origin of ['https://evil.example', undefined, 'null', '', 'http://localhost:80.evil.example']) {
        const refused = await send({ origin });
        assert.equal(refused.statusCode, 403, `Origin ${String(origin)}`);
        assert.equal(json<{ error: { code: string } }>(refused).error.code, 'forbidden_origin');
      }
      assert.equal((await send({ origin: undefined }, 'PUT', '/api/user/forgotpassword')).statusCode, 403);
      assert.equal((await send({ origin: undefined }, 'DELETE', '/api/user/logout')).statusCode, 403);
      assert.ok([200, 201].includes((await send({ origin: 'http://localhost:80', host: 'localhost:80' })).statusCode));
      assert.ok([200, 201].includes((await send({ origin: 'https://shop.example:8443', host: 'shop.example:8443' })).statusCode));
      assert.ok(
        [200, 201].includes((await send({ origin: 'https://members.example.org' })).statusCode),
        'an ALLOWED_ORIGINS entry',
      );
      // GET needs none; the payment webhook comes from another server, without one.
      assert.equal((await ctx().app.inject({ method: 'GET', url: '/api/health' })).statusCode, 200);
      const webhook = await ctx().app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        payload: { id: 'evt_x' },
        headers: { origin: undefined },
      });
      assert.notEqual(json<{ error?: { code: string } }>(webhook).error?.code, 'forbidden_origin');
    });

    it('refuses a body that is neither JSON nor multipart', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/newsletter',
        payload: 'email=a@example.org',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.equal(res.statusCode, 415);
      const text = await ctx().app.inject({
        method: 'POST',
        url: '/api/newsletter',
        payload: 'hi',
        headers: { 'content-type': 'text/plain' },
      });
      assert.equal(text.statusCode, 415);
    });

    it('answers malformed JSON with a 400, never a 500 or a stack trace', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/newsletter',
        payload: '{"email": ',
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(res.statusCode, 400);
      assert.doesNotMatch(res.body, /at .*\.(ts|js):\d+/);
      assert.ok(json<{ error: { code: string } }>(res).error.code);
    });

    it('sets security headers', async () => {
      const res = await ctx().app.inject({ method: 'GET', url: '/api/health' });
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(res.headers['x-frame-options'], 'DENY');
    });
  },
  { config: { allowedOrigins: ['https://members.example.org'] } },
);

describe('migrations and sample content', () => {
  it('the list of migrations names every file of their folder, each with its own code', () => {
    const folder = path.join(import.meta.dirname, '../src/db/migrations');
    const files = readdirSync(folder)
      .filter((file) => file !== 'index.ts')
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    assert.deepEqual(Object.keys(MIGRATIONS).sort(), files, 'src/db/migrations/index.ts lists every migration');
    assert.equal(new Set(Object.values(MIGRATIONS)).size, files.length, 'no migration listed under two names');
    for (const [name, migration] of Object.entries(MIGRATIONS)) assert.equal(typeof migration.up, 'function', name);
  });

  it('an embedded database kept for a later suite comes back as migrated: no row, setting or lock of the suite before', async () => {
    const first = await freshDatabase('pglite');
    const { db } = first.database;
    const migrated = await db.selectFrom('year_themes').selectAll().orderBy('year').execute();
    assert.ok(migrated.length > 0, 'a migration writes the year themes');
    await seedIfEmpty(db);
    await db.updateTable('year_themes').set({ title: 'Changed' }).execute();
    await sql`SET TIME ZONE 'Pacific/Auckland'`.execute(db);
    await sql`SELECT pg_advisory_lock(77)`.execute(db);
    await first.cleanup();

    const second = await freshDatabase('pglite');
    try {
      assert.equal(second.database.db, db, 'the same database, kept');
      const count = async (table: 'users' | 'devotionals' | 'events') =>
        Number(
          (
            await second.database.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      assert.deepEqual([await count('users'), await count('devotionals'), await count('events')], [0, 0, 0]);
      assert.deepEqual(await db.selectFrom('year_themes').selectAll().orderBy('year').execute(), migrated);
      const { rows } = await sql<{ zone: string }>`SELECT current_setting('TimeZone') AS zone`.execute(db);
      assert.notEqual(rows[0].zone, 'Pacific/Auckland');
      const { rows: locks } = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'`.execute(db);
      assert.equal(locks[0].n, 0);
      assert.equal(await seedIfEmpty(db), true, 'the sample content is added again');
    } finally {
      await second.cleanup();
    }
  });

  for (const kind of databaseKinds()) {
    it(`running migrations and the seed twice changes nothing [${kind}]`, async () => {
      const { database, cleanup } = await freshDatabase(kind);
      try {
        assert.equal(await seedIfEmpty(database.db), true);
        await migrate(database.db);
        assert.equal(await seedIfEmpty(database.db), false);
        const { count } = await database.db
          .selectFrom('devotionals')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow();
        assert.ok(Number(count) >= 30);
      } finally {
        await cleanup();
      }
    });
  }
});

describe('the embedded database folder', () => {
  // Each test takes a copy of a migrated folder: what they show holds for any folder, and PGlite's initdb costs
  // seconds each time (the command line's prepare, in accounts.test.ts, opens an empty one).
  it('is locked: a second opener in this process is refused while the first is open', async () => {
    const dir = await migratedDataDir();
    const first = await openDatabase({ dataDir: dir });
    await assert.rejects(openDatabase({ dataDir: dir }), DatabaseLockedError);
    await first.close();
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  it('a lock left by a dead process is taken over', async () => {
    const dir = await migratedDataDir();
    const dead = spawn(process.execPath, ['-e', '0']);
    const deadPid = await new Promise<number>((resolve) => dead.on('exit', () => resolve(dead.pid!)));
    writeFileSync(path.join(dir, 'ministry.lock'), String(deadPid));
    const db = await openDatabase({ dataDir: dir });
    await db.close();
  });

  it('a backup carries no lock: restored on the same machine, the copy opens while the original is open', async () => {
    const first = await openDatabase({ dataDir: await migratedDataDir() });
    try {
      await migrate(first.db);
      const staging = mkdtempSync(path.join(tmpdir(), 'ministry-staging-'));
      writeFileSync(path.join(staging, 'database.tar.gz'), await first.dumpDataDir!());
      // A backup taken by an older version held the original's lock inside the folder: restoring removes it.
      const copy = mkdtempSync(path.join(tmpdir(), 'ministry-copy-'));
      await restoreEmbedded({ dataDir: copy }, staging);
      assert.equal(existsSync(path.join(copy, 'db', 'ministry.lock')), false);
      const second = await openDatabase({ dataDir: path.join(copy, 'db') });
      assert.equal(Number((await sql<{ n: number }>`SELECT 1 AS n`.execute(second.db)).rows[0]!.n), 1);
      await second.close();
    } finally {
      await first.close();
    }
  });

  it('a lock an older version left inside the folder is honoured while its process runs', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ministry-lock-'));
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(path.join(dir, 'ministry.lock'), String(holder.pid));
      await assert.rejects(openDatabase({ dataDir: dir }), DatabaseLockedError);
    } finally {
      holder.kill();
    }
  });

  it('keeps what was written across a close and a reopen', async () => {
    const dir = await migratedDataDir();
    const first = await openDatabase({ dataDir: dir });
    await migrate(first.db);
    await first.db.insertInto('newsletter_subscribers').values({ email: 'kept@example.org' }).execute();
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    const row = await second.db
      .selectFrom('newsletter_subscribers')
      .selectAll()
      .where('email', '=', 'kept@example.org')
      .executeTakeFirst();
    assert.ok(row);
    await second.close();
  });
});

describe('sanitizing', () => {
  it('rich text keeps safe markup and drops scripts, event handlers and javascript: links', () => {
    const html = sanitizeRichText(
      '<p onclick="steal()">Hi <strong>all</strong><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><a href="https://ok.example">ok</a></p>',
    );
    assert.doesNotMatch(html, /script|onclick|onerror|javascript:|<img/i);
    assert.match(html, /<strong>all<\/strong>/);
    assert.match(html, /href="https:\/\/ok.example"/);
  });

  it('plain text keeps no markup at all', () => {
    assert.equal(sanitizePlainText('  <b>Praise</b> God <script>x()</script> & amen \u0000 '), 'Praise God  & amen');
  });
});

describe('serving the built site', () => {
  it("serves the live releases' files precompressed and for good, the runtime config, and index.html for page URLs", async () => {
    const site = fakeSite({ media: ['cover.svg'] });
    const shell = site.release(
      'shell',
      fakeShell(undefined, {
        pages: [{ path: '/' }, { path: '/daily-devotion/all', title: 'All devotionals' }],
        files: {
          'browser/index.html': '<!doctype html><title>Shell</title>',
          'browser/main.js': 'console.log(1)',
          'browser/12.0123456789.js': 'plain',
          'browser/12.0123456789.js.br': 'brotli-bytes',
          'server/render.js': 'exports.start = () => { throw new Error("no") }',
        },
      }),
    );
    const content = site.release('mfe-content', {
      name: 'mfe_content',
      files: { 'browser/remoteEntry.js': 'remote', 'browser/mf-manifest.json': '{}', 'server/remoteEntry.js': 'secret' },
    });

    const { database, cleanup } = await freshDatabase('pglite');
    const app = await buildApp({
      database,
      config: testConfig({ siteRoot: site.siteRoot, releasesDir: site.releasesDir, prerender: false }),
      serveSite: true,
    });
    try {
      const page = await app.inject({ method: 'GET', url: '/daily-devotion/all', headers: { accept: 'text/html' } });
      assert.equal(page.statusCode, 200);
      // The shell's index.html, with the page's own title from the sharing module.
      assert.match(page.body, /^<!doctype html><title>All devotionals \| [^<]+<\/title>/);
      assert.equal(page.headers['cache-control'], 'no-cache');

      const hashed = await app.inject({
        method: 'GET',
        url: `/shell/${shell}/browser/12.0123456789.js`,
        headers: { 'accept-encoding': 'br, gzip' },
      });
      assert.equal(hashed.statusCode, 200);
      assert.equal(hashed.headers['content-encoding'], 'br');
      assert.equal(hashed.body, 'brotli-bytes');
      assert.match(String(hashed.headers['cache-control']), /immutable/);

      // A release never changes: even its entry files are cached for good, and another origin may load a remote.
      const entry = await app.inject({ method: 'GET', url: `/remotes/mfe-content/${content}/browser/remoteEntry.js` });
      assert.equal(entry.body, 'remote');
      assert.match(String(entry.headers['cache-control']), /immutable/);
      assert.equal(entry.headers['access-control-allow-origin'], '*');

      const config = await app.inject({ method: 'GET', url: '/config.json' });
      assert.equal(
        json<{ remotes: Record<string, string> }>(config).remotes.mfe_content,
        `/remotes/mfe-content/${content}/browser/mf-manifest.json`,
      );
      assert.equal(config.headers['cache-control'], 'no-cache');

      assert.equal((await app.inject({ method: 'GET', url: '/media/cover.svg' })).statusCode, 200);
      // Only the browser files of a release are served: not its server code, pointer or record.
      for (const url of [
        `/remotes/mfe-content/${content}/server/remoteEntry.js`,
        '/remotes/mfe-content/live.json',
        `/remotes/mfe-content/${content}/release.json`,
        `/shell/${shell}/server/render.js`,
        `/remotes/mfe-content/${content}/browser/../server/remoteEntry.js`,
      ])
        assert.equal((await app.inject({ method: 'GET', url })).statusCode, 404, url);
      // A missing file is a 404, not the shell; so is a missing API path.
      assert.equal(
        (await app.inject({ method: 'GET', url: '/remotes/mfe-giving/20260101-000000-abcdef/browser/remoteEntry.js' }))
          .statusCode,
        404,
      );
      assert.equal((await app.inject({ method: 'GET', url: '/missing.js', headers: { accept: '*/*' } })).statusCode, 404);
      const api404 = await app.inject({ method: 'GET', url: '/api/none', headers: { accept: 'text/html' } });
      assert.equal(api404.statusCode, 404);
      assert.match(api404.headers['content-type'] as string, /json/);
      assert.match(String(page.headers['content-security-policy']), /frame-ancestors 'none'/);
    } finally {
      await app.close();
      await cleanup();
    }
  });

  it('says plainly when the site is not built', async () => {
    const site = fakeSite();
    const { database, cleanup } = await freshDatabase('pglite');
    const app = await buildApp({
      database,
      config: testConfig({ siteRoot: site.siteRoot, releasesDir: site.releasesDir }),
      serveSite: true,
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      assert.equal(res.statusCode, 503);
      assert.match(json<{ error: { message: string } }>(res).error.message, /not built/);
    } finally {
      await app.close();
      await cleanup();
    }
  });
});
