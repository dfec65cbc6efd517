/**
 * What content costs a page:
 * - archive: the weight of `/` and `/daily-devotion` (and of GET
 *   /api/devotionals) with the sample content and with three years of
 *   generated content added (`cli.ts archive`), side by side;
 * - photos: large photographs (4000×3000 JPEGs of several megabytes, made
 *   here with sharp) stored as uploads as the images of every event, news
 *   item, press release and devotional (`cli.ts photos`), then the image
 *   bytes phones download for `/`, and Lighthouse on `/` (with the CPU
 *   slowdown the calibrated Lighthouse part chose, when it ran first).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { pageBytes } from './load.mjs';
import { attempt, CHROME_FLAGS, chromePath, root, runCli, startServer } from './lib.mjs';

export const WEIGHED = ['/', '/daily-devotion', '/api/devotionals'];
/** A page with the archive weighs at most this much more than with the sample content. */
export const ARCHIVE_GROWTH_TARGET = 0.1;

async function weigh(url) {
  const out = {};
  for (const target of WEIGHED) {
    const { html, wire, encoding } = await pageBytes(url + target);
    out[target] = { bytes: html, wireBytes: wire.length, encoding };
  }
  return out;
}

async function weighWith(label, prepare, log) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ministry-weight-'));
  try {
    if (prepare) await prepare(dataDir);
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      const weights = await weigh(server.url);
      log(
        `  ${label}: ${Object.entries(weights)
          .map(([p, w]) => `${p} ${(w.bytes / 1024).toFixed(1)} KiB`)
          .join(', ')}`,
      );
      return weights;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchArchive({ log = console.log } = {}) {
  log('Archive: page weights with the sample content, then with three years of content (cli.ts archive)');
  const sample = await weighWith('sample content', null, log);
  let added = '';
  const archive = await weighWith(
    'with the archive',
    async (dataDir) => {
      added = (await runCli(['archive'], { DATA_DIR: dataDir })).trim();
    },
    log,
  );
  const growth = Object.fromEntries(WEIGHED.map((p) => [p, sample[p].bytes ? archive[p].bytes / sample[p].bytes - 1 : null]));
  return {
    measuredAt: new Date().toISOString(),
    added,
    sample,
    archive,
    growth,
    target: ARCHIVE_GROWTH_TARGET,
    met: ['/', '/daily-devotion'].every((p) => growth[p] !== null && growth[p] <= ARCHIVE_GROWTH_TARGET),
  };
}

/** A photograph-like JPEG: coarse noise enlarged (soft blotches), at a phone camera's size and quality. */
export async function makePhoto(seed) {
  const sharp = createRequire(path.join(root, 'api/package.json'))('sharp');
  const raw = await sharp({
    create: { width: 1000, height: 750, channels: 3, noise: { type: 'gaussian', mean: 110 + seed * 10, sigma: 60 } },
  })
    .raw()
    .toBuffer();
  return sharp(raw, { raw: { width: 1000, height: 750, channels: 3 } })
    .resize(4000, 3000, { kernel: 'cubic' })
    .modulate({ hue: seed * 70 })
    .jpeg({ quality: 88 })
    .toBuffer();
}

export const PHONES = [
  { label: '360×800 at 2×', viewport: { width: 360, height: 800 }, deviceScaleFactor: 2 },
  { label: '412×915 at 3×', viewport: { width: 412, height: 915 }, deviceScaleFactor: 3 },
];

/** Image bytes a phone downloads for a page: on load, and once the visitor has scrolled to its end. */
async function phoneImageBytes(browser, url, phone) {
  const context = await browser.newContext({
    viewport: phone.viewport,
    deviceScaleFactor: phone.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  const page = await context.newPage();
  const images = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'image') return;
    images.push(request.sizes().then((s) => ({ url: new URL(request.url()).pathname, bytes: s.responseBodySize })));
  });
  const total = async () => (await Promise.all(images)).reduce((sum, i) => sum + i.bytes, 0);
  try {
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    const onLoad = await total();
    const countOnLoad = images.length;
    await page.evaluate(async () => {
      const { document, innerHeight, scrollTo } = globalThis;
      for (let y = 0; y < document.body.scrollHeight; y += innerHeight / 2) {
        scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 150));
      }
    });
    await page.waitForLoadState('networkidle');
    const files = await Promise.all(images);
    return {
      label: phone.label,
      onLoadBytes: onLoad,
      onLoadFiles: countOnLoad,
      scrolledBytes: await total(),
      scrolledFiles: files.length,
      largest: [...files].sort((a, b) => b.bytes - a.bytes).slice(0, 3),
    };
  } finally {
    await context.close();
  }
}

export async function benchPhotos({ quick = false, runs = 1, cpuSlowdownMultiplier = null, log = console.log } = {}) {
  const chrome = chromePath();
  if (!chrome) return { error: 'no Chromium (set CHROME_PATH or apt-get install chromium)' };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ministry-photos-'));
  try {
    log('Photos: making three 4000×3000 photographs');
    const photos = await Promise.all([0, 1, 2].map(makePhoto));
    const files = photos.map((photo, i) => {
      const file = path.join(dataDir, `photo-${i}.jpg`);
      writeFileSync(file, photo);
      return file;
    });
    const started = Date.now();
    const stored = (await runCli(['photos', ...files], { DATA_DIR: dataDir })).trim();
    log(`  ${stored} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      const browser = await chromium.launch({ executablePath: chrome, args: CHROME_FLAGS });
      const phones = [];
      try {
        for (const phone of PHONES) {
          const figures = await phoneImageBytes(browser, `${server.url}/`, phone);
          phones.push(figures);
          log(
            `  / on a phone ${phone.label}: ${(figures.onLoadBytes / 1024).toFixed(0)} KiB of images on load, ${(figures.scrolledBytes / 1024).toFixed(0)} KiB after scrolling to the end`,
          );
        }
      } finally {
        await browser.close();
      }
      const { benchLighthouse } = await import('./web.mjs');
      const lighthouse = await attempt('Lighthouse with photos', log, () =>
        benchLighthouse({ siteUrl: server.url, runs: quick ? 1 : runs, pages: ['/'], log, cpuSlowdownMultiplier }),
      );
      return {
        measuredAt: new Date().toISOString(),
        photos: photos.map((p) => p.length),
        photoDimensions: '4000×3000',
        stored,
        phones,
        lighthouse,
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
