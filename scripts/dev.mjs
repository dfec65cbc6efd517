#!/usr/bin/env node
// `npm run dev`: every app's webpack dev server on its own port (shell 3000,
// remotes 3001-3004) and the API on 8080 (restarting on change).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstall } from './ensure-install.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!ensureInstall()) process.exit(1);

const webpackCli = path.join(root, 'node_modules/webpack-cli/bin/cli.js');
const processes = [
  ['api', ['--watch', '--import', 'tsx', 'src/server.ts'], 'api'],
  ['shell', [webpackCli, 'serve', '--mode', 'development'], 'shell'],
  ['content', [webpackCli, 'serve', '--mode', 'development'], 'mfe-content'],
  ['community', [webpackCli, 'serve', '--mode', 'development'], 'mfe-community'],
  ['account', [webpackCli, 'serve', '--mode', 'development'], 'mfe-account'],
  ['giving', [webpackCli, 'serve', '--mode', 'development'], 'mfe-giving'],
];

const children = processes.map(([label, args, cwd]) => {
  const child = spawn(process.execPath, args, {
    cwd: path.join(root, cwd),
    env: { SITE_ROOT: root, DEV_ORIGINS: 'true', ...process.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${label}]`.padEnd(12);
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) console.log(prefix, line);
    });
  }
  child.on('exit', (code) => console.log(prefix, `exited (${code})`));
  return child;
});

console.log('Site: http://localhost:3000  (API on http://localhost:8080)');
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill('SIGTERM');
    process.exit(0);
  });
}
