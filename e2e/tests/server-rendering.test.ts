/**
 * Server-rendered pages, in the production build: a visitor's public page
 * arrives with its content (readable with scripts off, as a search engine or
 * a slow phone first sees it), and the browser then takes that HTML over
 * without rendering it again: no mismatch, the same elements, links that
 * then move within the app.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, MOBILE, newPage, startSite, type Site } from '../harness';

let site: Site;
let browser: Browser;
let firstDevotional: { title: string; slug: string };
let firstEvent: { _id: string; title: string };

before(async () => {
  site = await startSite();
  browser = await launchBrowser();
  const devotionals = (await (await fetch(`${site.url}/api/devotionals`)).json()) as { data: { title: string; slug: string }[] };
  firstDevotional = devotionals.data[0];
  const events = (await (await fetch(`${site.url}/api/events`)).json()) as { data: { _id: string; title: string }[] };
  firstEvent = events.data[0];
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

/** What each page must show before any script runs. */
const pages = () => [
  { path: '/', text: 'The Year of the Luminaries' },
  { path: '/daily-devotion', text: firstDevotional.title },
  { path: `/devotional-detail/${firstDevotional.slug}`, text: firstDevotional.title },
  { path: '/events', text: firstEvent.title },
  { path: `/events/${firstEvent._id}`, text: firstEvent.title },
  { path: '/community', text: 'Prayer Wall' },
  { path: '/about', text: 'What we believe' },
  { path: '/news', text: 'Find our latest news on our official press page' },
  { path: '/policies', text: 'Privacy Policy' },
  { path: '/offering', text: 'Donate & Help' },
];

/** Console errors and uncaught errors of a page (a hydration mismatch is one). */
function problems(page: Page): string[] {
  const found: string[] = [];
  page.on('pageerror', (e) => found.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) found.push(m.text());
  });
  return found;
}

describe('server-rendered pages', () => {
  it('arrive with their content, readable with scripts off', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const { path, text } of pages()) {
      const response = await page.goto(`${site.url}${path}`);
      assert.equal(response?.status(), 200, path);
      const main = await page.locator('main').innerText();
      assert.ok(main.includes(text), `${path} shows "${text}" before any script runs`);
      assert.equal(await page.locator('#boot').count(), 0, `${path} has no loading placeholder`);
    }
    await context.close();
  });

  it('open their menu on a phone before any script runs: the drawer shows, Close and Escape hide it', async () => {
    const context = await browser.newContext({ viewport: MOBILE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/about`);
    const drawer = page.getByRole('navigation', { name: 'Mobile' });
    assert.equal(await drawer.isVisible(), false, 'closed at first');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('link', { name: 'Daily Devotion' }).waitFor();
    assert.equal(await drawer.getByRole('link', { name: 'Events' }).getAttribute('href'), '/events');
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await context.close();
  });

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    it(`are taken over by the browser as they are, without errors (${name})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      const found = problems(page);
      for (const { path, text } of pages()) {
        found.length = 0;
        await page.goto(`${site.url}${path}`, { waitUntil: 'commit' });
        // Mark an element of the server's HTML; after hydration it must still be the same element.
        await page
          .locator('main h1, main h2')
          .first()
          .evaluate((el) => ((el as HTMLElement).dataset.fromServer = 'yes'));
        await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
        assert.equal(await page.locator('[data-from-server="yes"]').count(), 1, `${path}: the server's elements were kept`);
        assert.ok((await page.locator('main').innerText()).includes(text), path);
        assert.deepEqual(found, [], `${path} hydrates cleanly`);
      }
      // Links now move within the app (no new document).
      await page.goto(`${site.url}/about`);
      await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
      if (name === 'mobile') await page.getByRole('button', { name: 'Open menu' }).click();
      await page
        .getByRole('navigation', { name: name === 'mobile' ? 'Mobile' : 'Main' })
        .getByRole('link', { name: 'EVENTS' })
        .click();
      await page.getByText(firstEvent.title).first().waitFor();
      assert.equal(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same), true);
      await context.close();
    });
  }

  it('keep the typeface their HTML declares: taking the page over declares no font again (the text is not laid out anew)', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    // The font faces the browser knows from the server's HTML, before any script of the app runs.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        void document.body.offsetHeight;
        (window as unknown as { __faces: FontFace[] }).__faces = [...document.fonts];
      });
    });
    for (const path of ['/', '/events']) {
      await page.goto(`${site.url}${path}`);
      await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
      const faces = await page.evaluate(() => {
        const first = (window as unknown as { __faces: FontFace[] }).__faces;
        return {
          first: first.map((f) => `${f.family.replace(/["']/g, '')} ${f.weight}`).sort(),
          kept: [...document.fonts].every((f) => first.includes(f)),
          declaredIn: [...document.styleSheets].flatMap((sheet) =>
            [...sheet.cssRules].filter((rule) => rule instanceof CSSFontFaceRule).map(() => (sheet.ownerNode as Element).id),
          ),
        };
      });
      assert.deepEqual(faces.first, ['Poppins 400', 'Poppins 500', 'Poppins 600', 'Poppins 700'], path);
      assert.ok(faces.kept, `${path}: every font face is still the one of the server's HTML`);
      assert.deepEqual(faces.declaredIn, Array(4).fill('ministry-fonts'), `${path}: declared once, in index.html's own style`);
    }
    await context.close();
  });

  it("are a visitor's for a session cookie that names no session, which is cleared", async () => {
    const response = await fetch(`${site.url}/daily-devotion`, { headers: { accept: 'text/html', cookie: 'sid=not-a-session' } });
    const html = await response.text();
    assert.match(html, /ministry-prerendered/);
    assert.match(html, /<script id="ministry-session" type="application\/json">\{"user":null\}<\/script>/);
    assert.match(response.headers.getSetCookie().join('\n'), /^sid=;/m);
  });
});
