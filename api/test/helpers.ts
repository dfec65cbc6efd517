/**
 * Test helpers: every suite runs on an embedded PGlite database as migrated
 * (one opened for an earlier suite of the process, emptied, or a new one)
 * and, when TEST_DATABASE_URL is set, again on a throwaway PostgreSQL
 * database (created with a random name and dropped afterwards).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe } from 'node:test';
import type { FastifyInstance, InjectOptions, LightMyRequestCallback } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig, type AppConfig, type LimitName, type Limits } from '../src/config.js';
import { migrate, openDatabase, type Db } from '../src/db/index.js';
import { seedIfEmpty } from '../src/seed/index.js';
import { newId } from '../src/lib/ids.js';
import { outboxDir } from '../src/lib/mailer.js';
import { apiBuild } from '../../scripts/lib/build-api.mjs';

// Tests sign up and log in hundreds of times: at the standard scrypt cost the
// hashing alone takes minutes. The servers they start inherit this too.
process.env.PASSWORD_HASH_COST ??= 'low';

export type DatabaseKind = 'pglite' | 'postgres';

export const databaseKinds = (): DatabaseKind[] => (process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']);

/** A name for what the migrations make: changes whenever a migration is added or edited. */
function migrationsHash(extra = ''): string {
  const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations');
  const hash = createHash('sha256').update(extra);
  for (const file of readdirSync(migrations).sort()) hash.update(file).update(readFileSync(path.join(migrations, file)));
  return hash.digest('hex').slice(0, 16);
}

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

const urlOf = (name: string): string => {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
};

let postgresTemplate: Promise<string> | undefined;

/**
 * A PostgreSQL database with every migration applied, made once for the
 * migrations as they are (its name is drawn from them) and copied for each
 * suite: copying a database takes a fraction of migrating one. Test files
 * running side by side make it once (an advisory lock). Templates of other
 * migrations are left alone: a run beside this one may be using them.
 */
function migratedPostgresTemplate(): Promise<string> {
  postgresTemplate ??= withAdmin(async (admin) => {
    const name = `ministry_template_${migrationsHash()}`;
    await admin.query('SELECT pg_advisory_lock(4242)');
    try {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (!rowCount) {
        const building = `${name}_building`;
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${building}`);
        const database = await openDatabase({ url: urlOf(building) });
        await migrate(database.db);
        await database.close();
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock(4242)');
    }
    return name;
  });
  return postgresTemplate;
}

/** Creates an empty PostgreSQL database (or a copy of `template`); returns its URL and a function that drops it. */
export async function createPostgresDatabase(template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `ministry_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(async (admin) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
        return;
      } catch (error) {
        // 55006: another suite is copying the same template this moment.
        if ((error as { code?: string }).code !== '55006' || attempt > 50) throw error;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
      }
    }
  });
  return {
    url: urlOf(name),
    drop: () => withAdmin(async (admin) => void (await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}

/** A migrated database of `kind`, and (PostgreSQL) its address, for a second process or app to open. */
export async function freshDatabase(kind: DatabaseKind): Promise<{ database: Db; url?: string; cleanup: () => Promise<void> }> {
  if (kind === 'postgres') {
    const { url, drop } = await createPostgresDatabase(await migratedPostgresTemplate());
    const database = await openDatabase({ url });
    return {
      database,
      url,
      cleanup: async () => {
        await database.close();
        await drop();
      },
    };
  }
  const kept = await keptPglite();
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    idlePglite.push(kept);
  };
  return { database: { ...kept.database, close: release }, cleanup: release };
}

/**
 * An embedded database opened for a suite, kept for the next suite of this
 * process when it is done: opening one costs ~1.5–2 CPU-seconds (its dump
 * unpacked, PostgreSQL started in WebAssembly), emptying one a fraction.
 * Emptied, it is as migrated: every table truncated (sequences too), the
 * rows the migrations wrote put back, the session's settings, locks and
 * temporary tables dropped.
 */
interface KeptPglite {
  database: Db;
  /** The tables to empty (all but the migrator's own). */
  tables: string[];
  /** The rows the migrations wrote, by table (JSON), to put back. */
  migrationRows: Map<string, string>;
}

const idlePglite: KeptPglite[] = [];

// The kept databases are closed once the tests are done: PostgreSQL's timers would keep the process
// running. At the top level of the first file that imports this one (together.ts imports it first).
after(async () => {
  for (const kept of idlePglite.splice(0)) await kept.database.close();
});

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function keptPglite(): Promise<KeptPglite> {
  const idle = idlePglite.pop();
  if (idle) {
    const { db } = idle.database;
    await sql.raw('DISCARD ALL').execute(db);
    await sql.raw(`TRUNCATE ${idle.tables.map(quoted).join(', ')} RESTART IDENTITY CASCADE`).execute(db);
    for (const [table, rows] of idle.migrationRows) {
      await sql`INSERT INTO ${sql.table(table)} SELECT * FROM json_populate_recordset(NULL::${sql.table(table)}, ${rows}::json)`.execute(
        db,
      );
    }
    return idle;
  }
  const database = await openDatabase({ url: 'memory://', startFrom: await migratedPgliteDump() });
  await migrate(database.db);
  const { rows } = await sql<{ name: string }>`
    SELECT tablename AS name FROM pg_tables
    WHERE schemaname = 'public' AND tablename NOT LIKE 'kysely_migration%' ORDER BY tablename`.execute(database.db);
  const tables = rows.map((r) => r.name);
  const migrationRows = new Map<string, string>();
  for (const table of tables) {
    const { rows: found } = await sql<{ rows: string | null }>`
      SELECT json_agg(t)::text AS rows FROM ${sql.table(table)} AS t`.execute(database.db);
    if (found[0]?.rows) migrationRows.set(table, found[0].rows);
  }
  return { database, tables, migrationRows };
}

let pgliteDump: Promise<Blob> | undefined;

/**
 * An embedded database with every migration applied, as a dump: starting from
 * it takes a fraction of creating one (PGlite's initdb dominates). Kept in the
 * temporary folder under a name drawn from the migrations and PGlite's
 * version, so the test files running side by side make it once.
 */
function migratedPgliteDump(): Promise<Blob> {
  pgliteDump ??= (async () => {
    // The package's resolved path names its version (pnpm's store layout).
    const hash = migrationsHash(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    // Not compressed: unpacking a gzipped one cost every database a third of a second more.
    const file = path.join(tmpdir(), `ministry-pglite-migrated-${hash}.tar`);
    if (!existsSync(file)) {
      const database = await openDatabase({ url: 'memory://' });
      await migrate(database.db);
      const dump = await database.dumpDataDir!('none');
      await database.close();
      const partial = `${file}.${process.pid}`;
      writeFileSync(partial, dump);
      renameSync(partial, file);
    }
    return new Blob([readFileSync(file)]);
  })();
  return pgliteDump;
}

let pgliteFolder: Promise<string> | undefined;

/**
 * A new folder holding an embedded database with every migration applied,
 * for what needs one on disk (a DATA_DIR's `db`): a copy of one opened and
 * migrated once, kept in the temporary folder as the dump is. Copying it
 * takes a fraction of PGlite's initdb.
 */
export async function migratedDataDir(): Promise<string> {
  pgliteFolder ??= (async () => {
    const hash = migrationsHash(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const folder = path.join(tmpdir(), `ministry-pglite-migrated-${hash}.db`);
    if (!existsSync(folder)) {
      const partial = `${folder}.${process.pid}`;
      rmSync(partial, { recursive: true, force: true });
      const database = await openDatabase({ dataDir: partial });
      try {
        await migrate(database.db);
      } finally {
        await database.close();
      }
      try {
        renameSync(partial, folder);
      } catch (error) {
        // Another test file made it first.
        if (!existsSync(folder)) throw error;
        rmSync(partial, { recursive: true, force: true });
      }
    }
    return folder;
  })();
  const copy = path.join(mkdtempSync(path.join(tmpdir(), 'ministry-db-')), 'db');
  cpSync(await pgliteFolder, copy, { recursive: true });
  return copy;
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ministry-api-test-'));
  return {
    ...loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST }),
    dataDir,
    logLevel: 'silent',
    ...overrides,
  };
}

/** The default limits, with some set to other counts (their windows kept): `config: { limits: limitsWith({ … }) }`. */
export function limitsWith(overrides: Partial<Record<LimitName, number>>): Limits {
  const limits = { ...loadConfig({}).limits };
  for (const [name, max] of Object.entries(overrides) as [LimitName, number][]) limits[name] = { ...limits[name], max };
  return limits;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Makes `app.inject` send what a browser sends: unsafe requests carry the
 * Origin of the host they go to (light-my-request's default host is
 * localhost:80), unless the test sets one; `origin: undefined` sends none.
 */
export function browserLike(app: FastifyInstance): FastifyInstance {
  const inject = app.inject.bind(app);
  const withOrigin = (options: InjectOptions | string): InjectOptions | string => {
    if (typeof options === 'string') return options;
    const headers: Record<string, unknown> = { ...(options.headers ?? {}) };
    const key = Object.keys(headers).find((name) => name.toLowerCase() === 'origin');
    const unsafe = UNSAFE.has(String(options.method ?? 'GET').toUpperCase());
    if (key === undefined && unsafe) headers.origin = `http://${String(headers.host ?? 'localhost:80')}`;
    else if (key !== undefined && headers[key] === undefined) delete headers[key];
    return { ...options, headers: headers as InjectOptions['headers'] };
  };
  app.inject = ((options?: InjectOptions | string, callback?: LightMyRequestCallback) => {
    if (options === undefined) return inject();
    return callback ? inject(withOrigin(options), callback) : inject(withOrigin(options));
  }) as FastifyInstance['inject'];
  return app;
}

/**
 * The app on a fresh embedded database with the sample content, serving the
 * pages of a site's releases (a fake site's, see fakeSite.ts) as a browser
 * asks for them.
 */
export async function siteApp(
  site: { siteRoot: string; releasesDir: string },
  config: Partial<AppConfig> = {},
): Promise<{ app: FastifyInstance; cleanup: () => Promise<void> }> {
  const fresh = await freshDatabase('pglite');
  await seedIfEmpty(fresh.database.db);
  const app = browserLike(
    await buildApp({
      database: fresh.database,
      config: testConfig({ siteRoot: site.siteRoot, releasesDir: site.releasesDir, renderWorkers: 1, ...config }),
      serveSite: true,
    }),
  );
  return { app, cleanup: fresh.cleanup };
}

/**
 * GETs over a real socket, answered as `app.inject`'s are ({ statusCode,
 * headers, body }): kept pages are answered by the server's front
 * (src/site/pageFront.ts), which `app.inject` never reaches. The app
 * listens on a free port at the first call.
 */
export function overHttp(app: FastifyInstance) {
  let listening: Promise<string> | null = null;
  return async (url: string, headers: Record<string, string> = {}) => {
    listening ??= app.listen({ port: 0, host: '127.0.0.1' });
    const base = await listening;
    return new Promise<{ statusCode: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
      httpGet(base + url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({ statusCode: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
      }).on('error', reject);
    });
  };
}

export interface TestContext {
  app: FastifyInstance;
  database: Db;
  kind: DatabaseKind;
}

/**
 * Declares a suite once per database. `body` receives a getter for the
 * context (the app is built in `before`).
 */
export function describeEachDatabase(
  name: string,
  body: (ctx: () => TestContext) => void,
  options: { seed?: boolean; config?: Partial<AppConfig>; serveSite?: boolean } = {},
): void {
  for (const kind of databaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let context: TestContext | undefined;
      let cleanup: (() => Promise<void>) | undefined;
      before(async () => {
        const fresh = await freshDatabase(kind);
        cleanup = fresh.cleanup;
        if (options.seed ?? true) await seedIfEmpty(fresh.database.db);
        const app = browserLike(
          await buildApp({ database: fresh.database, config: testConfig(options.config), serveSite: options.serveSite ?? false }),
        );
        await app.ready();
        context = { app, database: fresh.database, kind };
      });
      after(async () => {
        await context?.app.close();
        await cleanup?.();
      });
      body(() => {
        if (!context) throw new Error('the test context is not ready');
        return context;
      });
    });
  }
}

/**
 * What a moderator's publish names: the post's words as the queue lists them
 * (`{ version }`), for a post of `kind` (prayers, stories, comments); a
 * version no post has when there is no such post.
 */
export async function publishBody(app: FastifyInstance, kind: string, id: string): Promise<{ version: string }> {
  const { versionOf } = await import('../src/modules/moderation/service.js');
  const table = kind as 'prayers';
  const column = kind === 'stories' ? 'content' : 'text';
  const row =
    /^[0-9a-f-]{36}$/.test(id) && ['prayers', 'stories', 'comments'].includes(kind)
      ? await app.db
          .selectFrom(table)
          .select(sql<string>`${sql.ref(column)}`.as('text'))
          .where('id', '=', id)
          .executeTakeFirst()
      : undefined;
  return { version: row ? versionOf(row.text) : 'no-such-post' };
}

/** JSON body of an inject response. */
export const json = <T = unknown>(response: { body: string }): T => JSON.parse(response.body) as T;

/** A member created straight in the database, with a password that works for login. */
export async function createMember(
  app: FastifyInstance,
  overrides: Partial<{
    email: string;
    password: string;
    firstname: string;
    lastname: string;
    role: 'member' | 'editor' | 'admin';
    verified: boolean;
  }> = {},
): Promise<{ id: string; email: string; password: string; cookie: string }> {
  const { createUser } = await import('../src/modules/users/service.js');
  const email = overrides.email ?? `member-${randomBytes(5).toString('hex')}@example.org`;
  const password = overrides.password ?? 'correct horse battery';
  const user = await createUser(app.db, {
    email,
    password,
    firstname: overrides.firstname ?? 'Test',
    lastname: overrides.lastname ?? 'Member',
    role: overrides.role ?? 'member',
    verified: overrides.verified ?? true,
  });
  const cookie = await login(app, email, password);
  return { id: user._id, email, password, cookie };
}

/** Logs in through the API; returns the Cookie header value to send back. */
export async function login(app: FastifyInstance, email: string, password: string, remember = true): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password, remember } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const sid = res.cookies.find((c) => c.name === 'sid');
  if (!sid) throw new Error('no session cookie');
  return `sid=${sid.value}`;
}

/** A fresh event straight in the database (not the seeded ones, whose seats other tests leave alone). */
export async function createEvent(
  app: FastifyInstance,
  overrides: Partial<{ seats: number; price: number; priceId: string | null; date: Date; title: string }> = {},
): Promise<string> {
  const id = newId();
  await app.db
    .insertInto('events')
    .values({
      id,
      title: overrides.title ?? `Test event ${id.slice(0, 8)}`,
      description: 'An event for the tests.',
      photo: '/media/event-1.svg',
      event_date: overrides.date ?? new Date(Date.now() + 30 * 86_400_000),
      seat_price: overrides.price ?? 45,
      number_of_seats: overrides.seats ?? 10,
      price_id: overrides.priceId ?? null,
    })
    .execute();
  return id;
}

/** An .eml file's text as the member reads it (quoted-printable undone). */
export const plainMail = (eml: string): string =>
  Buffer.from(
    eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The mails written to the outbox of `dataDir`, oldest first, as .eml text. */
export function mailsIn(dataDir: string): string[] {
  const dir = outboxDir({ dataDir } as AppConfig);
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    : [];
}

/** Waits (up to 2 s) until the outbox holds `count` mails; answers them as the member reads them. */
export async function waitForMails(dataDir: string, count: number): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const mails = mailsIn(dataDir);
    if (mails.length >= count) return mails.map(plainMail);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`expected ${count} mail(s) in the outbox, found ${mailsIn(dataDir).length}`);
}

/** Waits (up to 3 s) for the newest mail to `to` whose text matches `pattern`; answers it as the member reads it. */
export async function waitForMailTo(dataDir: string, to: string, pattern: RegExp = /./): Promise<string> {
  const address = new RegExp(`^To: ${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'im');
  for (let i = 0; i < 150; i++) {
    const found = mailsIn(dataDir)
      .map(plainMail)
      .filter((m) => address.test(m) && pattern.test(m))
      .at(-1);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
}

/** The confirmation link's token in the newest mail to `to` (a sign-up's or a new address's). */
export async function confirmationTokenFor(dataDir: string, to: string): Promise<string> {
  return /\/verify-email\/([A-Za-z0-9_-]{43})/.exec(await waitForMailTo(dataDir, to, /\/verify-email\//))![1]!;
}

const apiDir = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The API in a process of its own (production mode, on a free port), started
 * with `env` from its build as production runs it (`api/dist`, built first
 * when its code changed); answers once /api/health does.
 */
export async function startServerProcess(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, [await apiBuild('server')], {
    cwd: apiDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      SITE_ROOT: tmpdir(),
      MODERATION: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (d) => (errors += d));
  const url = `http://127.0.0.1:${port}`;
  // Starting loads the whole API: on a busy machine that can take a minute or more.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${errors}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url };
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${errors}`);
}
