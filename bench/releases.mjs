/**
 * The renderer's memory across releases: the production server on a copy of
 * the built releases, then 20 releases of mfe-giving (each a copy of the
 * live release with its server code changed, so every one is new code to
 * load, published the way `npm run release` publishes), each followed by
 * page loads that render with it. Reports the server's resident memory (the
 * render workers are threads of it) before, after and at its highest; the
 * target: within 100 MiB of where it started.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { processMemory, root, sleep, startServer } from './lib.mjs';
import { publishRelease, readPointer } from '../scripts/lib/release-store.mjs';

export const RELEASES = 20;
export const GROWTH_TARGET_BYTES = 100 * 1024 * 1024;

async function loadPages(url, times) {
  for (let i = 0; i < times; i++) {
    const response = await fetch(`${url}/events`, { headers: { accept: 'text/html' } });
    await response.text();
  }
}

export async function benchReleases({ log = console.log } = {}) {
  const releases = mkdtempSync(path.join(tmpdir(), 'ministry-bench-releases-'));
  cpSync(path.join(root, 'releases'), releases, { recursive: true });
  const giving = path.join(releases, 'mfe-giving');
  log(`Releases: ${RELEASES} releases of mfe-giving on a running server`);
  const server = await startServer({ RELEASES_DIR: releases });
  try {
    await loadPages(server.url, 20);
    await sleep(1000);
    const start = processMemory(server.pid).rss;
    let highest = start;
    const seen = [];
    for (let n = 1; n <= RELEASES; n++) {
      const live = readPointer(giving).release;
      const staging = path.join(giving, `.staging-bench-${n}`);
      cpSync(path.join(giving, live), staging, { recursive: true });
      rmSync(path.join(staging, 'release.json'));
      const entry = path.join(staging, 'server/remoteEntry.js');
      writeFileSync(entry, readFileSync(entry, 'utf8').replaceAll(/Recent Events( #\d+)?/g, `Recent Events #${n}`));
      const id = `20990101-${String(n).padStart(6, '0')}-${Math.random().toString(16).slice(2, 8).padEnd(6, '0')}`;
      publishRelease(giving, { app: 'mfe-giving', name: 'mfe_giving', id, staging });
      await loadPages(server.url, 5);
      const html = await (await fetch(`${server.url}/events`, { headers: { accept: 'text/html' } })).text();
      seen.push(html.includes(`Recent Events #${n}`));
      highest = Math.max(highest, processMemory(server.pid).rss);
    }
    await sleep(2000); // the former releases' workers stop once idle
    await loadPages(server.url, 10);
    const end = processMemory(server.pid).rss;
    highest = Math.max(highest, end);
    const result = {
      measuredAt: new Date().toISOString(),
      releases: RELEASES,
      renderedEachRelease: seen.every(Boolean),
      startRss: start,
      endRss: end,
      highestRss: highest,
      growth: end - start,
      targetGrowth: GROWTH_TARGET_BYTES,
    };
    log(
      `  resident memory ${(start / 2 ** 20).toFixed(0)} MiB -> ${(end / 2 ** 20).toFixed(0)} MiB (highest ${(highest / 2 ** 20).toFixed(0)} MiB)`,
    );
    return result;
  } finally {
    await server.stop();
    rmSync(releases, { recursive: true, force: true });
  }
}
