/**
 * The production server: opens the database (PGlite in DATA_DIR/db, or
 * DATABASE_URL), migrates, seeds sample content on first start, and serves
 * the API and the built site. Shuts down cleanly on SIGTERM/SIGINT.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.js';
import { migrate, openDatabase } from './db/index.js';
import { seedIfEmpty } from './seed/index.js';
import { buildApp } from './app.js';
import { adminFromEnvironment } from './modules/users/admin.js';

async function main() {
  const started = Date.now();
  // A setting the server cannot work with stops it here, with a message saying which.
  const config = loadConfig();
  const dataDir = path.join(config.dataDir, 'db');
  if (!config.databaseUrl && !existsSync(path.join(dataDir, 'PG_VERSION'))) await prepareInChildProcess(config.dataDir);
  const database = await openDatabase({ url: config.databaseUrl, dataDir });
  const running: { app?: Awaited<ReturnType<typeof buildApp>> } = {};
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing…`);
    try {
      await running.app?.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await migrate(database.db);
  if (await seedIfEmpty(database.db)) console.log('Sample content added to the new database.');
  if (config.adminEmail && config.adminPassword) {
    const { outcome, message } = await adminFromEnvironment(database.db, config.adminEmail, config.adminPassword);
    if (message) (outcome === 'refused' ? console.error : console.log)(message);
  }
  const app = await buildApp({ database, config });
  running.app = app;
  await app.listen({ port: config.port, host: config.host });
  const where = database.kind === 'pglite' ? `embedded database in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL';
  console.log(`Site ready on http://localhost:${config.port} (${where}, ${((Date.now() - started) / 1000).toFixed(1)}s)`);
}

/**
 * Creates a new embedded database (and its sample content) in a process of
 * its own, `cli.ts prepare`: creating one takes several hundred MB that
 * PGlite gives back only when its process ends, and the site then opens it
 * at the memory of any later start.
 */
function prepareInChildProcess(dataDir: string): Promise<void> {
  console.log('Creating the embedded database with the sample content…');
  const here = fileURLToPath(import.meta.url);
  const cli = path.join(path.dirname(here), `cli${path.extname(here)}`);
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
