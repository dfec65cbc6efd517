/**
 * Opens the database: PGlite (embedded, in a folder or in memory) by default,
 * PostgreSQL when a URL is given. Both run the same migrations.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema.js';
import { acquireDirectoryLock } from './lock.js';
import { MIGRATIONS } from './migrations/index.js';

export type { Database } from './schema.js';

export interface Db {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** Checkpoints (PGlite) and closes; safe to call twice. */
  close: () => Promise<void>;
  /**
   * The embedded database's folder as one tar, consistent (taken between
   * queries), gzipped unless `compression` is 'none'; PGlite only.
   */
  dumpDataDir?: (compression?: 'gzip' | 'none') => Promise<Buffer>;
}

export interface OpenOptions {
  /** postgres://… for PostgreSQL; `memory://` for an in-memory PGlite. */
  url?: string;
  /** Folder of the embedded database (used when no url is given). */
  dataDir?: string;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
  /** For `memory://`: a dump (`dumpDataDir`) to start from instead of an empty database. */
  startFrom?: Blob;
}

type PgliteRuntime = Required<Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'>>;
// Node's WebAssembly, which the API's types (no DOM library) do not declare.
declare const WebAssembly: { compile: (bytes: Uint8Array) => Promise<PgliteRuntime['pgliteWasmModule']> };

let pgliteRuntime: Promise<PgliteRuntime> | undefined;

/**
 * PGlite's compiled WebAssembly and its file bundle, made once per process:
 * a process that opens several embedded databases (the tests) would
 * otherwise compile the same 9 MB module for each.
 */
function sharedPgliteRuntime(): Promise<PgliteRuntime> {
  pgliteRuntime ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    return {
      pgliteWasmModule: await WebAssembly.compile(readFileSync(path.join(dist, 'pglite.wasm'))),
      fsBundle: new Blob([readFileSync(path.join(dist, 'pglite.data'))]),
    };
  })();
  return pgliteRuntime;
}

// Dates stay as 'YYYY-MM-DD' strings; bigint counts become numbers.
pg.types.setTypeParser(1082, (v: string) => v);
pg.types.setTypeParser(20, (v: string) => Number(v));

export async function openDatabase(options: OpenOptions): Promise<Db> {
  const url = options.url;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
    // An idle connection the server ends (a restart, a dropped database) is an
    // 'error' on the pool; without a listener it would crash the process. The
    // pool replaces the connection on the next query.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    let closed = false;
    return {
      db,
      kind: 'postgres',
      close: async () => {
        if (closed) return;
        closed = true;
        await db.destroy();
      },
    };
  }

  const inMemory = url === 'memory://';
  const dir = inMemory ? undefined : path.resolve(options.dataDir ?? 'data/db');
  const release = dir ? acquireDirectoryLock(dir) : () => {};
  let client: PGlite;
  try {
    const runtime = await sharedPgliteRuntime();
    client = await PGlite.create(
      dir ? { dataDir: dir, ...runtime } : options.startFrom ? { loadDataDir: options.startFrom, ...runtime } : runtime,
    );
  } catch (error) {
    release();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  let closed = false;
  return {
    db,
    kind: 'pglite',
    dumpDataDir: async (compression = 'gzip') => {
      await sql`CHECKPOINT`.execute(db);
      return Buffer.from(await (await client.dumpDataDir(compression)).arrayBuffer());
    },
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        if (!inMemory) await sql`CHECKPOINT`.execute(db);
      } finally {
        await db.destroy();
        release();
      }
    },
  };
}

/** Brings the schema up to date; running it again changes nothing. */
export async function migrate(db: Kysely<Database>): Promise<void> {
  // Features land side by side, each with its own numbers: a database that has a later one already
  // takes an earlier one that lands afterwards (each migration stands on its own).
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
