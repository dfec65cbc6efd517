/**
 * Years of content, production build: with a generated archive (1,000
 * devotionals, 5,000 prayers, 5,000 stories) the server-rendered HTML of `/`
 * and `/daily-devotion` stays under 150 KB, because a page carries only the
 * data it shows; and the oldest devotional, prayer and story are each
 * reached by following the page links of the server's own HTML. In the
 * browser, a visitor follows the prayer wall's pages to the last and finds
 * the oldest prayer. Screenshots at 360 and 1440 px in e2e/artifacts.
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import {
  apiBuild,
  collectPageErrors,
  launchBrowser,
  newPage,
  repoRoot,
  savePageScreenshot,
  startSite,
  type Site,
  newDataDir,
} from '../harness';

const LIMIT = 150 * 1024;

let site: Site;
let browser: Browser;
let dataDir: string;

before(async () => {
  dataDir = newDataDir('ministry-e2e-archive-');
  // The sample content, then three years of archive below it (the API's `cli archive`).
  await promisify(execFile)(process.execPath, [await apiBuild('cli'), 'archive'], {
    cwd: path.join(repoRoot, 'api'),
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });
  site = await startSite({ DATA_DIR: dataDir });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A page's HTML as a visitor's first request gets it (server-rendered). */
async function html(url: string): Promise<string> {
  const response = await fetch(`${site.url}${url}`, { headers: { accept: 'text/html', 'accept-encoding': 'identity' } });
  assert.equal(response.status, 200, url);
  const text = await response.text();
  assert.match(text, /id="ministry-prerendered"/, `${url} was rendered on the server`);
  return text;
}

/** The last page a page's links offer (`href="/community?page=250"`), as an address. */
function lastPageLink(page: string, base: string): string {
  const escaped = base.replace(/[?]/g, '\\?').replace(/&/g, '&amp;');
  const numbers = [...page.matchAll(new RegExp(`href="${escaped}page=(\\d+)"`, 'g'))].map((m) => Number(m[1]));
  assert.ok(numbers.length > 0, `page links to ${base}page=N`);
  return `${base}page=${Math.max(...numbers)}`;
}

/** The last item of a list, by the API (the oldest). */
async function oldestByApi<T>(path: string): Promise<T> {
  const first = (await (await fetch(`${site.url}${path}`)).json()) as { paging: { pages: number } };
  const last = (await (await fetch(`${site.url}${path}${path.includes('?') ? '&' : '?'}page=${first.paging.pages}`)).json()) as {
    data: T[];
  };
  return last.data.at(-1)!;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe('a three-year archive', () => {
  it('keeps the HTML of the home page and of /daily-devotion under 150 KB', async () => {
    const sizes: Record<string, number> = {};
    for (const url of ['/', '/daily-devotion', '/community']) sizes[url] = Buffer.byteLength(await html(url));
    console.log(
      `HTML with the archive: ${Object.entries(sizes)
        .map(([u, n]) => `${u} ${(n / 1024).toFixed(1)} KB`)
        .join(', ')}`,
    );
    assert.ok(sizes['/']! < LIMIT, `/ weighs ${sizes['/']} bytes`);
    assert.ok(sizes['/daily-devotion']! < LIMIT, `/daily-devotion weighs ${sizes['/daily-devotion']} bytes`);
    assert.ok(sizes['/community']! < LIMIT, `/community weighs ${sizes['/community']} bytes`);
  });

  it('reaches the oldest devotional, prayer and story by following the pages of the server-rendered HTML', async () => {
    const devotional = await oldestByApi<{ title: string }>('/api/devotionals');
    const prayer = await oldestByApi<{ text: string }>('/api/prayers');
    const story = await oldestByApi<{ content: string }>('/api/stories');
    assert.match(prayer.text, /\(archive 1\)$/);
    assert.match(story.content, /\(archive 1\)$/);

    // /daily-devotion → View All → the last page.
    assert.match(await html('/daily-devotion'), /href="\/daily-devotion\/all"/);
    const lastDevotionals = await html(lastPageLink(await html('/daily-devotion/all'), '/daily-devotion/all?'));
    assert.ok(lastDevotionals.includes(escapeHtml(devotional.title)), `the last page of devotionals shows ${devotional.title}`);

    const lastPrayers = await html(lastPageLink(await html('/community'), '/community?'));
    assert.ok(lastPrayers.includes(escapeHtml(prayer.text)), 'the last page of the prayer wall shows the oldest prayer');

    const lastStories = await html(lastPageLink(await html('/community?tab=story'), '/community?tab=story&'));
    assert.ok(lastStories.includes(escapeHtml(story.content)), 'the last page of the stories shows the oldest story');
  });

  for (const width of [360, 1440]) {
    it(`a visitor follows the prayer wall's pages to the last and finds the oldest prayer (${width} px)`, async () => {
      const { context, page } = await newPage(browser, { width, height: 900 });
      const errors = collectPageErrors(page);
      await page.goto(`${site.url}/community`);
      const pages = page.getByRole('navigation', { name: 'Pages of prayer requests' });
      await pages.getByRole('link', { name: 'Next' }).click();
      await page.waitForURL(`${site.url}/community?page=2`);
      await page.getByRole('heading', { name: 'Prayer requests · page 2' }).waitFor();
      const numbers = await pages.getByRole('link', { name: /^Page \d+$/ }).allTextContents();
      const last = Math.max(...numbers.map(Number));
      assert.ok(last > 200, `${last} pages of prayers`);
      await pages.getByRole('link', { name: `Page ${last}` }).click();
      await page.waitForURL(`${site.url}/community?page=${last}`);
      const oldest = page.getByRole('listitem').filter({ hasText: '(archive 1)' }).last();
      await oldest.waitFor();
      assert.match((await oldest.textContent()) ?? '', /\(archive 1\)/);
      assert.equal(await pages.getByRole('link', { name: 'Next' }).count(), 0, 'the last page has no Next');
      await pages.scrollIntoViewIfNeeded();
      await savePageScreenshot(page, `archive-last-prayer-page-${width}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
