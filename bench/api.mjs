/**
 * API throughput: GET /api/devotionals and GET /api/events at 100
 * connections with autocannon, on the real server (PGlite, and PostgreSQL
 * when one answers on 127.0.0.1:5432), each beside a bare node:http server
 * sending the same bytes, measured one after the other in the same run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { attempt, freePort, portAnswers, root, sleep, startServer } from './lib.mjs';

export const ENDPOINTS = ['/api/devotionals', '/api/events'];
export const CONNECTIONS = 100;
export const RATIO_TARGET = 0.6;
/** The API and the bare server take turns, so a drift of the machine's speed during the run touches both alike. */
export const ROUNDS = 3;

function load(url, seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds, pipelining: 1, timeout: 10 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/**
 * One figure from several rounds of the same load: requests per second over
 * all of them, latencies and the rest from the median round (by req/s).
 */
function summarize(rounds) {
  const seconds = rounds.reduce((sum, r) => sum + r.duration, 0);
  const requests = rounds.reduce((sum, r) => sum + r.requests.total, 0);
  const median = [...rounds].sort((a, b) => a.requests.average - b.requests.average)[Math.floor(rounds.length / 2)];
  return {
    requestsPerSecond: Math.round(requests / seconds),
    rounds: rounds.map((r) => Math.round(r.requests.average)),
    latencyP50Ms: median.latency.p50,
    latencyP99Ms: median.latency.p99,
    latencyMaxMs: Math.max(...rounds.map((r) => r.latency.max)),
    requests,
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    timeouts: rounds.reduce((sum, r) => sum + r.timeouts, 0),
    bytesPerSecond: Math.round(rounds.reduce((sum, r) => sum + r.throughput.total, 0) / seconds),
  };
}

export async function startBare(responses) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ministry-bare-'));
  const file = path.join(dir, 'responses.json');
  writeFileSync(file, JSON.stringify(responses));
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'bench/bare-server.mjs'), file, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the bare server did not start')), 10_000);
    child.stdout.on('data', (d) => {
      if (String(d).includes('READY')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await sleep(100);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Creates a throwaway PostgreSQL database; returns { url, drop() } or { skipped }. */
export async function throwawayPostgres(log) {
  if (!(await portAnswers(5432))) return { skipped: 'no PostgreSQL answers on 127.0.0.1:5432' };
  const requireFromApi = createRequire(path.join(root, 'api/package.json'));
  const { Client } = requireFromApi('pg');
  const admin = 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `ministry_bench_${Date.now().toString(36)}_${process.pid}`;
  const client = new Client({ connectionString: admin });
  try {
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    return { skipped: `PostgreSQL answers on 5432 but a database could not be created: ${error.message}` };
  } finally {
    await client.end().catch(() => {});
  }
  log(`  created the throwaway database ${name}`);
  return {
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    drop: async () => {
      const c = new Client({ connectionString: admin });
      try {
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        log(`  dropped ${name}`);
      } catch (error) {
        log(`  could not drop ${name}: ${error.message}`);
      } finally {
        await c.end().catch(() => {});
      }
    },
  };
}

/** Measures each path on the API and on a bare server with the same bytes, taking turns. */
async function measureServer(server, paths, { seconds, warmupSeconds, log }) {
  const responses = {};
  for (const endpoint of paths) {
    const res = await fetch(server.url + endpoint);
    if (!res.ok) throw new Error(`${endpoint} answered ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    responses[endpoint] = {
      contentType: res.headers.get('content-type') ?? 'application/json',
      body: body.toString('base64'),
      bytes: body.length,
    };
  }
  const bare = await startBare(responses);
  const endpoints = {};
  try {
    for (const endpoint of paths) {
      log(
        `  ${endpoint} (${(responses[endpoint].bytes / 1024).toFixed(1)} KiB): warm-up, then ${seconds} s on the API and ${seconds} s on bare node:http in ${ROUNDS} turns each`,
      );
      await load(server.url + endpoint, warmupSeconds);
      await load(bare.url + endpoint, warmupSeconds);
      const apiRounds = [];
      const bareRounds = [];
      for (let round = 0; round < ROUNDS; round++) {
        apiRounds.push(await load(server.url + endpoint, seconds / ROUNDS));
        bareRounds.push(await load(bare.url + endpoint, seconds / ROUNDS));
      }
      const api = summarize(apiRounds);
      const baseline = summarize(bareRounds);
      const ratio = baseline.requestsPerSecond ? api.requestsPerSecond / baseline.requestsPerSecond : null;
      endpoints[endpoint] = {
        bodyBytes: responses[endpoint].bytes,
        api,
        bare: baseline,
        ratio,
        met: ratio !== null && ratio >= RATIO_TARGET,
      };
      log(
        `    API ${api.requestsPerSecond} req/s (p50 ${api.latencyP50Ms} ms, p99 ${api.latencyP99Ms} ms), bare ${baseline.requestsPerSecond} req/s: ${(ratio * 100).toFixed(0)}%`,
      );
    }
  } finally {
    await bare.stop();
  }
  return endpoints;
}

/**
 * Resident memory of PGlite alone (a fresh database opened in a bare node
 * process), to tell the embedded database's share of the server's memory.
 */
function pgliteAloneRss() {
  return new Promise((resolve) => {
    const code = `
      import { PGlite } from '@electric-sql/pglite';
      import { mkdtempSync, rmSync } from 'node:fs';
      import { tmpdir } from 'node:os';
      import path from 'node:path';
      const dir = mkdtempSync(path.join(tmpdir(), 'ministry-pglite-'));
      const db = await PGlite.create({ dataDir: dir });
      await db.query('SELECT 1');
      const fresh = process.memoryUsage().rss;
      await db.close();
      rmSync(dir, { recursive: true, force: true });
      console.log(JSON.stringify({ fresh }));`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
      cwd: path.join(root, 'api'),
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('close', () => {
      try {
        resolve(JSON.parse(out.trim().split('\n').pop()).fresh);
      } catch {
        resolve(null);
      }
    });
  });
}

export async function benchApi({ quick = false, postgres = true, log = console.log } = {}) {
  const seconds = quick ? 3 : 10;
  const warmupSeconds = quick ? 1 : 2;
  const referenceSeconds = quick ? 2 : 5;
  const databases = {};
  let peakRss = 0;

  const runOn = async (label, env) => {
    log(`API on ${label}: starting the server`);
    const server = await startServer(env);
    log(`  ready in ${server.startSeconds.toFixed(1)} s`);
    try {
      const rssAfterStart = server.memory()?.rss ?? null;
      const endpoints = await measureServer(server, ENDPOINTS, { seconds, warmupSeconds, log });
      // References that tell where the time goes: Fastify with no database
      // work (/config.json), and one trivial query (/api/health: SELECT 1).
      log('  references: what the framework alone and one database round trip cost');
      const references = await measureServer(server, label === 'PGlite' ? ['/config.json', '/api/health'] : ['/api/health'], {
        seconds: referenceSeconds,
        warmupSeconds: 1,
        log,
      });
      const memory = server.memory();
      if (memory?.peakRss) peakRss = Math.max(peakRss, memory.peakRss);
      return {
        endpoints,
        references,
        serverRssAfterStart: rssAfterStart,
        serverPeakRss: memory?.peakRss ?? null,
        serverStartSeconds: server.startSeconds,
      };
    } finally {
      await server.stop();
    }
  };

  databases.pglite = await attempt('API on PGlite', log, () => runOn('PGlite', {}));

  if (postgres) {
    const pg = await attempt('PostgreSQL setup', log, () => throwawayPostgres(log));
    if (pg.url) {
      try {
        databases.postgres = await attempt('API on PostgreSQL', log, () => runOn('PostgreSQL', { DATABASE_URL: pg.url }));
      } finally {
        await pg.drop();
      }
    } else {
      databases.postgres = { skipped: pg.skipped ?? pg.error };
      log(`API on PostgreSQL skipped: ${databases.postgres.skipped}`);
    }
  } else {
    databases.postgres = { skipped: 'not asked for (--no-pg)' };
  }

  const pgliteRss = await pgliteAloneRss();
  return {
    measuredAt: new Date().toISOString(),
    pgliteAloneRss: pgliteRss,
    connections: CONNECTIONS,
    seconds,
    rounds: ROUNDS,
    warmupSeconds,
    ratioTarget: RATIO_TARGET,
    databases,
    serverPeakRss: peakRss || null,
  };
}
