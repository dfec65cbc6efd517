#!/usr/bin/env node
/**
 * `npm run promote -- <app> [--out <folder>]`: the app's canary (a release
 * made with `npm run release -- <app> --canary <percent>`) becomes live for
 * every visitor. The running site picks it up at the next page. See
 * docs/deploying-a-remote.md.
 */
import { APP_DIRS } from './lib/apps.mjs';
import { promote } from './lib/release-store.mjs';
import { releaseFolderOf } from './release.mjs';

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = outAt >= 0 ? args.splice(outAt, 2)[1] : undefined;
const [dir] = args;
if (!dir || !/^[a-z][a-z0-9-]*$/.test(dir) || (!out && !APP_DIRS.includes(dir))) {
  console.error(`Usage: npm run promote -- <app> [--out <folder>]\n  <app>: ${APP_DIRS.join(', ')}`);
  process.exit(2);
}
try {
  const { from, to } = promote(releaseFolderOf(dir, out), { by: process.env.RELEASED_BY ?? null });
  console.log(`${dir}: release ${to} is live for everyone (it was ${from}; \`npm run rollback -- ${dir}\` goes back)`);
} catch (error) {
  console.error(`${dir}: cannot promote: ${error.message}`);
  process.exit(1);
}
