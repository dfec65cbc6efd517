/**
 * Maintenance commands, run from the api folder:
 *   node --import tsx src/cli.ts create-admin <email> <password>
 *   node --import tsx src/cli.ts prepare   (the database and, when empty, the sample content)
 *   node --import tsx src/cli.ts backup <file>    (`npm run backup`)
 *   node --import tsx src/cli.ts restore <file>   (`npm run restore -- <file>`)
 *   node --import tsx src/cli.ts archive [devotionals prayers stories]
 *     (adds years of generated content, 1000 5000 5000 by default: for load figures only)
 *   node --import tsx src/cli.ts members <count> <password> <prefix>
 *     (adds confirmed members <prefix>-1@members.example, ...: for load figures only)
 *   node --import tsx src/cli.ts photos <file.jpg>...
 *     (stores the photos as uploads, as the images of every event, news item, press release
 *     and devotional: for the image checks only)
 * (or `npm run cli -- create-admin ...`). Uses DATABASE_URL or DATA_DIR like the server;
 * stop the server first when it uses the embedded database (it holds a lock),
 * except for a backup, which a running server takes itself.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import {
  backupEmbedded,
  BackupError,
  backupPostgres,
  backupRequestFile,
  restoreEmbedded,
  restorePostgres,
  restoreUploads,
  unpack,
} from './backup.js';
import { loadConfig, type AppConfig } from './config.js';
import { setPasswordHashCost } from './lib/passwords.js';
import { migrate, openDatabase } from './db/index.js';
import { DatabaseLockedError } from './db/lock.js';
import { ensureAdmin } from './modules/users/admin.js';
import { createUploadStore } from './lib/uploads.js';
import { addArchive, THREE_YEARS } from './seed/archive.js';
import { addMembers, setPhotos } from './seed/load.js';
import { seedIfEmpty } from './seed/index.js';

const usage =
  'Usage: node --import tsx src/cli.ts create-admin <email> <password> | prepare | backup <file> | restore <file> | archive [devotionals prayers stories] | members <count> <password> <prefix> | photos <file>...';

async function backup(config: AppConfig, file: string): Promise<void> {
  if (config.databaseUrl) {
    await backupPostgres(config, file);
    return;
  }
  let database;
  try {
    database = await openDatabase({ dataDir: path.join(config.dataDir, 'db') });
  } catch (error) {
    if (!(error instanceof DatabaseLockedError)) throw error;
    // The server has it open: it takes the backup itself, between two queries, and goes on serving.
    const pid = Number(/process (\d+)/.exec(error.message)?.[1]);
    const status = `${file}.status.json`;
    rmSync(status, { force: true });
    writeFileSync(backupRequestFile(config), JSON.stringify({ file }));
    process.kill(pid, 'SIGUSR2');
    for (let waited = 0; waited < 300_000; waited += 250) {
      if (existsSync(status)) {
        const answer = JSON.parse(readFileSync(status, 'utf8')) as { ok: boolean; error?: string };
        rmSync(status, { force: true });
        if (!answer.ok) throw new BackupError(`The running server could not take the backup: ${answer.error}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new BackupError(`The running server (process ${pid}) did not answer the backup request.`);
  }
  try {
    await backupEmbedded(config, database.dumpDataDir!, file);
  } finally {
    await database.close();
  }
}

async function restore(config: AppConfig, file: string): Promise<void> {
  const { folder, record } = await unpack(file);
  try {
    if (record.kind === 'postgres') {
      if (!config.databaseUrl)
        throw new BackupError(
          'This is a backup of a PostgreSQL database: set DATABASE_URL to an empty database to restore it into.',
        );
      const database = await openDatabase({ url: config.databaseUrl });
      try {
        const { rows } = await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`.execute(database.db);
        if (rows[0]!.n > 0)
          throw new BackupError('The database DATABASE_URL is not empty: restore into an empty database (create a new one).');
      } finally {
        await database.close();
      }
      restorePostgres(config, folder);
    } else {
      if (config.databaseUrl)
        throw new BackupError(
          'This is a backup of the embedded database: unset DATABASE_URL and point DATA_DIR to an empty folder.',
        );
      await restoreEmbedded(config, folder);
    }
    restoreUploads(config, folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function main(args: string[]): Promise<number> {
  const [command, email, password] = args;
  const config = loadConfig();
  setPasswordHashCost(config.passwordHashCost);
  if ((command === 'backup' || command === 'restore') && args.length === 2) {
    try {
      const file = path.resolve(args[1]!);
      if (command === 'backup') await backup(config, file);
      else await restore(config, file);
      console.log(command === 'backup' ? `Backup written to ${file}` : `Restored from ${file}`);
      return 0;
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      return 1;
    }
  }
  const prepare = command === 'prepare' && args.length === 1;
  const counts = args.slice(1).map(Number);
  const archive =
    command === 'archive' && (args.length === 1 || (args.length === 4 && counts.every((n) => Number.isInteger(n) && n >= 0)));
  const members =
    command === 'members' &&
    args.length === 4 &&
    Number.isInteger(counts[0]) &&
    counts[0]! > 0 &&
    /^[a-z0-9-]{1,40}$/.test(args[3]!);
  const photos = command === 'photos' && args.length >= 2;
  if (!prepare && !archive && !members && !photos && (command !== 'create-admin' || !email || !password)) {
    console.error(usage);
    return 2;
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
  try {
    await migrate(database.db);
    if (prepare) {
      console.log((await seedIfEmpty(database.db)) ? 'Database ready, with the sample content.' : 'Database ready.');
      return 0;
    }
    if (members) {
      await seedIfEmpty(database.db);
      await addMembers(database.db, counts[0]!, args[2]!, args[3]!);
      console.log(`Added ${counts[0]} members.`);
      return 0;
    }
    if (photos) {
      await seedIfEmpty(database.db);
      const files = args.slice(1).map((file) => readFileSync(path.resolve(file)));
      const { items } = await setPhotos(database.db, createUploadStore(config, database.db, database.kind), files);
      console.log(`Stored ${files.length} photos as the images of ${items} items.`);
      return 0;
    }
    if (archive) {
      await seedIfEmpty(database.db);
      const [devotionals, prayers, stories] =
        args.length === 4 ? counts : [THREE_YEARS.devotionals, THREE_YEARS.prayers, THREE_YEARS.stories];
      await addArchive(database.db, { devotionals: devotionals!, prayers: prayers!, stories: stories! });
      console.log(`Added ${devotionals} devotionals, ${prayers} prayers and ${stories} stories.`);
      return 0;
    }
    // The operator has shell access: an existing account is promoted whatever its password (which it keeps).
    const outcome = await ensureAdmin(database.db, email, password, { promote: 'any' });
    console.log(
      outcome === 'created'
        ? `Admin ${email} created.`
        : outcome === 'promoted'
          ? `${email} is now an admin.`
          : `${email} was already an admin.`,
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
