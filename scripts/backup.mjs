#!/usr/bin/env node
/**
 * `npm run backup [-- <file>]`: a consistent backup of the site's data (the
 * database, and the uploads kept on disk) in one file, by default
 * backups/ministry-<date>.tar. `npm run restore -- <file>` brings one back
 * into an empty database (DATABASE_URL) or an empty DATA_DIR. Both read the
 * server's settings (DATABASE_URL, DATA_DIR) from the environment. See
 * docs/deploying.md.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiBuild } from './lib/build-api.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [command, given] = process.argv.slice(2);
if (command !== 'backup' && command !== 'restore') throw new Error('usage: node scripts/backup.mjs backup|restore [file]');
if (command === 'restore' && !given) {
  console.error('Usage: npm run restore -- <backup file>');
  process.exit(2);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
// A path given on the command line is relative to where the command was run.
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), given ?? path.join(root, 'backups', `ministry-${stamp}.tar`));
// The API's command line from its build (api/dist: built first when its code changed).
const result = spawnSync(process.execPath, [await apiBuild('cli'), command, file], {
  cwd: path.join(root, 'api'),
  stdio: 'inherit',
  env: { DATA_DIR: path.join(root, 'data'), ...process.env },
});
process.exit(result.status ?? 1);
