#!/usr/bin/env node
// Production build of the shell and the four remotes. An app is rebuilt only
// when its inputs changed since its last build (a hash stamp in dist/), unless
// --force is given. Usage: node scripts/build.mjs [--force] [app ...]
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const APPS = ['shell', 'mfe-content', 'mfe-community', 'mfe-account', 'mfe-giving', 'ssr'];
const BROWSER_APPS = APPS.filter((app) => app !== 'ssr');

/**
 * Where each build runs and writes. `ssr` is the server renderer
 * (shell/webpack.ssr.config.js): the shell and every remote's exposed
 * modules together, so it is rebuilt when any app changes.
 */
const BUILDS = {
  ...Object.fromEntries(BROWSER_APPS.map((app) => [app, { dir: app, out: 'dist', args: [], inputs: [app] }])),
  ssr: { dir: 'shell', out: 'dist-ssr', args: ['--config', 'webpack.ssr.config.js'], inputs: BROWSER_APPS },
};
const SHARED_INPUTS = ['shared/src', 'shared/package.json', 'config', 'pnpm-lock.yaml', 'tsconfig.base.json'];

function hashTree(hash, target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return;
  const stat = statSync(full);
  if (stat.isDirectory()) {
    for (const name of readdirSync(full).sort()) {
      if (name === 'node_modules' || name === 'dist' || name.endsWith('.test.tsx') || name.endsWith('.test.ts')) continue;
      hashTree(hash, path.join(target, name));
    }
  } else {
    hash.update(target);
    hash.update(readFileSync(full));
  }
}

export function inputHash(app) {
  const hash = createHash('sha256');
  const appInputs = BUILDS[app].inputs.flatMap((dir) => [`${dir}/src`, `${dir}/public`, `${dir}/webpack.config.js`, `${dir}/package.json`]);
  if (app === 'ssr') appInputs.push('shell/webpack.ssr.config.js');
  for (const input of [...SHARED_INPUTS, ...appInputs]) hashTree(hash, input);
  return hash.digest('hex');
}

const stampFile = (app) => path.join(root, BUILDS[app].dir, BUILDS[app].out, '.build-stamp');

export function isStale(app) {
  try {
    return readFileSync(stampFile(app), 'utf8') !== inputHash(app);
  } catch {
    return true;
  }
}

function webpack(app) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production', ...BUILDS[app].args], {
      cwd: path.join(root, BUILDS[app].dir),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const shown = output
        .split('\n')
        .filter((l) => l.trim() && !l.includes('Manifest will use absolute path resolution'))
        .join('\n');
      if (code === 0) {
        writeFileSync(stampFile(app), inputHash(app));
        console.log(`  built ${app} in ${seconds}s`);
      } else {
        console.error(`  ${app} failed to build:\n${shown}`);
      }
      resolve(code === 0);
    });
  });
}

/** Builds the stale apps (or all with force), two at a time. Resolves true on success. */
export async function build({ force = false, apps = APPS } = {}) {
  const todo = apps.filter((app) => force || isStale(app));
  if (!todo.length) {
    console.log('Build: everything is up to date.');
    return true;
  }
  console.log(`Build: ${todo.join(', ')}`);
  const started = Date.now();
  let ok = true;
  const queue = [...todo];
  const worker = async () => {
    while (queue.length) ok = (await webpack(queue.shift())) && ok;
  };
  await Promise.all([worker(), worker()]);
  console.log(`Build ${ok ? 'finished' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  return ok;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const apps = args.filter((a) => !a.startsWith('--'));
  build({ force: args.includes('--force'), apps: apps.length ? apps : APPS }).then((ok) => process.exit(ok ? 0 : 1));
}
