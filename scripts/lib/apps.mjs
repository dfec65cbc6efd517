/**
 * The apps and their inputs, for the build and release scripts (the
 * manifests themselves are read by config/apps.cjs).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const { APP_DIRS, REMOTE_DIRS, readApp } = require('../../config/apps.cjs');

/** Where releases go: RELEASES_DIR, else <repo>/releases. */
export const releasesDir = () => path.resolve(root, process.env.RELEASES_DIR ?? 'releases');

/** What every app's build reads besides its own folder. */
const SHARED_INPUTS = [
  'shared/src',
  'shared/package.json',
  'config',
  'pnpm-lock.yaml',
  'tsconfig.base.json',
  'api/src/site/renderer-host.mjs',
];
const APP_INPUTS = ['src', 'app.json', 'package.json', 'webpack.config.js'];

/** Adds a file, or a folder's files (not node_modules, dist or tests), with their paths under `label`, to `hash`. */
export function hashTree(hash, full, label) {
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) {
      if (name === 'node_modules' || name === 'dist' || /\.test\.tsx?$/.test(name)) continue;
      hashTree(hash, path.join(full, name), `${label}/${name}`);
    }
  } else {
    hash.update(label);
    hash.update(readFileSync(full));
  }
}

/** A hash of everything an app's build reads: a release records it, and an app is rebuilt when it changes. */
export function inputHash(appFolder) {
  const hash = createHash('sha256');
  for (const input of SHARED_INPUTS) hashTree(hash, path.join(root, input), input);
  for (const input of APP_INPUTS) hashTree(hash, path.join(appFolder, input), `app/${input}`);
  return hash.digest('hex');
}
