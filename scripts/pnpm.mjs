#!/usr/bin/env node
// Runs the pinned pnpm (from package.json "packageManager") through npx,
// so a machine with only Node and npm needs nothing installed globally.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const pnpmSpec = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).packageManager;

export function pnpm(args, options = {}) {
  const result = spawnSync('npx', ['-y', pnpmSpec, ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, npm_config_update_notifier: 'false' },
    ...options,
  });
  return result.status ?? 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(pnpm(process.argv.slice(2)));
}
