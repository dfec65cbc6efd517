/**
 * Maintenance commands, run from the api folder:
 *   node --import tsx src/cli.ts create-admin <email> <password>
 * (or `npm run cli -- create-admin ...`). Uses DATABASE_URL or DATA_DIR like the server;
 * stop the server first when it uses the embedded database (it holds a lock).
 */
import path from 'node:path';
import { loadConfig } from './config.js';
import { migrate, openDatabase } from './db/index.js';
import { ensureAdmin } from './modules/users/admin.js';

const usage = 'Usage: node --import tsx src/cli.ts create-admin <email> <password>';

async function main(args: string[]): Promise<number> {
  const [command, email, password] = args;
  if (command !== 'create-admin' || !email || !password) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
  try {
    await migrate(database.db);
    const outcome = await ensureAdmin(database.db, email, password);
    console.log(
      outcome === 'created' ? `Admin ${email} created.` : outcome === 'promoted' ? `${email} is now an admin.` : `${email} was already an admin.`,
    );
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
