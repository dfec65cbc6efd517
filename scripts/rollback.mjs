#!/usr/bin/env node
/**
 * `npm run rollback -- <app> [--out <folder>]`: ends the app's canary when
 * one runs (its visitors go back to the live release); otherwise makes the
 * release that was live before the current one live again (still on disk:
 * the releases a rollback can reach are kept), passing over releases that
 * were rolled back. A second rollback goes one further back. The running
 * site picks it up at the next page. See docs/deploying-a-remote.md.
 */
import { APP_DIRS } from './lib/apps.mjs';
import { rollBack } from './lib/release-store.mjs';
import { releaseFolderOf } from './release.mjs';

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = outAt >= 0 ? args.splice(outAt, 2)[1] : undefined;
const [dir] = args;
if (!dir || !/^[a-z][a-z0-9-]*$/.test(dir) || (!out && !APP_DIRS.includes(dir))) {
  console.error(`Usage: npm run rollback -- <app> [--out <folder>]\n  <app>: ${APP_DIRS.join(', ')}`);
  process.exit(2);
}
try {
  const by = process.env.RELEASED_BY ?? null;
  const { from, to, canary } = rollBack(releaseFolderOf(dir, out), { by, reason: by ? `rolled back by ${by}` : 'rolled back' });
  console.log(
    canary
      ? `${dir}: canary ${from} ended; every visitor is on ${to}`
      : `${dir}: release ${to} is live again (rolled back from ${from})`,
  );
} catch (error) {
  console.error(`${dir}: cannot roll back: ${error.message}`);
  process.exit(1);
}
