#!/usr/bin/env node
// `npm start`: install, build what is stale, then serve the whole site (API,
// shell, remotes, media) from one process on http://localhost:8080.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstall } from './ensure-install.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();

if (!ensureInstall()) process.exit(1);
// Imported once the workspace is installed: the build reads packages from it.
const { build } = await import('./build.mjs');
const { builtApi } = await import('./lib/build-api.mjs');
if (!(await build())) process.exit(1);

// Without PUBLIC_URL (and HOST), a try-out on this machine: served on 127.0.0.1 only, so the
// test-mode checkout it offers is reachable from nowhere else. A public site sets PUBLIC_URL
// (the server refuses to start in production without it once HOST is set).
const local =
  !process.env.PUBLIC_URL?.trim() && !process.env.HOST
    ? { HOST: '127.0.0.1', PUBLIC_URL: `http://localhost:${process.env.PORT || 8080}` }
    : {};
if (local.HOST) console.log('PUBLIC_URL is not set: serving on this machine only (set PUBLIC_URL to serve a public address).');
// The API's build (api/dist, made by build() above when its code changed).
const server = spawn(process.execPath, [builtApi('server')], {
  cwd: path.join(root, 'api'),
  stdio: 'inherit',
  env: { SITE_ROOT: root, NODE_ENV: 'production', ...local, ...process.env },
});
console.log(`Starting the server (${((Date.now() - started) / 1000).toFixed(1)}s so far)…`);

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
