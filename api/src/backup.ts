/**
 * Backups: one file (a tar) holding the database and the uploads kept on
 * disk, and the restore of such a file into an empty database.
 *
 * - PostgreSQL: `pg_dump` (custom format) of DATABASE_URL, a consistent
 *   snapshot taken while the site runs; uploads kept in the database come
 *   with it (an S3 bucket is backed up by its own means).
 * - The embedded database: its folder, dumped by the process that has it
 *   open (a running server does it when asked with SIGUSR2, so the site
 *   keeps running), and DATA_DIR/uploads.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { create, extract } from 'tar';
import { LEGACY_LOCK } from './db/lock.js';
import type { AppConfig } from './config.js';

export interface BackupRecord {
  kind: 'pglite' | 'postgres';
  createdAt: string;
  /** Whether the uploads folder (DATA_DIR/uploads) is in the backup. */
  uploads: boolean;
}

const RECORD = 'backup.json';

/** Where a running server with the embedded database is asked for a backup (`{ file }`; see server.ts, SIGUSR2). */
export const backupRequestFile = (config: AppConfig): string => path.join(config.dataDir, 'backup-request.json');

/** A clear stop: the message says what to do. */
export class BackupError extends Error {}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error)
    throw new BackupError(`${command} could not be run (${result.error.message}): install the PostgreSQL client tools.`);
  if (result.status !== 0) throw new BackupError(`${command} failed: ${(result.stderr || result.stdout).trim()}`);
}

/** Packs `staging` (the record, the database, the uploads) into the backup file `file`. */
async function pack(staging: string, file: string): Promise<void> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  await create({ gzip: false, file, cwd: staging, portable: true }, readdirSync(staging));
}

/** Writes a backup of the PostgreSQL database (and the uploads folder, when there is one) to `file`. */
export async function backupPostgres(config: AppConfig, file: string): Promise<BackupRecord> {
  const staging = mkdtempSync(path.join(tmpdir(), 'ministry-backup-'));
  try {
    run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${path.join(staging, 'database.dump')}`,
      `--dbname=${config.databaseUrl}`,
    ]);
    const uploads = copyUploads(config, staging);
    const record: BackupRecord = { kind: 'postgres', createdAt: new Date().toISOString(), uploads };
    writeFileSync(path.join(staging, RECORD), `${JSON.stringify(record, null, 2)}\n`);
    await pack(staging, file);
    return record;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Writes a backup of the embedded database, dumped by the process that holds it, to `file`. */
export async function backupEmbedded(config: AppConfig, dump: () => Promise<Buffer>, file: string): Promise<BackupRecord> {
  const staging = mkdtempSync(path.join(tmpdir(), 'ministry-backup-'));
  try {
    writeFileSync(path.join(staging, 'database.tar.gz'), await dump());
    const uploads = copyUploads(config, staging);
    const record: BackupRecord = { kind: 'pglite', createdAt: new Date().toISOString(), uploads };
    writeFileSync(path.join(staging, RECORD), `${JSON.stringify(record, null, 2)}\n`);
    await pack(staging, file);
    return record;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function copyUploads(config: AppConfig, staging: string): boolean {
  const dir = path.join(config.dataDir, 'uploads');
  if (!existsSync(dir) || readdirSync(dir).length === 0) return false;
  cpSync(dir, path.join(staging, 'uploads'), { recursive: true });
  return true;
}

/** Reads a backup file into a temporary folder; the caller removes it. */
export async function unpack(file: string): Promise<{ folder: string; record: BackupRecord }> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const folder = mkdtempSync(path.join(tmpdir(), 'ministry-restore-'));
  await extract({ file, cwd: folder });
  let record: BackupRecord;
  try {
    record = JSON.parse(readFileSync(path.join(folder, RECORD), 'utf8')) as BackupRecord;
  } catch {
    rmSync(folder, { recursive: true, force: true });
    throw new BackupError(`${file} is not a backup of this site (it has no ${RECORD}).`);
  }
  return { folder, record };
}

/** Puts the backup's uploads folder back into DATA_DIR/uploads. */
export function restoreUploads(config: AppConfig, folder: string): void {
  const from = path.join(folder, 'uploads');
  if (existsSync(from)) cpSync(from, path.join(config.dataDir, 'uploads'), { recursive: true });
}

/**
 * Restores an embedded backup (unpacked in `folder`) into DATA_DIR/db, which
 * must be empty. The lock of the database it was taken from never comes
 * with it (older backups carried one inside the folder: it is removed), so
 * the copy starts on the same machine while the original runs.
 */
export async function restoreEmbedded(config: Pick<AppConfig, 'dataDir'>, folder: string): Promise<void> {
  const dir = path.join(config.dataDir, 'db');
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new BackupError(`${dir} is not empty: restore into an empty DATA_DIR.`);
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({
    dataDir: dir,
    loadDataDir: new Blob([readFileSync(path.join(folder, 'database.tar.gz'))]),
  });
  await client.close();
  rmSync(path.join(dir, LEGACY_LOCK), { force: true });
}

/** Restores a PostgreSQL backup into the (empty) database DATABASE_URL. */
export function restorePostgres(config: AppConfig, folder: string): void {
  run('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    `--dbname=${config.databaseUrl}`,
    path.join(folder, 'database.dump'),
  ]);
}
