#!/usr/bin/env node
// `npm run bench`: measures the figures of DESIGN.md section 4 and writes
// bench/results/latest.md and latest.json. It reports; it never fails the run.
//
//   npm run bench                      everything (about half an hour on 2 cores)
//   npm run bench -- --quick           shorter loads, one Lighthouse run per page
//   npm run bench -- --only api        only some parts (comma-separated): build, api, web, releases,
//                                      pages, api-under-load, rush, archive, lighthouse, low-end, inp,
//                                      photos, media
//   npm run bench -- --no-pg           skip PostgreSQL even when one answers on 5432
//   npm run bench -- --runs 5          Lighthouse runs per page (default 3, 1 with --quick)
//   npm run bench -- --pages /,/about  Lighthouse on these pages only
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstall } from './ensure-install.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'bench/results');
const PARTS = [
  'build',
  'api',
  'web',
  'releases',
  'pages',
  'api-under-load',
  'rush',
  'archive',
  'lighthouse',
  'low-end',
  'inp',
  'photos',
  'media',
];

function parseArgs(argv) {
  const options = { quick: false, postgres: true, only: new Set(PARTS), runs: null, pages: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => (arg.includes('=') ? arg.split('=').slice(1).join('=') : argv[++i]);
    if (arg === '--quick') options.quick = true;
    else if (arg === '--no-pg') options.postgres = false;
    else if (arg.startsWith('--only')) {
      const parts = String(value() ?? '')
        .split(',')
        .filter(Boolean);
      const unknown = parts.filter((p) => !PARTS.includes(p));
      if (unknown.length || !parts.length)
        throw new Error(`--only takes ${PARTS.join(', ')} (comma-separated), not ${unknown.join(',') || 'nothing'}`);
      options.only = new Set(parts);
    } else if (arg.startsWith('--runs')) options.runs = Math.max(1, Number(value()) || 1);
    else if (arg.startsWith('--pages')) options.pages = String(value()).split(',').filter(Boolean);
    else if (arg === '--help' || arg === '-h') {
      console.log(
        readFileSync(fileURLToPath(import.meta.url), 'utf8')
          .split('\n')
          .slice(1, 12)
          .join('\n')
          .replace(/^\/\/ ?/gm, ''),
      );
      process.exit(0);
    } else throw new Error(`unknown option ${arg}`);
  }
  return options;
}

function otherWebpackProcesses() {
  const ps = spawnSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return (ps.stdout ?? '').split('\n').filter((line) => /webpack/.test(line) && !line.includes('ps -eo')).length;
}

function environment(chrome) {
  const version = chrome ? spawnSync(chrome, ['--version'], { encoding: 'utf8' }).stdout?.trim() : null;
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model?.trim() ?? 'unknown CPU',
    memoryBytes: os.totalmem(),
    node: process.version,
    chromium: version || null,
    loadAverage: os.loadavg(),
    otherWebpackProcesses: otherWebpackProcesses(),
  };
}

async function main() {
  const args = process.argv.slice(2);
  const options = parseArgs(args);
  const started = Date.now();
  const log = (line) => console.log(line);

  if (!ensureInstall()) {
    console.error('bench: the workspace could not be installed; nothing measured.');
    return;
  }
  const { attempt, chromePath, startServer } = await import('../bench/lib.mjs');
  const chrome = chromePath();
  const env = environment(chrome);
  if (env.otherWebpackProcesses)
    log(`Note: ${env.otherWebpackProcesses} other webpack processes are running; the figures will be noisier.`);

  const results = {
    startedAt: new Date(started).toISOString(),
    args,
    options: { ...options, only: [...options.only] },
    environment: env,
  }; // Other work on the machine makes the figures noisy: keep the highest load seen.
  let peakLoad = os.loadavg()[0];
  const sampler = setInterval(() => (peakLoad = Math.max(peakLoad, os.loadavg()[0])), 5000);
  sampler.unref();

  // 1. The build first, so the web figures are of what it built.
  if (options.only.has('build')) {
    const { benchBuild } = await import('../bench/build.mjs');
    results.build = await attempt('build', log, () => benchBuild({ log }));
  }

  // 2. The API on PGlite and PostgreSQL, beside bare node:http.
  if (options.only.has('api')) {
    const { benchApi } = await import('../bench/api.mjs');
    results.api = await attempt('API', log, () => benchApi({ quick: options.quick, postgres: options.postgres, log }));
  }

  // 3. Lighthouse and the home page's JavaScript, on one server.
  if (options.only.has('web')) {
    results.web = await attempt('web', log, async () => {
      if (!chrome) return { error: 'no Chromium (set CHROME_PATH or apt-get install chromium)' };
      const { build, isStale, APPS } = await import('./build.mjs');
      if (APPS.some(isStale)) {
        log('Web: building the stale apps first (not timed)');
        await build();
      }
      const { benchHomeJs, benchLighthouse, PAGES } = await import('../bench/web.mjs');
      log('Web: starting the server (PGlite)');
      const server = await startServer({});
      try {
        const homeJs = await attempt('home page JS', log, () => benchHomeJs({ siteUrl: server.url, log }));
        const lighthouse = await attempt('Lighthouse', log, () =>
          benchLighthouse({
            siteUrl: server.url,
            runs: options.runs ?? (options.quick ? 1 : 3),
            pages: options.pages ?? PAGES,
            log,
          }),
        );
        return { homeJs, lighthouse, serverPeakRss: server.memory()?.peakRss ?? null };
      } finally {
        await server.stop();
      }
    });
  }

  // 4. The server's memory across 20 releases of one remote.
  if (options.only.has('releases')) {
    const { benchReleases } = await import('../bench/releases.mjs');
    const { build, isStale, APPS } = await import('./build.mjs');
    if (APPS.some(isStale)) await build();
    results.releases = await attempt('releases', log, () => benchReleases({ log }));
  }

  // 5. Pages under load beside a static file, and the API while pages are under load.
  const needsBuild = ['pages', 'api-under-load', 'rush', 'archive', 'lighthouse', 'low-end', 'inp', 'photos'].some((p) =>
    options.only.has(p),
  );
  if (needsBuild) {
    const { build, isStale, APPS } = await import('./build.mjs');
    if (APPS.some(isStale)) {
      log('Building the stale apps first (not timed)');
      await build();
    }
  }
  if (options.only.has('pages')) {
    const { benchPages } = await import('../bench/load.mjs');
    results.pages = await attempt('pages', log, () => benchPages({ quick: options.quick, postgres: options.postgres, log }));
  }
  if (options.only.has('api-under-load')) {
    const { benchApiUnderLoad } = await import('../bench/load.mjs');
    results['api-under-load'] = await attempt('API under load', log, () => benchApiUnderLoad({ quick: options.quick, log }));
  }

  // 6. The Sunday rush: members reading, liking, posting and buying at once.
  if (options.only.has('rush')) {
    const { benchRush } = await import('../bench/rush.mjs');
    results.rush = await attempt('rush', log, () => benchRush({ quick: options.quick, postgres: options.postgres, log }));
  }

  // 7. Page weights with the sample content and with years of archive.
  if (options.only.has('archive')) {
    const { benchArchive } = await import('../bench/content.mjs');
    results.archive = await attempt('archive', log, () => benchArchive({ log }));
  }

  // 8. Lighthouse with the CPU slowed to a mid-range phone's, calibrated on this machine.
  if (options.only.has('lighthouse')) {
    results.lighthouse = await attempt('calibrated Lighthouse', log, async () => {
      if (!chrome) return { error: 'no Chromium (set CHROME_PATH or apt-get install chromium)' };
      const { benchLighthouseCalibrated, PAGES } = await import('../bench/web.mjs');
      log('Lighthouse, calibrated: starting the server (PGlite)');
      const server = await startServer({});
      try {
        return await benchLighthouseCalibrated({
          siteUrl: server.url,
          runs: options.runs ?? (options.quick ? 1 : 3),
          pages: options.pages ?? PAGES,
          log,
        });
      } finally {
        await server.stop();
      }
    });
  }

  // 8b. Lighthouse with the CPU slowed 12× (a low-end Android phone), and the taps' INP at 4×.
  if (options.only.has('low-end')) {
    results['low-end'] = await attempt('low-end Lighthouse', log, async () => {
      if (!chrome) return { error: 'no Chromium (set CHROME_PATH or apt-get install chromium)' };
      const { benchLighthouse, LOW_END_PAGES, LOW_END_CPU_SLOWDOWN, LOW_END_PERFORMANCE_TARGET, TARGETS } =
        await import('../bench/web.mjs');
      log(`Lighthouse, CPU slowed ${LOW_END_CPU_SLOWDOWN}×: starting the server (PGlite)`);
      const server = await startServer({});
      try {
        const result = await benchLighthouse({
          siteUrl: server.url,
          runs: options.runs ?? (options.quick ? 1 : 3),
          pages: options.pages ?? LOW_END_PAGES,
          log,
          cpuSlowdownMultiplier: LOW_END_CPU_SLOWDOWN,
        });
        const targets = { ...TARGETS, performance: LOW_END_PERFORMANCE_TARGET };
        for (const page of Object.values(result.pages))
          if (page.met) page.met.performance = page.scores.performance !== null && page.scores.performance >= targets.performance;
        return { ...result, targets };
      } finally {
        await server.stop();
      }
    });
  }
  if (options.only.has('inp')) {
    results.inp = await attempt('INP', log, async () => {
      if (!chrome) return { error: 'no Chromium (set CHROME_PATH or apt-get install chromium)' };
      const { benchInp, INP_MEMBER } = await import('../bench/inp.mjs');
      log('INP: starting the server (PGlite)');
      const server = await startServer({ ADMIN_EMAIL: INP_MEMBER.email, ADMIN_PASSWORD: INP_MEMBER.password });
      try {
        // Seven taps each: on a 2-core machine one tap's INP moves by ±100 ms between runs; the median of three did not hold still.
        return await benchInp({ siteUrl: server.url, runs: options.quick ? 1 : 7, log });
      } finally {
        await server.stop();
      }
    });
  }

  // 9. Large photographs as the home page's images: what a phone downloads, and Lighthouse on /.
  if (options.only.has('photos')) {
    const { benchPhotos } = await import('../bench/content.mjs');
    results.photos = await attempt('photos', log, () =>
      benchPhotos({
        quick: options.quick,
        runs: options.runs ?? 3,
        cpuSlowdownMultiplier: results.lighthouse?.cpuSlowdownMultiplier ?? null,
        log,
      }),
    );
  }

  // 10. Sermon audio served with byte ranges, beside a static file of the same bytes.
  if (options.only.has('media')) {
    const { benchMedia } = await import('../bench/media.mjs');
    results.media = await attempt('media', log, () => benchMedia({ quick: options.quick, log }));
  }

  // Sections not measured this time are carried over from the last report.
  const latestJson = path.join(resultsDir, 'latest.json');
  if (options.only.size < PARTS.length && existsSync(latestJson)) {
    try {
      const previous = JSON.parse(readFileSync(latestJson, 'utf8'));
      results.carriedOver = {};
      for (const part of PARTS) {
        if (!options.only.has(part) && previous[part]) {
          results[part] = previous[part];
          results.carriedOver[part] = previous.carriedOver?.[part] ?? previous.startedAt;
        }
      }
    } catch {
      // an unreadable old report is simply not carried over
    }
  }

  results.seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  env.peakLoadAverage = peakLoad;
  const { renderMarkdown } = await import('../bench/report.mjs');
  mkdirSync(resultsDir, { recursive: true });
  const write = (name, text) => {
    const file = path.join(resultsDir, name);
    writeFileSync(`${file}.tmp`, text);
    renameSync(`${file}.tmp`, file);
  };
  write('latest.json', JSON.stringify(results, null, 2) + '\n');
  write('latest.md', renderMarkdown(results) + '\n');
  log(`\nBench done in ${(results.seconds / 60).toFixed(1)} min: bench/results/latest.md`);
}

main()
  .catch((error) => {
    console.error(`bench: ${error instanceof Error ? error.stack : error}`);
  })
  .finally(() => {
    // A report, never a failure.
    process.exit(0);
  });
