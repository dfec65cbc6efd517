#!/usr/bin/env node
// `npm test`: lint, formatting, import circles, typecheck, jest (shared + apps), the API tests (PGlite,
// and PostgreSQL when TEST_DATABASE_URL is set) with the production build beside
// them, then the browser tests in headless Chromium against that build.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstall } from './ensure-install.mjs';
import { APP_DIRS } from './lib/apps.mjs';
import { builtApi } from './lib/build-api.mjs';
import { headlessChromiumPath } from './lib/chromium.mjs';
import { combinedTsconfig } from './lib/typecheck.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const results = [];

function step(name, command, args, options = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  const ok = status === 0;
  results.push({ name, ok, seconds: (Date.now() - started) / 1000 });
  return ok;
}

/** A step run without blocking this process (so a step in the background goes on beside it). */
function stepAsync(name, command, args, options = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('close', (status) => {
      results.push({ name, ok: status === 0, seconds: (Date.now() - started) / 1000 });
      resolve(status === 0);
    });
  });
}

/**
 * A step in the background: its output is kept and printed once it ends, so
 * it does not mix with the step beside it.
 */
function inBackground(name, command, args, options = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (status) => {
      console.log(`\n=== ${name} ===`);
      process.stdout.write(output);
      results.push({ name, ok: status === 0, seconds: (Date.now() - started) / 1000 });
      resolve(status === 0);
    });
  });
}

/**
 * Steps that only read the code (lint, formatting, typechecks), two at a
 * time: each prints its output once it is done.
 */
async function parallelSteps(steps, concurrency = 2) {
  const queue = [...steps];
  const runOne = ({ name, command, args }) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      child.on('close', (status) => {
        console.log(`\n=== ${name} ===`);
        if (output) process.stdout.write(output);
        results.push({ name, ok: status === 0, seconds: (Date.now() - started) / 1000 });
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (queue.length) await runOne(queue.shift());
    }),
  );
}

/**
 * The test files of a folder, the longest first (`longest`: their names, the
 * slowest first): files run side by side, and a long one started last would
 * leave the other cores idle at the end.
 */
function testFiles(dir, longest = []) {
  const full = path.join(root, dir);
  const rank = (f) => {
    const i = longest.indexOf(f.replace(/\.test\.ts$/, ''));
    return i < 0 ? longest.length : i;
  };
  return existsSync(full)
    ? readdirSync(full)
        .filter((f) => f.endsWith('.test.ts'))
        .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
        .map((f) => path.join(dir, f))
    : [];
}

if (!ensureInstall()) process.exit(1);

const typecheckApps = combinedTsconfig(root, ['shared', ...APP_DIRS]);

const typecheck = (pkg) => ({ name: `typecheck ${pkg}`, command: bin('tsc'), args: ['--noEmit', '-p', pkg] });
// The longest first (two at a time, the last ones fill in beside them).
await parallelSteps([
  // Shared and every app of config/remotes.json as one program (scripts/lib/typecheck.mjs).
  {
    name: `typecheck ${typecheckApps.combined.join(', ')} (one program)`,
    command: bin('tsc'),
    args: ['--noEmit', '-p', typecheckApps.file],
  },
  typecheck('api'),
  {
    name: 'format (prettier --check; `npm run format` fixes it)',
    command: bin('prettier'),
    args: ['--check', '.', '--log-level=warn'],
  },
  { name: 'lint', command: bin('eslint'), args: ['.', '--max-warnings=0'] },
  {
    name: "shared's exports recorded at its version (`npm run shared:version` takes a new one)",
    command: process.execPath,
    args: [path.join(root, 'scripts/shared-version.mjs'), '--check'],
  },
  {
    name: 'no import circles (api/src, shared and each app)',
    command: process.execPath,
    args: [path.join(root, 'scripts/import-cycles.mjs')],
  },
  // The browser tests, and an app checked alone.
  ...typecheckApps.alone.map(typecheck),
  ...['e2e'].filter((pkg) => existsSync(path.join(root, pkg, 'tsconfig.json'))).map(typecheck),
  // The shell's service worker: the worker's own types (no DOM).
  typecheck('shell/src/serviceWorker'),
]);
// Two workers: jest's default (the cores but one) runs one file at a time on two cores.
step('unit and component tests (jest)', bin('jest'), ['--ci', '--maxWorkers=2']);

/**
 * API test files that time the server or kill it (a rush of page loads
 * answered within a second, slow bodies cut off, SIGKILL mid-write, three
 * processes restarted under load): they run alone, after the others (each
 * file has its own databases).
 */
const TIMED_API_TESTS = ['request-hygiene.test.ts', 'faults.test.ts', 'scaling.test.ts'];
/**
 * Seconds of tests of the longest API files (both databases, a quiet
 * machine); another file counts as API_TEST_SECONDS_DEFAULT. Only the order
 * and the batches depend on them.
 */
const API_TEST_SECONDS = {
  accounts: 63,
  congregation: 62,
  'shared-version': 44,
  fuzz: 31,
  'abuse-limits': 27,
  'account-safety': 26,
  'newsletter-sending': 23,
  'sign-in-codes': 19,
  foundation: 18,
  'attack-findings': 18,
};
const API_TEST_SECONDS_DEFAULT = 8;
const apiSeconds = (file) => API_TEST_SECONDS[path.basename(file, '.test.ts')] ?? API_TEST_SECONDS_DEFAULT;
const apiTests = testFiles('api/test', Object.keys(API_TEST_SECONDS));

/**
 * The API's test files in a few processes, not one each: a process spends
 * ~2.5 CPU-seconds importing the API through tsx before its first test.
 * The files, the longest first, go in batches of about `batchSeconds` of
 * tests (a long file alone), each batch one process running its files one
 * after the other (api/test/together.ts), `lanes` batches at a time. A
 * batch's output is printed when it ends. Resolves true when every batch
 * passed.
 */
async function runApiBatches(name, files, { lanes, batchSeconds = 60 }) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const batches = [];
  for (const file of files) {
    const last = batches.at(-1);
    if (last && last.seconds + apiSeconds(file) <= batchSeconds) {
      last.files.push(file);
      last.seconds += apiSeconds(file);
    } else batches.push({ files: [file], seconds: apiSeconds(file) });
  }
  const counts = { pass: 0, fail: 0 };
  let ok = true;
  const queue = batches.map((batch, i) => ({ ...batch, number: i + 1 }));
  const runOne = (batch) =>
    new Promise((resolve) => {
      const args = [
        '--import',
        'tsx',
        '--test-reporter=spec',
        'test/together.ts',
        ...batch.files.map((f) => path.relative('api', f)),
      ];
      const child = spawn(process.execPath, args, { cwd: path.join(root, 'api'), stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      child.on('close', (status) => {
        const names = batch.files.map((f) => path.basename(f, '.test.ts')).join(', ');
        console.log(`\n--- API tests, batch ${batch.number} of ${batches.length} (${names}) ---`);
        process.stdout.write(output);
        for (const key of ['pass', 'fail']) counts[key] += Number(new RegExp(`ℹ ${key} (\\d+)`).exec(output)?.[1] ?? 0);
        if (status !== 0) {
          ok = false;
          console.log(`!!! batch ${batch.number} (${names}) FAILED (exit ${status}) !!!`);
        }
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (queue.length) await runOne(queue.shift());
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  console.log(`\n${name}: ${counts.pass} passed, ${counts.fail} failed, in ${batches.length} processes (${seconds.toFixed(0)}s)`);
  results.push({ name, ok, seconds });
  return ok;
}

const chrome = headlessChromiumPath();
const e2eWanted = testFiles('e2e/tests').length > 0 && chrome !== undefined;
// The production build for the browser tests runs beside the API tests: it keeps one core busy
// and they leave room (much of an API test is waiting for a database).
const built = e2eWanted
  ? inBackground('production build for the browser tests (beside the API tests)', process.execPath, [
      path.join(root, 'scripts/build.mjs'),
    ])
  : Promise.resolve(false);

if (apiTests.length) {
  const dbs = process.env.TEST_DATABASE_URL ? 'PGlite and PostgreSQL' : 'PGlite (set TEST_DATABASE_URL to add PostgreSQL)';
  if (!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL) {
    console.warn('Note: the tests of several server processes need TEST_DATABASE_URL and TEST_REDIS_URL; they are skipped.');
  }
  const timed = apiTests.filter((f) => TIMED_API_TESTS.includes(path.basename(f)));
  const others = apiTests.filter((f) => !timed.includes(f));
  await runApiBatches(`API tests on ${dbs}`, others, { lanes: 3 });
  // The timed ones alone, one at a time: after the build too.
  await built;
  if (timed.length) {
    await stepAsync(
      'API tests that time or stop the server (one at a time)',
      process.execPath,
      ['--import', 'tsx', '--test', '--test-concurrency=1', ...timed.map((f) => path.relative('api', f))],
      { cwd: path.join(root, 'api') },
    );
  }
}

const e2eTests = testFiles('e2e/tests', [
  'widths-signed-in',
  'widths-signed-out',
  'releases',
  'canary',
  'community',
  'staff-content',
  'staff-people',
  'staff-giving',
  'accessibility',
  'photos',
  'content',
]);
if (e2eTests.length) {
  if (!chrome) {
    console.error(
      '\n!!! No Chromium found (set CHROME_PATH, or apt-get install chromium-headless-shell): the browser tests are SKIPPED. !!!\n',
    );
    results.push({ name: 'browser tests (no Chromium)', ok: process.env.CI !== 'true', seconds: 0 });
  } else {
    // One database with the sample content, copied for each site the browser tests start.
    const template = mkdtempSync(path.join(tmpdir(), 'ministry-e2e-template-'));
    const prepared =
      (await built) &&
      step('database for the browser tests', process.execPath, [builtApi('cli'), 'prepare'], {
        cwd: path.join(root, 'api'),
        env: { ...process.env, DATA_DIR: template, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      });
    if (prepared) {
      // Four files at a time (each starts its own site and browser): much of a browser test is
      // waiting (three left a third of two cores idle).
      step(
        'browser tests (headless Chromium)',
        process.execPath,
        ['--import', 'tsx', '--test', '--test-concurrency=4', ...e2eTests.map((f) => path.relative('e2e', f))],
        {
          cwd: path.join(root, 'e2e'),
          env: { ...process.env, CHROME_PATH: chrome, E2E_DATA_TEMPLATE: template },
        },
      );
    }
    rmSync(template, { recursive: true, force: true });
  }
}

const failed = results.filter((r) => !r.ok);
console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name}${r.seconds ? ` (${r.seconds.toFixed(0)}s)` : ''}`);
console.log(`${results.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
