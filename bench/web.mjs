/**
 * The web benchmarks, on the production build served by the real server:
 * - Lighthouse 12 (mobile, simulated throttling) on the main pages, the
 *   median of N runs, with the audits that keep a page under target;
 * - the JavaScript the home page loads before it is interactive (until the
 *   network is idle), per app, as transferred and as gzip.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROME_FLAGS, chromePath, median, root } from './lib.mjs';

export const PAGES = ['/', '/events', '/daily-devotion', '/community', '/about'];
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
export const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
export const JS_TARGET_BYTES = 170 * 1024;
/** Lighthouse with the CPU slowed 12× (a low-end Android phone) on these pages. */
export const LOW_END_PAGES = ['/', '/events', '/daily-devotion', '/community', '/about', '/sermons', '/calendar'];
export const LOW_END_CPU_SLOWDOWN = 12;
export const LOW_END_PERFORMANCE_TARGET = 90;

/** Each app's federation name -> its folder, from the manifests. */
const APP_DIRS = Object.fromEntries(
  ['shell', ...JSON.parse(readFileSync(path.join(root, 'config/remotes.json'), 'utf8'))].map((dir) => [
    JSON.parse(readFileSync(path.join(root, dir, 'app.json'), 'utf8')).name,
    dir,
  ]),
);

/** The browser files of an app's live release. */
function liveBrowserDir(dir) {
  try {
    const { release } = JSON.parse(readFileSync(path.join(root, 'releases', dir, 'live.json'), 'utf8'));
    return path.join(root, 'releases', dir, release, 'browser');
  } catch {
    return null;
  }
}
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

/** What an audit found, in a few words: the elements or URLs it names. */
function auditItems(audit, max = 4) {
  let items = Array.isArray(audit.details?.items) ? audit.details.items : [];
  // A 'list' detail holds tables: look inside them.
  items = items.flatMap((item) => (Array.isArray(item?.items) ? item.items : [item]));
  const out = [];
  for (const item of items) {
    if (out.length >= max) break;
    const node = item.node ?? item.element ?? (item.node === undefined && item.type === 'node' ? item : undefined);
    if (node?.selector || node?.snippet)
      out.push(`${node.selector ?? ''}${node.snippet ? ` ${node.snippet}` : ''}`.trim().slice(0, 200));
    else if (item.href !== undefined || item.text !== undefined)
      out.push(`"${item.text ?? ''}" -> ${item.href ?? ''}`.slice(0, 200));
    else if (item.url)
      out.push(String(item.url).slice(0, 200) + (item.wastedBytes ? ` (${Math.round(item.wastedBytes / 1024)} KiB)` : ''));
    else if (item.description) out.push(String(item.description).slice(0, 200));
    else if (item.source?.url) out.push(`${item.source.url}: ${item.description ?? ''}`.slice(0, 200));
  }
  return out;
}

/** The audits of a category that did not pass in one Lighthouse result. */
function failingAudits(lhr, category) {
  const failing = [];
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || ['manual', 'notApplicable', 'informative', 'error'].includes(audit.scoreDisplayMode))
      continue;
    const threshold = category === 'performance' ? 0.9 : 1;
    if (audit.score >= threshold) continue;
    failing.push({
      id: ref.id,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      displayValue: audit.displayValue ?? null,
      items: auditItems(audit),
    });
  }
  return failing.sort((a, b) => b.weight - a.weight || a.score - b.score);
}

async function lighthousePage(url, port, runs, log, cpuSlowdownMultiplier = null) {
  const results = [];
  const problems = [];
  // A run Lighthouse itself spoils (NO_NAVSTART on a busy machine, ...) is
  // tried again, up to twice the asked number of runs in all.
  for (let i = 0, tries = 0; i < runs && tries < runs * 2; tries++) {
    const started = Date.now();
    const flags = { port, logLevel: 'error', output: 'json', onlyCategories: CATEGORIES };
    if (cpuSlowdownMultiplier) flags.throttling = { cpuSlowdownMultiplier };
    const result = await lighthouse(url, flags).catch((error) => ({ error }));
    const lhr = result?.lhr;
    const problem =
      result?.error?.message ?? (lhr ? lhr.runtimeError && `${lhr.runtimeError.code} ${lhr.runtimeError.message}` : 'no result');
    if (problem) {
      problems.push(problem);
      log(`    a run failed (${problem.split('\n')[0]}); trying again`);
      continue;
    }
    i += 1;
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100)]),
    );
    results.push({ lhr, scores, seconds: (Date.now() - started) / 1000 });
    log(
      `    run ${i}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  if (!results.length) throw new Error(`Lighthouse: every run failed: ${problems[0]}`);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(results.map((r) => r.scores[c]))]));
  // The run whose performance score is the median one tells the metrics.
  const byPerf = [...results].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  const medianRun = byPerf[Math.floor((byPerf.length - 1) / 2)].lhr;
  const metrics = Object.fromEntries(
    METRICS.map((id) => [
      id,
      {
        value: medianRun.audits[id]?.numericValue ?? null,
        display: medianRun.audits[id]?.displayValue ?? null,
        score: medianRun.audits[id]?.score ?? null,
      },
    ]),
  );
  const failing = {};
  for (const category of CATEGORIES) {
    if (scores[category] === null || scores[category] >= TARGETS[category]) continue;
    // Audits failing in any run, with how many runs they failed in.
    const seen = new Map();
    for (const run of results) {
      for (const audit of failingAudits(run.lhr, category)) {
        const entry = seen.get(audit.id) ?? { ...audit, failedRuns: 0 };
        entry.failedRuns += 1;
        seen.set(audit.id, entry);
      }
    }
    failing[category] = [...seen.values()].filter((a) => !METRICS.includes(a.id) || category === 'performance').slice(0, 12);
  }
  return {
    scores,
    runs: results.map((r) => r.scores),
    metrics,
    failing,
    met: Object.fromEntries(CATEGORIES.map((c) => [c, scores[c] !== null && scores[c] >= TARGETS[c]])),
    failedRuns: problems,
    lighthouseVersion: medianRun.lighthouseVersion,
    userAgent: medianRun.environment?.hostUserAgent ?? null,
    // Lighthouse's own CPU benchmark of this machine: its simulation slows the
    // CPU 4x whatever the machine, so a slow one inflates the blocking time.
    benchmarkIndex: medianRun.environment?.benchmarkIndex ?? null,
  };
}

export async function benchLighthouse({ siteUrl, runs = 3, pages = PAGES, log = console.log, cpuSlowdownMultiplier = null }) {
  const chrome = await chromeLauncher.launch({ chromePath: chromePath(), chromeFlags: CHROME_FLAGS });
  const byPage = {};
  try {
    for (const page of pages) {
      log(`  Lighthouse ${page} (${runs} run${runs > 1 ? 's' : ''})`);
      try {
        byPage[page] = await lighthousePage(siteUrl + page, chrome.port, runs, log, cpuSlowdownMultiplier);
      } catch (error) {
        log(`    failed: ${error.message}`);
        byPage[page] = { error: error.message };
      }
    }
  } finally {
    await chrome.kill();
  }
  return {
    measuredAt: new Date().toISOString(),
    runs,
    formFactor: cpuSlowdownMultiplier
      ? `mobile, simulated throttling with the CPU slowed ${cpuSlowdownMultiplier}×`
      : 'mobile (Lighthouse default, simulated throttling)',
    cpuSlowdownMultiplier: cpuSlowdownMultiplier ?? 4,
    targets: TARGETS,
    pages: byPage,
  };
}

/** The phone the calibrated run stands for: Lighthouse's benchmark index of a mid-range phone. */
export const PHONE_BENCHMARK_INDEX = 1000;
export const CALIBRATED_PERFORMANCE_TARGET = 90;

/**
 * Lighthouse's CPU benchmark index of this machine, the median of a few
 * runs on a light page (each Lighthouse run measures it before loading).
 */
export async function measureBenchmarkIndex({ siteUrl, samples = 3, log = console.log }) {
  const chrome = await chromeLauncher.launch({ chromePath: chromePath(), chromeFlags: CHROME_FLAGS });
  const indexes = [];
  try {
    for (let i = 0; i < samples; i++) {
      const result = await lighthouse(`${siteUrl}/about`, {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance'],
      }).catch(() => null);
      const index = result?.lhr?.environment?.benchmarkIndex;
      if (typeof index === 'number') indexes.push(index);
    }
  } finally {
    await chrome.kill();
  }
  log(`  benchmark index of this machine: ${indexes.join(', ') || 'not measured'}`);
  return { indexes, index: median(indexes) };
}

/**
 * Lighthouse with the CPU slowed so that this machine behaves like a phone
 * whose benchmark index is about 1,000: multiplier = index / 1000 (at
 * least 1), instead of Lighthouse's fixed 4×.
 */
export async function benchLighthouseCalibrated({ siteUrl, runs = 3, pages = PAGES, log = console.log }) {
  const { indexes, index } = await measureBenchmarkIndex({ siteUrl, log });
  if (!index) throw new Error('Lighthouse did not report the benchmark index of this machine');
  const multiplier = Math.max(1, Math.round((index / PHONE_BENCHMARK_INDEX) * 10) / 10);
  log(`  CPU slowed ${multiplier}× (index ${index} / ${PHONE_BENCHMARK_INDEX})`);
  const result = await benchLighthouse({ siteUrl, runs, pages, log, cpuSlowdownMultiplier: multiplier });
  return {
    ...result,
    benchmarkIndexes: indexes,
    benchmarkIndex: index,
    phoneBenchmarkIndex: PHONE_BENCHMARK_INDEX,
    performanceTarget: CALIBRATED_PERFORMANCE_TARGET,
  };
}

function licenseNames(file) {
  try {
    const text = readFileSync(`${file}.LICENSE.txt`, 'utf8');
    const names = [...text.matchAll(/@license[^\n]*\n\s*\*\s*([\w.-]+)/g)].map((m) =>
      m[1].replace(/\.production(\.min)?\.js$/, ''),
    );
    // Banners like " * react-router v7.18.5".
    names.push(...[...text.matchAll(/^\s*\*\s*(@?[\w./-]+) v\d[\w.-]*\s*$/gm)].map((m) => m[1]));
    return names;
  } catch {
    return [];
  }
}

function labelsFor(container, file) {
  const labels = [...(chunkLabelsCache.get(`${container}/${file}`) ?? [])];
  const browser = liveBrowserDir(APP_DIRS[container] ?? 'shell');
  if (browser && existsSync(path.join(browser, file))) labels.push(...licenseNames(path.join(browser, file)));
  return [...new Set(labels)];
}
let chunkLabelsCache = new Map();

function appOf(url) {
  const { pathname } = new URL(url);
  // /remotes/<dir>/<release>/browser/<file>, /shell/<release>/browser/<file>
  const match = /^\/(?:remotes\/([^/]+)|shell)\/[^/]+\/browser\/(.*)$/.exec(pathname);
  if (!match) return { container: 'shell', file: pathname.replace(/^\//, '') };
  const container = match[1] ? (Object.entries(APP_DIRS).find(([, dir]) => dir === match[1])?.[0] ?? match[1]) : 'shell';
  return { container, file: match[2] };
}

/** JavaScript loaded by a page (the home page by default) until the network is idle, per app. */
async function homeJs(browser, siteUrl, viewport, pagePath = '/') {
  const context = await browser.newContext({ viewport });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  const page = await context.newPage();
  const pending = [];
  page.on('response', (response) => {
    const url = response.url();
    if (!/\.m?js(\?|$)/.test(new URL(url).pathname) && response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const body = await response.body().catch(() => null);
        const sizes = await response
          .request()
          .sizes()
          .catch(() => null);
        return {
          url,
          status: response.status(),
          encoding: response.headers()['content-encoding'] ?? 'identity',
          raw: body?.length ?? 0,
          gzip: body ? gzipSync(body, { level: 9 }).length : 0,
          transferred: sizes ? sizes.responseBodySize : null,
        };
      })(),
    );
  });
  const started = Date.now();
  await page.goto(`${siteUrl}${pagePath}`, { waitUntil: 'networkidle', timeout: 60_000 });
  const idleMs = Date.now() - started;
  const files = (await Promise.all(pending)).map((f) => ({ ...f, ...appOf(f.url) }));
  await context.close();
  const apps = {};
  for (const f of files) {
    const app = (apps[f.container] ??= { files: 0, raw: 0, gzip: 0, transferred: 0 });
    app.files += 1;
    app.raw += f.raw;
    app.gzip += f.gzip;
    app.transferred += f.transferred ?? 0;
  }
  const total = files.reduce(
    (t, f) => ({
      files: t.files + 1,
      raw: t.raw + f.raw,
      gzip: t.gzip + f.gzip,
      transferred: t.transferred + (f.transferred ?? 0),
    }),
    {
      files: 0,
      raw: 0,
      gzip: 0,
      transferred: 0,
    },
  );
  const largest = [...files]
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 8)
    .map((f) => ({
      app: f.container,
      file: f.file,
      gzip: f.gzip,
      raw: f.raw,
      transferred: f.transferred,
      encoding: f.encoding,
      contents: labelsFor(f.container, f.file),
    }));
  return { viewport, networkIdleMs: idleMs, total, apps, largest, encodings: [...new Set(files.map((f) => f.encoding))] };
}

export async function benchHomeJs({ siteUrl, log = console.log }) {
  chunkLabelsCache = allChunkLabels();
  const browser = await chromium.launch({ executablePath: chromePath(), args: CHROME_FLAGS });
  try {
    const desktop = await homeJs(browser, siteUrl, { width: 1366, height: 900 });
    log(`  home page JS (desktop): ${(desktop.total.gzip / 1024).toFixed(1)} KiB gzip in ${desktop.total.files} files`);
    const mobile = await homeJs(browser, siteUrl, { width: 390, height: 844 });
    log(`  home page JS (mobile): ${(mobile.total.gzip / 1024).toFixed(1)} KiB gzip in ${mobile.total.files} files`);
    const worst = mobile.total.gzip > desktop.total.gzip ? mobile : desktop;
    // Every page's JavaScript at a phone's width, for the record.
    const pages = {};
    for (const pagePath of LOW_END_PAGES) {
      const measured = await homeJs(browser, siteUrl, { width: 390, height: 844 }, pagePath).catch((error) => ({
        error: String(error?.message ?? error).split('\n')[0],
      }));
      pages[pagePath] = measured.error
        ? { error: measured.error }
        : { gzipBytes: measured.total.gzip, files: measured.total.files, apps: measured.apps };
      log(
        `  ${pagePath} JS (mobile): ${measured.error ? `not measured (${measured.error})` : `${(measured.total.gzip / 1024).toFixed(1)} KiB gzip in ${measured.total.files} files`}`,
      );
    }
    return {
      pages,
      measuredAt: new Date().toISOString(),
      targetBytes: JS_TARGET_BYTES,
      gzipBytes: worst.total.gzip,
      met: worst.total.gzip < JS_TARGET_BYTES,
      desktop,
      mobile,
    };
  } finally {
    await browser.close();
  }
}

/** file -> what is in it, from each app's mf-manifest.json (its license banners are added per file). */
function allChunkLabels() {
  const labels = new Map();
  const add = (key, label) => labels.set(key, [...new Set([...(labels.get(key) ?? []), label])]);
  for (const [container, dir] of Object.entries(APP_DIRS)) {
    add(`${container}/main.js`, container === 'shell' ? 'shell entry: federation runtime + bootstrap' : 'standalone entry');
    add(`${container}/remoteEntry.js`, 'container entry: federation runtime');
    try {
      const manifest = JSON.parse(readFileSync(path.join(liveBrowserDir(dir) ?? '', 'mf-manifest.json'), 'utf8'));
      for (const shared of manifest.shared ?? [])
        for (const file of shared.assets?.js?.sync ?? []) add(`${container}/${file}`, `shared ${shared.name}`);
      for (const expose of manifest.exposes ?? [])
        for (const file of expose.assets?.js?.sync ?? [])
          if (file.startsWith('__federation_expose_')) add(`${container}/${file}`, `exposes ${expose.path}`);
    } catch {
      // this app is not built
    }
  }
  return labels;
}
