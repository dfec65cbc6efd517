#!/usr/bin/env node
/**
 * `npm run dev`: every app's webpack dev server on its own port (its
 * app.json's devPort: the shell on 3000, the remotes on 3001–3004) and the
 * API on 8080, restarting on change.
 *
 * `npm run dev -- <remote>` (e.g. `npm run dev -- mfe-giving`): only that
 * remote, standalone on its port with its own pages, as its team works on
 * it; the API is started too unless one already answers on 8080.
 */
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { ensureInstall } from './ensure-install.mjs';
import { APP_DIRS, readApp, root } from './lib/apps.mjs';

if (!ensureInstall()) process.exit(1);

const API_PORT = 8080;
const webpackCli = path.join(root, 'node_modules/webpack-cli/bin/cli.js');
const [only] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (only && !APP_DIRS.includes(only)) {
  console.error(`Usage: npm run dev [-- <app>]\n  <app>: ${APP_DIRS.join(', ')}`);
  process.exit(2);
}

/** Whether something answers on a port of this machine. */
const answers = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const processes = [];
if (!(only && (await answers(API_PORT)))) processes.push(['api', ['--watch', '--import', 'tsx', 'src/server.ts'], 'api']);
else console.log(`An API already answers on ${API_PORT}: using it.`);
for (const dir of only ? [only] : APP_DIRS) processes.push([dir, [webpackCli, 'serve', '--mode', 'development'], dir]);

const children = processes.map(([label, args, cwd]) => {
  const child = spawn(process.execPath, args, {
    cwd: path.join(root, cwd),
    env: { SITE_ROOT: root, DEV_ORIGINS: 'true', ...process.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${label}]`.padEnd(16);
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) console.log(prefix, line);
    });
  }
  child.on('exit', (code) => console.log(prefix, `exited (${code})`));
  return child;
});

if (only) {
  const app = readApp(only);
  const first = app.pages.find((p) => !p.path.includes(':'))?.path ?? '/';
  console.log(`${only} standalone: http://localhost:${app.devPort}${first}  (API on http://localhost:${API_PORT})`);
} else {
  console.log(`Site: http://localhost:${readApp('shell').devPort}  (API on http://localhost:${API_PORT})`);
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill('SIGTERM');
    process.exit(0);
  });
}
