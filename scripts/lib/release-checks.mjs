/**
 * What a build must pass before it goes live (`npm run release`):
 *
 * - its files are all there, and its server container is one file (the
 *   renderer checks each file it runs against the release's hashes);
 * - what it publishes (pages.json) is its own, and no page of it is a page
 *   another live app already owns;
 * - it exposes what the others use of it (the shell's home page modules, a
 *   remote's routes), and a new shell finds what it uses in the live remotes
 *   (or in those released beside it, whose own checks look);
 * - its shared singletons (React, the router, …) are versions the shell's
 *   can serve: a remote asking for another major version of React is refused;
 * - its containers load: the browser container evaluates, the server
 *   container loads into the shell's renderer, every exposed module is there
 *   and its routes route every page it declares.
 *
 * Answers the problems found (empty: it may go live).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPointer } from './release-store.mjs';
import { checkSharedExports, exportsNewerThan } from './shared-exports.mjs';

const require = createRequire(import.meta.url);
// Loaded when first needed: `npm test` and `npm start` import this module before they install.
let semver;
const here = path.dirname(fileURLToPath(import.meta.url));

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** A placed release (live or not yet: a shell released in the same build): its folder, pages.json and browser manifest. */
export function placedRelease(appFolder, record) {
  const folder = path.join(appFolder, record.release);
  return {
    pointer: record,
    folder,
    facts: readJson(path.join(folder, 'browser/pages.json')),
    manifest: readJson(path.join(folder, 'browser/mf-manifest.json')),
  };
}

/** The live release of the app in `appFolder` (see `placedRelease`), or null. */
function liveRelease(appFolder) {
  const pointer = readPointer(appFolder);
  if (!pointer) return null;
  try {
    return placedRelease(appFolder, pointer);
  } catch {
    return null;
  }
}

/** The live releases of every app in `releases` but `except`. */
function liveApps(releases, except) {
  if (!existsSync(releases)) return [];
  return readdirSync(releases)
    .filter((dir) => dir !== except && existsSync(path.join(releases, dir, 'live.json')))
    .map((dir) => ({ dir, ...liveRelease(path.join(releases, dir)) }))
    .filter((app) => app.facts);
}

/** Singletons `consumer` asks for at a version `provider` does not have. */
function sharedMismatches(consumer, provider) {
  semver ??= require('semver');
  const provided = new Map((provider.shared ?? []).map((s) => [s.name, s.version]));
  const problems = [];
  for (const shared of consumer.shared ?? []) {
    if (!shared.singleton || !shared.requiredVersion) continue;
    const version = provided.get(shared.name);
    if (!version || !semver.valid(version)) continue;
    if (!semver.satisfies(version, shared.requiredVersion, { includePrerelease: true })) {
      problems.push({ name: shared.name, wanted: shared.requiredVersion, version });
    }
  }
  return problems;
}

/** A mismatch said for people: for an entry of @ministry/shared, what the shell's lacks and what to release first. */
function mismatchMessage(who, m, sharedFolder) {
  const entry = /^@ministry\/shared\/(.+)$/.exec(m.name)?.[1];
  if (!entry) return `${who} needs ${m.name} ${m.wanted}, but the shell shares ${m.name} ${m.version}`;
  const missing = who === 'it' ? exportsNewerThan(entry, m.version, sharedFolder) : [];
  return (
    `${who} needs ${m.name} ${m.wanted}, but the live shell shares ${m.version}` +
    (missing.length ? ` (it lacks ${missing.join(', ')})` : '') +
    (who === 'it'
      ? ': that entry holds state and is never loaded twice, so release the shell first (`npm run release -- shell`), then this app'
      : '')
  );
}

/** The shared package an app's folder builds against (config/webpack.base.cjs). */
const sharedFolderOf = (source) => require('../../config/webpack.base.cjs').sharedFolderOf(source);

/** The verdict on shared's exports, once per shared folder and process (the compiler takes a few seconds). */
const exportVerdicts = new Map();
function sharedExportProblems(folder) {
  if (!exportVerdicts.has(folder)) exportVerdicts.set(folder, checkSharedExports(folder));
  return exportVerdicts.get(folder);
}

const samePattern = (a, b) => a.replace(/:\w+/g, ':').toLowerCase() === b.replace(/:\w+/g, ':').toLowerCase();

/** What a remote's app.json itself gets wrong: pages without ./routes to render them, or nothing exposed. */
function appJsonProblems(app) {
  if (app.host) return [];
  if (app.pages.length && !app.exposes['./routes']) return ['it has pages but does not expose ./routes, which renders them'];
  if (!Object.keys(app.exposes).length) return ['it exposes nothing'];
  return [];
}

/**
 * What can be refused before building (a build takes a while): an app.json
 * that lists pages but no ./routes, or exposes nothing, and shared
 * singletons the live shell cannot serve, as the app's package.json asks for
 * them (or the shell released in the same build, `withShell`). checkRelease
 * checks the build itself afterwards.
 *
 * @param {{ dir: string, app: { name: string, host: boolean, exposes: Record<string,string>, pages: { path: string }[] },
 *           source: string, releases: string }} release
 */
export function checkSource({ dir, app, source, releases, withShell = null }) {
  const declared = appJsonProblems(app);
  if (declared.length) return declared;
  // What @ministry/shared exports is recorded at its version: a change without a new version is refused.
  const sharedFolder = sharedFolderOf(source);
  const exported = sharedExportProblems(sharedFolder);
  if (exported.length) return exported;
  if (app.host) return [];
  const shell = withShell ?? liveApps(releases, dir).find((o) => o.dir === 'shell');
  if (!shell) return [];
  const { sharedConfig } = require('../../config/webpack.base.cjs');
  const wanted = Object.entries(sharedConfig({ folder: source })).map(([name, options]) => ({ name, ...options }));
  return sharedMismatches({ shared: wanted }, shell.manifest).map((m) => mismatchMessage('it', m, sharedFolder));
}

/**
 * `withShell`: the shell released in the same build (see `placedRelease`); a
 * remote is checked against it rather than the live one it replaces.
 * @param {{ dir: string, app: { name: string, host: boolean, exposes: Record<string,string>, pages: { path: string }[], uses: string[] },
 *           staging: string, releases: string, alsoReleasing?: string[] }} release
 */
export function checkRelease({ dir, app, staging, releases, alsoReleasing = [], source = staging, withShell = null }) {
  const problems = [];
  const browser = path.join(staging, 'browser');
  const server = path.join(staging, 'server');
  const serverEntry = app.host ? 'render.js' : 'remoteEntry.js';
  const declared = appJsonProblems(app);
  if (declared.length) return declared;
  const required = [
    'browser/pages.json',
    'browser/mf-manifest.json',
    `server/${serverEntry}`,
    ...(app.host ? ['browser/index.html', 'browser/main.js'] : ['browser/remoteEntry.js']),
  ];
  const missing = required.filter((file) => !existsSync(path.join(staging, file)));
  if (missing.length) return [`its build lacks ${missing.join(', ')}`];

  const serverCode = readdirSync(server).filter(
    (f) => /\.[cm]?js$/.test(f) && f !== serverEntry && !(app.host && f === 'remoteEntry.js'),
  );
  if (serverCode.length)
    problems.push(`its server container is more than one file (${serverCode.join(', ')}): the renderer runs only ${serverEntry}`);

  const facts = readJson(path.join(browser, 'pages.json'));
  const manifest = readJson(path.join(browser, 'mf-manifest.json'));
  if (facts.name !== app.name) problems.push(`its pages.json names ${facts.name}, not ${app.name}`);

  const others = liveApps(releases, dir);
  const shell = app.host ? { facts, manifest } : (withShell ?? others.find((o) => o.dir === 'shell'));
  const exposed = new Set((manifest.exposes ?? []).map((e) => `./${e.name}`));

  // Pages: each is this app's alone.
  for (const page of facts.pages) {
    if (!page.path.startsWith('/')) problems.push(`its page "${page.path}" is not a path`);
    for (const other of others) {
      if (other.facts.pages.some((p) => samePattern(p.path, page.path)))
        problems.push(`its page ${page.path} is already a page of ${other.dir}`);
    }
  }

  // Exposes: what the others use of it, and what a new shell uses of the others.
  for (const expose of Object.keys(app.exposes))
    if (!exposed.has(expose)) problems.push(`it does not expose ${expose} (its app.json says it does)`);
  if (!app.host && facts.pages.length && !exposed.has('./routes'))
    problems.push('it has pages but does not expose ./routes, which renders them');
  if (!app.host && shell) {
    for (const id of shell.facts.uses ?? []) {
      const [remote, expose] = id.split('/');
      if (remote === app.name && !exposed.has(`./${expose}`))
        problems.push(`it does not expose ./${expose}, which the shell uses`);
    }
  }

  // The live remotes a new shell is checked with: not those released in the same build (alsoReleasing). They may
  // ask for what only the new shell serves (a major version of shared) or lack what it uses (a new expose), and their
  // new releases are checked with it by their own checks (withShell): the build makes them live together or not at all.
  const liveBeside = app.host ? others.filter((o) => !alsoReleasing.includes(o.dir)) : [];

  if (app.host) {
    for (const id of facts.uses ?? []) {
      const [remote, expose] = id.split('/');
      const owner = liveBeside.find((o) => o.facts.name === remote);
      if (owner && !owner.facts.exposes.includes(`./${expose}`))
        problems.push(`it uses ${id}, which the live ${owner.dir} does not expose`);
    }
  }

  // Shared singletons: the shell's versions must meet what each remote asks for.
  const shared = app.host
    ? liveBeside.flatMap((o) => sharedMismatches(o.manifest, manifest).map((m) => ({ ...m, who: `the live ${o.dir}` })))
    : shell
      ? sharedMismatches(manifest, shell.manifest).map((m) => ({ ...m, who: 'it' }))
      : [];
  for (const m of shared) problems.push(mismatchMessage(m.who, m, sharedFolderOf(source)));
  if (problems.length) return problems;

  // The containers load, in a process of their own.
  const shellServer = app.host ? path.join(server, 'render.js') : shell && path.join(shell.folder, 'server/render.js');
  const fileSpec = (file, hash) => ({ location: file, sha256: hash });
  const sha = (folder, file) =>
    require('node:crypto')
      .createHash('sha256')
      .update(readFileSync(path.join(folder, file)))
      .digest('hex');
  const remoteSpecs = {};
  const checks = [];
  if (app.host) {
    for (const other of liveBeside) {
      remoteSpecs[other.facts.name] = fileSpec(
        path.join(other.folder, 'server/remoteEntry.js'),
        other.pointer.files['server/remoteEntry.js'],
      );
      checks.push({ name: other.facts.name, exposes: other.facts.exposes, pages: [] });
    }
  } else {
    remoteSpecs[app.name] = fileSpec(path.join(server, 'remoteEntry.js'), sha(server, 'remoteEntry.js'));
    checks.push({ name: app.name, exposes: Object.keys(app.exposes), pages: facts.pages.map((p) => p.path) });
  }
  const input = {
    browser: app.host ? [] : [{ name: app.name, file: path.join(browser, 'remoteEntry.js') }],
    renderer: shellServer
      ? {
          shell: fileSpec(shellServer, app.host ? sha(server, 'render.js') : shell.pointer.files['server/render.js']),
          remotes: remoteSpecs,
          config: { remotes: {}, labels: {}, pages: [], apiBase: '' },
        }
      : null,
    checks,
  };
  const run = spawnSync(process.execPath, [path.join(here, 'check-containers.mjs'), JSON.stringify(input)], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (run.status !== 0)
    return [`its containers could not be checked: ${(run.stderr || run.error?.message || '').trim().split('\n')[0]}`];
  problems.push(...JSON.parse(run.stdout));
  return problems;
}
