/**
 * Maintenance commands, run from the api folder:
 *   node --import tsx src/cli.ts create-admin <email> <password>
 *   node --import tsx src/cli.ts prepare   (the database and, when empty, the sample content)
 * (or `npm run cli -- create-admin ...`). Uses DATABASE_URL or DATA_DIR like the server;
 * stop the server first when it uses the embedded database (it holds a lock).
 */
import path from 'node:path';
import { loadConfig } from './config.js';
import { migrate, openDatabase } from './db/index.js';
import { ensureAdmin } from './modules/users/admin.js';
import { seedIfEmpty } from './seed/index.js';

const usage = 'Usage: node --import tsx src/cli.ts create-admin <email> <password> | prepare';

async function main(args: string[]): Promise<number> {
  const [command, email, password] = args;
  const prepare = command === 'prepare' && args.length === 1;
  if (!prepare && (command !== 'create-admin' || !email || !password)) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
  try {
    await migrate(database.db);
    if (prepare) {
      console.log((await seedIfEmpty(database.db)) ? 'Database ready, with the sample content.' : 'Database ready.');
      return 0;
    }
    // The operator has shell access: an existing account is promoted whatever its password (which it keeps).
    const outcome = await ensureAdmin(database.db, email, password, { promote: 'any' });
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
