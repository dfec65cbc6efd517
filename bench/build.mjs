/**
 * Wall time of a full production build: `node scripts/build.mjs --force`
 * (a release of every app: the shell, then the remotes two at a time, each
 * built for the browser and the server and checked), with each app's own
 * time from its output.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './lib.mjs';

export async function benchBuild({ log = console.log } = {}) {
  log('Build: node scripts/build.mjs --force');
  const started = Date.now();
  let output = '';
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts/build.mjs'), '--force'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', resolve);
  });
  const seconds = (Date.now() - started) / 1000;
  const apps = Object.fromEntries(
    [...output.matchAll(/(\S+): release \S+ is live \(([\d.]+)s\)/g)].map((m) => [m[1], Number(m[2])]),
  );
  const failed = [...output.matchAll(/^\s*(\S+): release REFUSED/gm)].map((m) => m[1]);
  log(`  ${code === 0 ? 'built' : 'FAILED'} in ${seconds.toFixed(1)} s`);
  return {
    measuredAt: new Date().toISOString(),
    command: 'node scripts/build.mjs --force',
    ok: code === 0,
    seconds,
    apps,
    failed,
    output: code === 0 ? undefined : output.slice(-3000),
  };
}
