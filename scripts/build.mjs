#!/usr/bin/env node
/**
 * `npm run build`: builds the API's server (scripts/lib/build-api.mjs) when its
 * code changed, and releases every app whose live release was not built from
 * the current code (its inputs' hash, recorded in the release), the shell
 * first, then the remotes two at a time; each release is built, checked and
 * switched on its own (scripts/release.mjs). `--force` releases them all.
 * Usage: node scripts/build.mjs [--force] [app ...]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_DIRS, inputHash, releasesDir, root } from './lib/apps.mjs';
import { buildApi } from './lib/build-api.mjs';
import { discardRelease, goLive, readPointer } from './lib/release-store.mjs';
import { openRenderCheck } from './lib/release-render-check.mjs';
import { prepareRelease, releaseFolderOf, renderCandidates } from './release.mjs';

export const APPS = APP_DIRS;

/** Whether the app's live release was built from other code than what is here now. */
export function isStale(dir) {
  let folder;
  try {
    folder = releaseFolderOf(dir);
  } catch {
    return false; // hosted elsewhere: released by its own team
  }
  return readPointer(folder)?.inputHash !== inputHash(path.join(root, dir));
}

/**
 * Releases the stale apps (or all of `apps` with force): each is built and
 * checked (the shell first, then the remotes two at a time), then all of
 * them are rendered together before any goes live, so a first build or one
 * that changes shared is checked as the site it makes. Resolves true when
 * every release went live.
 */
export async function build({ force = false, apps = APPS } = {}) {
  const apiSeconds = await buildApi({ force });
  if (apiSeconds) console.log(`Build: the API's server built into api/dist (${apiSeconds.toFixed(1)}s)`);
  const todo = apps.filter((dir) => force || isStale(dir));
  if (!todo.length) {
    console.log('Build: every app is up to date.');
    return true;
  }
  console.log(`Build: releasing ${todo.join(', ')} into ${releasesDir()}`);
  const started = Date.now();
  let ok = true;
  const prepared = [];
  let withShell = null;
  const one = async (dir) => {
    const result = await prepareRelease(dir, { alsoReleasing: todo, withShell });
    if (result.ok) {
      prepared.push(result.candidate);
      console.log(`  ${dir}: release ${result.release} built and checked (${((Date.now() - started) / 1000).toFixed(1)}s)`);
      return result.candidate;
    } else {
      ok = false;
      console.error(`  ${dir}: release REFUSED:\n${result.problems.map((p) => `    - ${p}`).join('\n')}`);
    }
  };
  // The shell first: the remotes' releases are checked against it (the new one, when it is built here).
  if (todo.includes('shell')) withShell = (await one('shell')) ?? null;
  const queue = todo.filter((dir) => dir !== 'shell');
  const worker = async () => {
    while (queue.length) await one(queue.shift());
  };
  await Promise.all([worker(), worker()]);
  // A new shell was checked with the new releases of the remotes built beside it, not their live ones, and those
  // remotes with the new shell: when one of them is refused, none of them goes live.
  const refused = todo.filter((dir) => !prepared.some((c) => c.dir === dir));
  if (withShell && refused.length) {
    console.error(`  ${prepared.map((c) => c.dir).join(', ')}: not made live: checked with ${refused.join(', ')}, refused`);
    for (const c of prepared) discardRelease(c.appFolder, c.id);
    console.log(`Build FAILED in ${((Date.now() - started) / 1000).toFixed(1)}s`);
    return false;
  }

  // One site and one browser render every page of the new releases, together, before any goes live.
  const renderCheck = await openRenderCheck({ releases: releasesDir(), log: (line) => console.log(`  ${line}`) });
  let problems;
  try {
    problems = await renderCandidates(prepared, { renderCheck, say: (line) => console.log(`  ${line}`) });
  } finally {
    await renderCheck.close();
  }
  if (problems.length) {
    ok = false;
    console.error(
      `  ${prepared.map((c) => c.dir).join(', ')}: REFUSED after rendering:\n${problems.map((p) => `    - ${p}`).join('\n')}`,
    );
  } else {
    for (const c of prepared.sort((a, b) => (a.dir === 'shell' ? -1 : b.dir === 'shell' ? 1 : 0))) {
      goLive(c.appFolder, c.record);
      console.log(`  ${c.dir}: release ${c.id} is live`);
    }
    if (!renderCheck.browser) console.warn('  (no Chromium: the pages were rendered on the server only before going live)');
  }
  console.log(`Build ${ok ? 'finished' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  return ok;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const apps = args.filter((a) => !a.startsWith('--'));
  build({ force: args.includes('--force'), apps: apps.length ? apps : APPS }).then((ok) => process.exit(ok ? 0 : 1));
}
