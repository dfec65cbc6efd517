/**
 * The production server: opens the database (PGlite in DATA_DIR/db, or
 * DATABASE_URL), migrates, seeds sample content on first start, and serves
 * the API and the built site. Shuts down cleanly on SIGTERM/SIGINT.
 */
import path from 'node:path';
import { loadConfig } from './config.js';
import { migrate, openDatabase } from './db/index.js';
import { seedIfEmpty } from './seed/index.js';
import { buildApp } from './app.js';
import { ensureAdmin } from './modules/users/admin.js';

const config = loadConfig();

async function main() {
  const started = Date.now();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
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
    const outcome = await ensureAdmin(database.db, config.adminEmail, config.adminPassword);
    if (outcome !== 'unchanged') console.log(`Admin ${config.adminEmail} ${outcome}.`);
  }
  const app = await buildApp({ database, config });
  running.app = app;
  await app.listen({ port: config.port, host: config.host });
  const where = database.kind === 'pglite' ? `embedded database in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL';
  console.log(`Site ready on http://localhost:${config.port} (${where}, ${((Date.now() - started) / 1000).toFixed(1)}s)`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
