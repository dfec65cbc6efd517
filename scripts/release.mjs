#!/usr/bin/env node
/**
 * `npm run release -- <app> [--canary <percent>] [--from <folder>] [--out <folder>]`:
 * builds one app (the shell or a remote, by folder name) into a new release
 * folder, checks it (scripts/lib/release-checks.mjs), renders its pages
 * with the site's data on the server and in Chromium
 * (scripts/lib/release-render-check.mjs), and only then makes it the live
 * release. Nothing of another app is built or touched. A build that fails
 * or a check that does not pass never goes live: the command says why and
 * exits 1.
 *
 *   --canary <percent>  live for that share of visitors only, beside the
 *                       live release (`npm run promote` makes it live for
 *                       all, `npm run rollback` ends it)
 *   --from <folder>     build from another copy of the app's folder (its
 *                       dependencies resolvable from there), e.g. a CI checkout
 *   --out <folder>      the folder of the app's releases (default: REMOTE_<NAME>
 *                       when it is a folder, else RELEASES_DIR/<app>)
 *
 * See docs/deploying-a-remote.md.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_DIRS, inputHash, readApp, releasesDir, root } from './lib/apps.mjs';
import { checkRelease, checkSource, placedRelease } from './lib/release-checks.mjs';
import { openRenderCheck, siteAround } from './lib/release-render-check.mjs';
import { discardRelease, goLive, newReleaseId, placeRelease } from './lib/release-store.mjs';

/** The folder an app's releases go to. */
export function releaseFolderOf(dir, out) {
  if (out) return path.resolve(out);
  const located = process.env[`REMOTE_${dir.toUpperCase().replace(/-/g, '_')}`];
  if (located && !/^[a-z]+:\/\//i.test(located)) return path.resolve(root, located);
  if (located) throw new Error(`${dir} is hosted at ${located}: release it with --out <folder>, then publish that folder there`);
  return path.join(releasesDir(), dir);
}

function build(folder, staging, publicPath) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'config/build-app.cjs'), folder, staging, publicPath ?? ''], {
      cwd: folder,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ ok: code === 0, output: output.trim() }));
  });
}

/** The commit `folder` is at (`<sha>+changes` when it has uncommitted changes), or null outside a git checkout. */
function commitOf(folder) {
  try {
    const git = (...args) =>
      execFileSync('git', ['-C', folder, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const sha = git('rev-parse', '--short=12', 'HEAD');
    return git('status', '--porcelain', '--', '.') ? `${sha}+changes` : sha;
  } catch {
    return null;
  }
}

/** Who releases: RELEASED_BY, else git's user.name, else the system user. */
function releasedBy() {
  if (process.env.RELEASED_BY) return process.env.RELEASED_BY;
  try {
    const name = execFileSync('git', ['config', 'user.name'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (name) return name;
  } catch {
    // no git
  }
  return userInfo().username;
}

/**
 * Builds and checks `dir`, then places the build in its releases folder,
 * not live yet (see release). Answers { ok, problems, candidate, seconds };
 * a candidate is { dir, id, appFolder, name, facts, record }.
 * `alsoReleasing`: the apps released with it (a new shell is not held to the live ones of those);
 * `withShell`: the candidate of a shell released with it, which a remote is checked against.
 * @param {string} dir the app's folder name
 * @param {{ from?: string, out?: string, say?: (line: string) => void, canary?: number | null, alsoReleasing?: string[], withShell?: object | null }} [options]
 */
export async function prepareRelease(
  dir,
  { from, out, say = () => {}, canary = null, alsoReleasing = [], withShell = null } = {},
) {
  const started = Date.now();
  const source = path.resolve(from ?? path.join(root, dir));
  if (!existsSync(path.join(source, 'app.json')))
    return { ok: false, problems: [`${source} has no app.json: it is not an app's folder`] };
  const app = readApp(source);
  const appFolder = releaseFolderOf(dir, out);
  const id = newReleaseId();
  const staging = path.join(appFolder, `.staging-${id}`);
  mkdirSync(appFolder, { recursive: true });
  const fail = (problems) => {
    rmSync(staging, { recursive: true, force: true });
    return { ok: false, release: id, problems, seconds: (Date.now() - started) / 1000 };
  };

  if (canary !== null && !existsSync(path.join(appFolder, 'live.json')))
    return fail(['a canary needs a live release beside it: release it for everyone first']);
  const shell = withShell && placedRelease(withShell.appFolder, withShell.record);
  const early = checkSource({ dir, app, source, releases: releasesDir(), withShell: shell });
  if (early.length) return fail(early);
  say(`${dir}: building release ${id}…`);
  const built = await build(source, staging, app.host ? `/shell/${id}/browser/` : undefined);
  if (!built.ok) return fail([`the build failed:\n${built.output}`]);
  const problems = checkRelease({
    dir,
    app,
    staging,
    releases: releasesDir(),
    alsoReleasing,
    source,
    withShell: shell,
  });
  if (problems.length) return fail(problems);
  const facts = JSON.parse(readFileSync(path.join(staging, 'browser/pages.json'), 'utf8'));
  const record = placeRelease(appFolder, {
    app: dir,
    name: app.name,
    id,
    staging,
    inputHash: inputHash(source),
    source: from ? source : null,
    commit: commitOf(source),
    by: releasedBy(),
  });
  return { ok: true, release: id, problems: [], candidate: { dir, id, appFolder, name: app.name, facts, record } };
}

/** Settings of a site started for the check, for apps released into a folder the site does not serve (--out). */
function locatedEnv(candidates) {
  return Object.fromEntries(
    candidates
      .filter((c) => path.join(releasesDir(), c.dir) !== c.appFolder)
      .map((c) => [`REMOTE_${c.dir.toUpperCase().replace(/-/g, '_')}`, c.appFolder]),
  );
}

/**
 * Renders the candidates' pages together, on the server with the site's
 * data and in Chromium (scripts/lib/release-render-check.mjs). Answers the
 * problems; on any, the candidates are discarded and none goes live.
 */
export async function renderCandidates(candidates, { renderCheck, say = () => {} } = {}) {
  if (!candidates.length) return [];
  say(`${candidates.map((c) => c.dir).join(', ')}: rendering the pages before going live…`);
  const session =
    renderCheck ??
    (await openRenderCheck({ releases: releasesDir(), env: locatedEnv(candidates), log: (line) => say(`  ${line}`) }));
  let problems;
  try {
    problems = await session.check(candidates, siteAround(releasesDir(), candidates));
  } finally {
    if (!renderCheck) await session.close();
  }
  if (problems.length) for (const c of candidates) discardRelease(c.appFolder, c.id);
  return problems;
}

/**
 * Builds, checks, renders and releases `dir`: live for everyone, or for a
 * `canary` share of visitors. Answers { ok, release, previous, problems, seconds }.
 * @param {string} dir the app's folder name
 * @param {{ from?: string, out?: string, quiet?: boolean, canary?: number | null }} [options]
 */
export async function release(dir, { from, out, quiet = false, canary = null } = {}) {
  const started = Date.now();
  const say = quiet ? () => {} : (line) => console.log(line);
  const prepared = await prepareRelease(dir, { from, out, say, canary });
  if (!prepared.ok) return prepared;
  const { candidate } = prepared;
  // Rendered before it goes live: on the server with the site's data, and in Chromium.
  const rendered = await renderCandidates([candidate], { say });
  if (rendered.length) return { ok: false, release: candidate.id, problems: rendered, seconds: (Date.now() - started) / 1000 };
  const previous = goLive(candidate.appFolder, candidate.record, { canary });
  return { ok: true, release: candidate.id, previous, canary, problems: [], seconds: (Date.now() - started) / 1000 };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name) => {
    const i = args.indexOf(name);
    return i >= 0 ? args.splice(i, 2)[1] : undefined;
  };
  const from = option('--from');
  const out = option('--out');
  const canaryOption = option('--canary');
  const canary = canaryOption === undefined ? null : Number(canaryOption);
  const [dir] = args;
  if (
    !dir ||
    !/^[a-z][a-z0-9-]*$/.test(dir) ||
    (!from && !APP_DIRS.includes(dir)) ||
    (canary !== null && !(Number.isInteger(canary) && canary >= 1 && canary <= 99))
  ) {
    console.error(
      `Usage: npm run release -- <app> [--canary <percent, 1-99>] [--from <folder>] [--out <folder>]\n  <app>: ${APP_DIRS.join(', ')}`,
    );
    process.exit(2);
  }
  try {
    const result = await release(dir, { from, out, canary });
    if (result.ok && canary !== null) {
      console.log(
        `${dir}: release ${result.release} is live for ${canary}% of visitors (canary; ${result.previous} for the others). ` +
          `\`npm run promote -- ${dir}\` makes it live for everyone, \`npm run rollback -- ${dir}\` ends it (${result.seconds.toFixed(1)}s)`,
      );
    } else if (result.ok) {
      console.log(
        `${dir}: release ${result.release} is live${result.previous ? ` (it was ${result.previous}; \`npm run rollback -- ${dir}\` goes back)` : ''} (${result.seconds.toFixed(1)}s)`,
      );
    } else {
      console.error(`${dir}: release ${result.release ?? ''} REFUSED; the live release is unchanged.`);
      for (const problem of result.problems) console.error(`  - ${problem}`);
    }
    process.exit(result.ok ? 0 : 1);
  } catch (error) {
    console.error(`${dir}: ${error.message}`);
    process.exit(1);
  }
}
