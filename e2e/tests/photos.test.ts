/**
 * Responsive images with real photographs: large phone photos (4000×3000
 * JPEGs of several megabytes) stored as uploads are the images of every
 * event, news item, press release and devotional (`cli.ts photos`, before
 * the site starts). On the five main pages every `<img>` has its width and
 * height, every photo a `srcset`; the image the home page draws largest is
 * preloaded; and a phone downloads far fewer image bytes for `/` than the
 * photographs weigh.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { apiBuild, launchBrowser, newPage, repoRoot, startSite, type Site, newDataDir } from '../harness';

const PAGES = ['/', '/events', '/daily-devotion', '/community', '/about'];
const PHONE = { width: 390, height: 844 };

let site: Site;
let browser: Browser;
let dataDir: string;
let photoBytes: number[] = [];

/** A photograph-like JPEG: coarse noise enlarged (soft blotches, as in a photo), at phone-camera size and quality. */
async function makePhoto(seed: number): Promise<Buffer> {
  const requireFromApi = createRequire(path.join(repoRoot, 'api/package.json'));
  // sharp is the API's (the images module's) own: loaded from there, typed as much as used here.
  type Image = {
    raw(): Image;
    resize(w: number, h: number, o: object): Image;
    modulate(o: object): Image;
    jpeg(o: object): Image;
    toBuffer(): Promise<Buffer>;
  };
  const sharp = requireFromApi('sharp') as (input: Buffer | object, options?: object) => Image;
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

before(async () => {
  dataDir = newDataDir('ministry-photos-');
  const photos = await Promise.all([0, 1, 2].map(makePhoto));
  photoBytes = photos.map((p) => p.length);
  const files = photos.map((photo, i) => {
    const file = path.join(dataDir, `photo-${i}.jpg`);
    writeFileSync(file, photo);
    return file;
  });
  const stored = spawnSync(process.execPath, [await apiBuild('cli'), 'photos', ...files], {
    cwd: path.join(repoRoot, 'api'),
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  assert.equal(stored.status, 0, `cli photos: ${stored.stdout}${stored.stderr}`);
  site = await startSite({ DATA_DIR: dataDir });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Every <img> of the page once each part has been scrolled into view (lazy parts render near the screen). */
async function images(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }
    window.scrollTo(0, 0);
  });
  return page.$$eval('img', (imgs) =>
    imgs.map((img) => ({
      html: img.outerHTML.slice(0, 200),
      src: img.getAttribute('src') ?? '',
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
      srcset: img.getAttribute('srcset'),
    })),
  );
}

describe('photos uploaded by staff, on the main pages', () => {
  it('are large photographs, stored at every width', () => {
    assert.ok(
      photoBytes.every((n) => n > 2_000_000),
      `photos of ${photoBytes.join(', ')} bytes`,
    );
  });

  for (const pagePath of PAGES) {
    it(`${pagePath}: every <img> has width and height, every photo a srcset`, async () => {
      const { context, page } = await newPage(browser, PHONE);
      try {
        await page.goto(site.url + pagePath);
        const found = await images(page);
        const missing = found.filter((img) => !img.width || !img.height).map((img) => img.html);
        assert.deepEqual(missing, [], `images without width or height on ${pagePath}`);
        const raster = found.filter((img) => !/\.svg(\?|$)/.test(img.src));
        const withoutSrcset = raster.filter((img) => !img.srcset).map((img) => img.html);
        assert.deepEqual(withoutSrcset, [], `raster images without srcset on ${pagePath}`);
        if (pagePath === '/')
          assert.ok(
            raster.some((img) => img.src.startsWith('/media/uploads/')),
            'the home page shows the uploaded photos',
          );
      } finally {
        await context.close();
      }
    });
  }

  it('the image / paints largest is preloaded in its HTML', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await page.goto(`${site.url}/`);
      await images(page);
      // The largest paint of / on a phone is its text; of its images, the one drawn largest.
      const largest = await page.$$eval(
        'img',
        (imgs) =>
          imgs
            .map((img) => ({
              src: img.currentSrc || img.src,
              area: img.getBoundingClientRect().width * img.getBoundingClientRect().height,
            }))
            .sort((a, b) => b.area - a.area)[0]?.src ?? null,
      );
      assert.ok(largest, '/ shows an image');
      const html = await (await fetch(`${site.url}/`)).text();
      const preloads = [...html.matchAll(/<link\b[^>]*>/g)]
        .map((m) => m[0])
        .filter((link) => /rel="preload"/.test(link) && /as="image"/.test(link));
      const file = new URL(largest).pathname;
      // The preload names the photo's srcset (the browser picks the width it picks for the <img>) or its address.
      const base = file.replace(/-\d+\.(webp|jpg)$/, '').replace(/\.jpg$/, '');
      assert.ok(
        preloads.some((link) => link.includes(base)),
        `${file} is preloaded; the page preloads ${preloads.join(' ') || 'no image'}`,
      );
      const head = html.slice(0, html.indexOf('</head>'));
      assert.ok(
        preloads.some((link) => head.includes(link) && link.includes(base)),
        'the preload is in the head',
      );
    } finally {
      await context.close();
    }
  });

  it('a phone downloads far fewer image bytes for / than the photographs weigh', async () => {
    const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 3 });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort().catch(() => undefined));
    const page = await context.newPage();
    const sizes: Promise<number>[] = [];
    const counted = (request: Request) => {
      if (request.resourceType() === 'image') sizes.push(request.sizes().then((s) => s.responseBodySize));
    };
    page.on('requestfinished', counted);
    try {
      await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
      await images(page);
      await page.waitForLoadState('networkidle');
      // No more counting: a size asked for after the page closes would fail with nobody waiting for it.
      page.off('requestfinished', counted);
      const downloaded = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
      const originals = photoBytes.reduce((a, b) => a + b, 0);
      // The page shows each photo more than once; a phone at 3× still needs well under a fifth of the originals.
      assert.ok(
        downloaded < originals / 5,
        `a phone downloaded ${downloaded} bytes of images; the photographs weigh ${originals}`,
      );
    } finally {
      await context.close();
    }
  });
});
