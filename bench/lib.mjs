/**
 * Helpers shared by the benchmarks: a free port, the production server
 * started the way e2e/harness.ts starts it, peak memory of a process, and
 * small statistics.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiBuild } from '../scripts/lib/build-api.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts TCP connections on host:port within timeoutMs. */
export function portAnswers(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Memory of a Linux process from /proc: current and peak resident set (bytes), or null. */
export function processMemory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => {
      const match = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status);
      return match ? Number(match[1]) * 1024 : null;
    };
    return { rss: kb('VmRSS'), peakRss: kb('VmHWM') };
  } catch {
    return null;
  }
}

export function chromePath() {
  return [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean).find((p) => existsSync(p));
}

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
];

async function waitForHealth(url, child, output, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`the server did not answer within ${timeoutMs} ms:\n${output()}`);
}

/**
 * Starts the production server (API + built site) on a free port with its
 * own data folder, as e2e/harness.ts does. `env.DATABASE_URL` switches to
 * PostgreSQL. Returns { url, pid, memory(), stop() }.
 */
export async function startServer(env = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ministry-bench-'));
  // BENCH_DATA_TEMPLATE: a data folder made by `cli.ts prepare`, copied instead of creating the sample database each time.
  if (process.env.BENCH_DATA_TEMPLATE && !env.DATABASE_URL) cpSync(process.env.BENCH_DATA_TEMPLATE, dataDir, { recursive: true });
  let output = '';
  const started = Date.now();
  // The API's build, as production runs it (scripts/lib/build-api.mjs; built first when its code changed).
  const child = spawn(process.execPath, [await apiBuild('server')], {
    cwd: path.join(root, 'api'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      SITE_ROOT: root,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, () => output, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    pid: child.pid,
    startSeconds: (Date.now() - started) / 1000,
    memory: () => processMemory(child.pid),
    output: () => output,
    stop,
  };
}

/** Runs the API's command line (`api/dist/cli.js <args>`) in the api folder (the database of `env`); resolves with its output. */
export async function runCli(args, env = {}) {
  const cli = await apiBuild('cli');
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: path.join(root, 'api'),
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`cli.ts ${args[0]} exited with ${code}: ${output.slice(-500)}`)),
    );
  });
}

export function median(values) {
  const sorted = values.filter((v) => typeof v === 'number' && !Number.isNaN(v)).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export const kib = (bytes) => (bytes == null ? '–' : `${(bytes / 1024).toFixed(1)} KiB`);
export const mib = (bytes) => (bytes == null ? '–' : `${(bytes / 1024 / 1024).toFixed(0)} MiB`);

/** Runs fn, turning a throw into { error } so one failed part never stops the run. */
export async function attempt(name, log, fn) {
  try {
    return await fn();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`  ${name} failed: ${message.split('\n')[0]}`);
    return { error: message.slice(0, 2000) };
  }
}
