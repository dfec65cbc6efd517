/**
 * The production server: opens the database (PGlite in DATA_DIR/db, or
 * DATABASE_URL), migrates, seeds sample content on first start, and serves
 * the API and the built site.
 *
 * WORKERS=N (PostgreSQL only) runs N processes sharing the port: this
 * process prepares the database once, then starts the workers and replaces
 * one that dies. SIGHUP restarts them one after another, each new one
 * listening before the old one stops, so no request is lost.
 *
 * On SIGTERM or SIGINT a process stops taking connections, finishes what
 * is under way (10 seconds at most), closes the database and exits.
 */
import { spawn } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkPublicUrl, loadConfig, type AppConfig } from './config.js';
import { setPasswordHashCost } from './lib/passwords.js';
import { migrate, openDatabase, type Db } from './db/index.js';
import { seedIfEmpty } from './seed/index.js';
import { buildApp } from './app.js';
import { adminFromEnvironment } from './modules/users/admin.js';
import { backupEmbedded, backupRequestFile } from './backup.js';

/** How long a stopping process may take to finish the requests under way. */
const DRAIN_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Migrations, sample content on an empty database, the first admin: once,
 * before any process serves. Resolves the open database, for this process
 * to serve with (an embedded one is opened once).
 */
async function prepare(config: AppConfig): Promise<Db> {
  const dataDir = path.join(config.dataDir, 'db');
  if (!config.databaseUrl && !existsSync(path.join(dataDir, 'PG_VERSION'))) await prepareInChildProcess(config.dataDir);
  const database = await openDatabase({ url: config.databaseUrl, dataDir });
  try {
    await migrate(database.db);
    if (await seedIfEmpty(database.db)) console.log('Sample content added to the new database.');
    if (config.adminEmail && config.adminPassword) {
      const { outcome, message } = await adminFromEnvironment(database.db, config.adminEmail, config.adminPassword);
      if (message) (outcome === 'refused' ? console.error : console.log)(message);
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** Serves the site in this process until SIGTERM or SIGINT: with `prepared`, the database prepare() opened. */
async function serve(config: AppConfig, started: number, prepared?: Db): Promise<void> {
  const database = prepared ?? (await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') }));
  const running: { app?: Awaited<ReturnType<typeof buildApp>> } = {};
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    if (!cluster.isWorker) console.log(`${signal}: finishing the requests under way, then closing…`);
    try {
      // New connections are refused at once; requests under way finish (at most DRAIN_MS).
      await Promise.race([running.app?.close(), sleep(DRAIN_MS)]);
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // The embedded database is open here only: `npm run backup` asks this process to take the backup (SIGUSR2).
  if (database.dumpDataDir) {
    process.on('SIGUSR2', () => void takeRequestedBackup(config, database.dumpDataDir!));
  }

  const app = await buildApp({ database, config });
  running.app = app;
  await app.listen({ port: config.port, host: config.host });
  if (cluster.isWorker) return;
  const where = database.kind === 'pglite' ? `embedded database in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL';
  console.log(`Site ready on http://localhost:${config.port} (${where}, ${((Date.now() - started) / 1000).toFixed(1)}s)`);
}

/** Takes the backup `npm run backup` asked for (backup-request.json), and says how it went beside the file. */
async function takeRequestedBackup(config: AppConfig, dump: () => Promise<Buffer>): Promise<void> {
  let file: string | undefined;
  try {
    file = (JSON.parse(readFileSync(backupRequestFile(config), 'utf8')) as { file: string }).file;
    rmSync(backupRequestFile(config), { force: true });
    await backupEmbedded(config, dump, file);
    writeFileSync(`${file}.status.json`, JSON.stringify({ ok: true }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`The backup failed: ${message}`);
    if (file) writeFileSync(`${file}.status.json`, JSON.stringify({ ok: false, error: message }));
  }
}

/** The first process when WORKERS > 1: starts the workers, keeps them running, restarts them in turn. */
async function supervise(config: AppConfig, started: number): Promise<void> {
  cluster.setupPrimary({ execArgv: process.execArgv });
  let stopping = false;
  const replacing = new Set<Worker>();

  const startWorker = () =>
    new Promise<Worker>((resolve, reject) => {
      const worker = cluster.fork();
      worker.once('listening', () => resolve(worker));
      worker.once('exit', (code) => reject(new Error(`a worker exited (${code}) before it listened`)));
    });

  cluster.on('exit', (worker, code, signal) => {
    if (stopping || replacing.has(worker)) return;
    console.error(`A worker stopped (${signal ?? `exit code ${code}`}); starting another.`);
    void sleep(1000).then(() => startWorker().catch((error: Error) => console.error(error.message)));
  });

  /** Each worker in turn: a new one listens first, then the old one drains and stops. */
  const rollingRestart = async () => {
    for (const old of Object.values(cluster.workers ?? {})) {
      if (!old || stopping) continue;
      await startWorker();
      replacing.add(old);
      const exited = new Promise((resolve) => old.once('exit', resolve));
      old.process.kill('SIGTERM');
      await Promise.race([exited, sleep(DRAIN_MS + 2000)]);
      if (!old.isDead()) old.process.kill('SIGKILL');
    }
    console.log('Workers restarted.');
  };
  process.on('SIGHUP', () => void rollingRestart());

  const stopAll = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the workers…`);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    for (const worker of workers) worker.process.kill('SIGTERM');
    await Promise.race([
      Promise.all(workers.map((w) => new Promise((resolve) => (w.isDead() ? resolve(null) : w.once('exit', resolve))))),
      sleep(DRAIN_MS + 2000),
    ]);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stopAll('SIGTERM'));
  process.on('SIGINT', () => void stopAll('SIGINT'));

  await Promise.all(Array.from({ length: config.workers }, startWorker));
  console.log(
    `Site ready on http://localhost:${config.port} (PostgreSQL, ${config.workers} workers, ${((Date.now() - started) / 1000).toFixed(1)}s; SIGHUP restarts them in turn)`,
  );
}

async function main() {
  const started = Date.now();
  // A setting the server cannot work with stops it here, with a message saying which.
  checkPublicUrl();
  const config = loadConfig();
  setPasswordHashCost(config.passwordHashCost);
  if (cluster.isWorker) return serve(config, started);
  const database = await prepare(config);
  if (config.workers > 1) {
    await database.close();
    return supervise(config, started);
  }
  return serve(config, started, database);
}

/**
 * Creates a new embedded database (and its sample content) in a process of
 * its own, `cli.ts prepare`: creating one takes several hundred MB that
 * PGlite gives back only when its process ends, and the site then opens it
 * at the memory of any later start.
 */
function prepareInChildProcess(dataDir: string): Promise<void> {
  console.log('Creating the embedded database with the sample content…');
  // Beside the running server: src/cli.ts (through tsx) or the build's dist/cli.js.
  const server = process.argv[1];
  const cli = path.join(path.dirname(server), `cli${path.extname(server)}`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, cli, 'prepare'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`Creating the database failed (${signal ?? `exit code ${code}`}).`)),
    );
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
