/**
 * Pages under load, on the production server:
 * - pages: `/`, `/events`, `/daily-devotion`, `/community` served per second
 *   (autocannon, 50 connections, brotli accepted) beside a bare node:http
 *   server sending the same bytes with the same content type and encoding
 *   (the target: a page at 80% of it or more, p99 under 50 ms), and, for
 *   reference, a static file of the same bytes served by the same server
 *   (@fastify/static), all three taking turns; on PGlite, and with WORKERS=2
 *   on PostgreSQL + Redis when they answer;
 * - api-under-load: `GET /api/events` p99 alone, then while the four pages
 *   are loaded at once (by a crowd in its own process: crowd.mjs), and, for
 *   reference, while the same crowd loads a static file.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { startBare, throwawayPostgres } from './api.mjs';
import { crowd } from './crowd.mjs';
import { probe } from './probe.mjs';
import { attempt, portAnswers, root, startServer } from './lib.mjs';

export const LOAD_PAGES = ['/', '/events', '/daily-devotion', '/community'];
export const PAGE_CONNECTIONS = 50;
export const PAGE_RATIO_TARGET = 0.8;
export const PAGE_P99_TARGET_MS = 50;
export const API_P99_TARGET = 2;
const ROUNDS = 3;
const BROTLI = { 'accept-encoding': 'br, gzip' };

export function load(url, { seconds, connections = PAGE_CONNECTIONS, headers = BROTLI }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, pipelining: 1, timeout: 10, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** Requests per second over all rounds; latencies from the median round. */
export function summarize(rounds) {
  const seconds = rounds.reduce((sum, r) => sum + r.duration, 0);
  const requests = rounds.reduce((sum, r) => sum + r.requests.total, 0);
  const median = [...rounds].sort((a, b) => a.requests.average - b.requests.average)[Math.floor(rounds.length / 2)];
  return {
    requestsPerSecond: Math.round(requests / seconds),
    latencyP50Ms: median.latency.p50,
    latencyP99Ms: median.latency.p99,
    requests,
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    errors: rounds.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
  };
}

/** The page as a visitor gets it with brotli accepted: the bytes on the wire, and its HTML's size. */
export function pageBytes(url, headers = BROTLI) {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`${url} answered ${res.statusCode}`));
        const wire = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'] ?? null;
        const html = encoding === 'br' ? brotliDecompressSync(wire) : encoding === 'gzip' ? gunzipSync(wire) : wire;
        resolve({ html: html.length, wire, encoding });
      });
    }).on('error', reject);
  });
}

/** Asks for the page until the server answers it from its kept copy (an ETag), for up to a minute. */
async function keptPage(url) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const res = await fetch(url, { headers: { ...BROTLI, accept: 'text/html' } });
    await res.arrayBuffer();
    if (res.headers.get('etag')) return;
  }
  throw new Error(`${url} was never answered from the page cache`);
}

async function measurePages(server, { seconds, warmupSeconds, log }) {
  const pages = {};
  // Each page as it is kept (on a busy machine its first render may be left to the browser, and not kept).
  for (const page of LOAD_PAGES) await keptPage(server.url + page);
  // The same bytes from a bare node:http server: the runtime's own speed, the target's reference.
  const captured = await Promise.all(LOAD_PAGES.map((page) => pageBytes(server.url + page)));
  const bare = await startBare(
    Object.fromEntries(
      LOAD_PAGES.map((page, i) => [
        page,
        {
          contentType: 'text/html; charset=utf-8',
          body: captured[i].wire.toString('base64'),
          headers: captured[i].encoding ? { 'content-encoding': captured[i].encoding } : {},
        },
      ]),
    ),
  );
  try {
    for (const [i, page] of LOAD_PAGES.entries())
      pages[page] = await measurePage(server, bare, page, i, captured[i], { seconds, warmupSeconds, log });
  } finally {
    await bare.stop();
  }
  return pages;
}

async function measurePage(server, bare, page, i, { html, wire, encoding }, { seconds, warmupSeconds, log }) {
  // A file of the same size as what goes over the wire, served by the same server from its media folder.
  const name = `bench-static-${process.pid}-${i}.bin`;
  const file = path.join(root, 'api/content/media', name);
  writeFileSync(file, wire);
  try {
    const staticUrl = `${server.url}/media/${name}`;
    log(
      `  ${page} (${(html / 1024).toFixed(1)} KiB HTML, ${(wire.length / 1024).toFixed(1)} KiB ${encoding ?? 'identity'}): ${seconds} s beside bare node:http and a static file of the same bytes, in ${ROUNDS} turns`,
    );
    await load(server.url + page, { seconds: warmupSeconds });
    await load(bare.url + page, { seconds: warmupSeconds });
    await load(staticUrl, { seconds: warmupSeconds });
    const pageRounds = [];
    const bareRounds = [];
    const staticRounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      pageRounds.push(await load(server.url + page, { seconds: seconds / ROUNDS }));
      bareRounds.push(await load(bare.url + page, { seconds: seconds / ROUNDS }));
      staticRounds.push(await load(staticUrl, { seconds: seconds / ROUNDS }));
    }
    const served = summarize(pageRounds);
    const bare_ = summarize(bareRounds);
    const file_ = summarize(staticRounds);
    const ratio = bare_.requestsPerSecond ? served.requestsPerSecond / bare_.requestsPerSecond : null;
    const staticRatio = file_.requestsPerSecond ? served.requestsPerSecond / file_.requestsPerSecond : null;
    log(
      `    page ${served.requestsPerSecond}/s (p50 ${served.latencyP50Ms} ms, p99 ${served.latencyP99Ms} ms), bare ${bare_.requestsPerSecond}/s: ${(ratio * 100).toFixed(0)}%; static ${file_.requestsPerSecond}/s: ${(staticRatio * 100).toFixed(0)}%`,
    );
    return {
      htmlBytes: html,
      wireBytes: wire.length,
      encoding,
      page: served,
      bare: bare_,
      static: file_,
      ratio,
      staticRatio,
      met: ratio !== null && ratio >= PAGE_RATIO_TARGET && served.latencyP99Ms < PAGE_P99_TARGET_MS,
    };
  } finally {
    rmSync(file, { force: true });
  }
}

export async function benchPages({ quick = false, postgres = true, log = console.log } = {}) {
  const seconds = quick ? 3 : 15;
  const warmupSeconds = quick ? 1 : 2;
  const setups = {};
  log('Pages on PGlite (WORKERS=1): starting the server');
  setups.pglite = await attempt('pages on PGlite', log, async () => {
    const server = await startServer({});
    try {
      return {
        label: 'PGlite, 1 process',
        pages: await measurePages(server, { seconds, warmupSeconds, log }),
        serverPeakRss: server.memory()?.peakRss ?? null,
      };
    } finally {
      await server.stop();
    }
  });
  if (!postgres) setups.postgres = { skipped: 'not asked for (--no-pg)' };
  else if (!(await portAnswers(6379))) setups.postgres = { skipped: 'no Redis answers on 127.0.0.1:6379' };
  else {
    const pg = await attempt('PostgreSQL setup', log, () => throwawayPostgres(log));
    if (!pg.url) setups.postgres = { skipped: pg.skipped ?? pg.error };
    else {
      try {
        log('Pages on PostgreSQL + Redis, WORKERS=2: starting the server');
        setups.postgres = await attempt('pages on PostgreSQL', log, async () => {
          const server = await startServer({
            DATABASE_URL: pg.url,
            REDIS_URL: 'redis://127.0.0.1:6379',
            REDIS_PREFIX: `bench-${process.pid}:`,
            WORKERS: '2',
          });
          try {
            return { label: 'PostgreSQL + Redis, WORKERS=2', pages: await measurePages(server, { seconds, warmupSeconds, log }) };
          } finally {
            await server.stop();
          }
        });
      } finally {
        await pg.drop();
      }
    }
  }
  if (setups.postgres?.skipped) log(`Pages on PostgreSQL skipped: ${setups.postgres.skipped}`);
  return {
    measuredAt: new Date().toISOString(),
    connections: PAGE_CONNECTIONS,
    seconds,
    rounds: ROUNDS,
    ratioTarget: PAGE_RATIO_TARGET,
    p99TargetMs: PAGE_P99_TARGET_MS,
    reference: 'bare',
    setups,
  };
}

export async function benchApiUnderLoad({ quick = false, log = console.log } = {}) {
  const seconds = quick ? 4 : 15;
  const apiConnections = 10;
  const perPage = Math.max(1, Math.floor(PAGE_CONNECTIONS / LOAD_PAGES.length));
  log('API under page load (PGlite): starting the server');
  const server = await startServer({});
  // The reference crowd: a static file of the home page's bytes, served by the same server.
  const name = `bench-static-${process.pid}-crowd.bin`;
  const file = path.join(root, 'api/content/media', name);
  try {
    const events = `${server.url}/api/events`;
    for (const page of LOAD_PAGES) await fetch(server.url + page, { headers: BROTLI });
    writeFileSync(file, (await pageBytes(server.url + '/')).wire);
    await probe(events, { seconds: 1, connections: apiConnections });
    log(`  GET /api/events alone, ${apiConnections} connections, ${seconds} s`);
    const alone = await probe(events, { seconds, connections: apiConnections });
    log(`    ${alone.requestsPerSecond}/s, p99 ${alone.latencyP99Ms} ms`);
    /** The probe's figures while a crowd (its own process, lowest priority: crowd.mjs) loads `urls`. */
    const beside = async (urls) => {
      const crowded = crowd({ urls, connections: perPage, seconds: seconds + 2, headers: BROTLI });
      crowded.catch(() => undefined);
      // The crowd starts, then the probe measures within its run.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const probed = await probe(events, { seconds, connections: apiConnections });
      const results = await crowded;
      return { probe: probed, crowd: Object.fromEntries(urls.map((url) => [new URL(url).pathname, summarize([results[url]])])) };
    };
    log(`  GET /api/events while ${LOAD_PAGES.length} pages take ${perPage * LOAD_PAGES.length} connections between them`);
    const paged = await beside(LOAD_PAGES.map((page) => server.url + page));
    const underLoad = paged.probe;
    const factor = alone.latencyP99Ms ? underLoad.latencyP99Ms / alone.latencyP99Ms : null;
    log(
      `    ${underLoad.requestsPerSecond}/s, p99 ${underLoad.latencyP99Ms} ms (${factor?.toFixed(1)}× alone); pages ${Object.values(paged.crowd).reduce((s, p) => s + p.requestsPerSecond, 0)}/s in all`,
    );
    log(`  GET /api/events while the same connections load a static file of the home page's bytes (reference)`);
    const filed = await beside(LOAD_PAGES.map(() => `${server.url}/media/${name}`));
    log(`    ${filed.probe.requestsPerSecond}/s, p99 ${filed.probe.latencyP99Ms} ms`);
    return {
      measuredAt: new Date().toISOString(),
      seconds,
      apiConnections,
      pageConnections: perPage * LOAD_PAGES.length,
      alone,
      underLoad,
      pages: paged.crowd,
      underStaticLoad: filed.probe,
      staticServed: Object.values(filed.crowd).reduce((s, p) => s + p.requestsPerSecond, 0),
      factor,
      target: API_P99_TARGET,
      met: factor !== null && factor <= API_P99_TARGET,
    };
  } finally {
    rmSync(file, { force: true });
    await server.stop();
  }
}
