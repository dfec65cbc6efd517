/**
 * The skeleton end to end: the home page with header and footer, moving
 * between remotes without a full reload, and a remote that is down costing
 * only its own part of the page.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { collectPageErrors, DESKTOP, launchBrowser, MOBILE, newPage, savePageScreenshot, startSite, type Site } from '../harness';

let site: Site;
let browser: Browser;

before(async () => {
  site = await startSite();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

describe('home page', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    it(`renders with header, content from the remotes and footer on ${name}`, async () => {
      const { context, page } = await newPage(browser, viewport);
      const errors = collectPageErrors(page);
      await page.goto(site.url);
      await page.getByRole('banner').waitFor();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      assert.match(await page.getByRole('heading', { level: 1 }).first().innerText(), /^\d{4}: The Year of the Luminaries/);
      await page.getByRole('heading', { name: 'Latest stories' }).waitFor();
      await page.getByRole('contentinfo').waitFor();
      // textContent: the footer is laid out only near the screen (content-visibility), and innerText reads the layout.
      assert.match((await page.getByRole('contentinfo').textContent()) ?? '', new RegExp(`© ${new Date().getFullYear()} `));
      if (name === 'desktop') {
        assert.ok(await page.getByRole('navigation', { name: 'Main' }).isVisible());
      } else {
        assert.equal(await page.getByRole('navigation', { name: 'Main' }).isVisible(), false);
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Daily Devotion' }).waitFor();
      }
      await savePageScreenshot(page, `home-${name}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});

describe('navigation between remotes', () => {
  it('reaches a page of each remote without a full reload', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto(site.url);
    await page.getByRole('heading', { name: 'Latest stories' }).waitFor();
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const stillSameDocument = () =>
      page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'EVENTS' }).click();
    await page.getByRole('heading', { name: 'Upcoming events', exact: true }).waitFor();
    await page.getByRole('article').first().waitFor();
    assert.ok(await stillSameDocument(), 'giving remote');

    await nav.getByRole('link', { name: 'COMMUNITY' }).click();
    await page.waitForURL(/\/community$/);
    await page.getByRole('heading', { level: 1, name: 'Community' }).waitFor();
    assert.ok(await stillSameDocument(), 'community remote');

    await page.getByRole('contentinfo').getByRole('link', { name: 'Daily Devotion' }).click();
    await page.waitForURL(/\/daily-devotion$/);
    await page
      .getByRole('link', { name: /^Read more/i })
      .first()
      .waitFor();
    assert.ok(await stillSameDocument(), 'content remote');

    await nav.getByRole('link', { name: 'LOGIN' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByLabel('Password').waitFor();
    assert.ok(await stillSameDocument(), 'account remote');
    assert.equal(await page.getByRole('banner').count(), 0, 'the auth layout has no site header');
    await context.close();
  });

  it('shows a not-found page for an unknown path and redirects /profile to /login when signed out', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const response = await page.goto(`${site.url}/no-such-page`);
    assert.equal(response?.status(), 404, 'no soft 404: search engines must not index the not-found page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.goto(`${site.url}/profile`);
    await page.waitForURL(/\/login$/);
    await context.close();
  });

  it('scrolls to the top when the path changes', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto(site.url);
    await page.getByRole('contentinfo').waitFor();
    await page.getByRole('heading', { name: 'Latest stories' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => window.scrollY > 0);
    assert.ok((await page.evaluate(() => window.scrollY)) > 0, 'the page is scrolled down before navigating');
    // A link in the footer: clicking it does not scroll the page back up by itself.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Events' }).click();
    await page.waitForURL(/\/events$/);
    await page.getByRole('heading', { name: 'Upcoming events', exact: true }).waitFor();
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    await context.close();
  });
});

describe('a phone reading the home page runs no remote code for it', () => {
  it('leaves the first screen as the server sent it until the visitor reaches for it, the sections below until they come near the screen, and they then work', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    const remoteScripts: string[] = [];
    page.on('request', (request) => {
      if (/\/remotes\//.test(request.url()) && request.resourceType() === 'script') remoteScripts.push(request.url());
    });
    await page.goto(site.url);
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    // React marks the elements it has taken over; the server's HTML is readable before.
    const takenOver = (name: string) =>
      page.waitForFunction(
        (heading) =>
          [...document.querySelectorAll('h1, h2')].some(
            (h) => h.textContent === heading && Object.keys(h).some((key) => key.startsWith('__reactFiber')),
          ),
        name,
      );
    const isTakenOver = (name: string) =>
      page
        .getByRole('heading', { name, exact: true })
        .evaluate((heading) => Object.keys(heading).some((key) => key.startsWith('__reactFiber')));
    const stories = page.getByRole('heading', { name: 'Latest stories', exact: true });
    const below = page.getByRole('heading', { name: 'Press releases', exact: true });
    assert.ok(await stories.textContent(), 'the server sent the stories');
    assert.ok(await below.textContent(), 'the server sent the sections further down');
    // Once the page has loaded all it asks for: a part taken over too early would have asked for its remote's code.
    await page.waitForLoadState('networkidle');
    assert.equal(await isTakenOver('Latest stories'), false, 'the stories wait for the visitor');
    assert.equal(await isTakenOver('Press releases'), false, 'the sections below wait to come near the screen');
    assert.equal(remoteScripts.length, 0, `no remote code is loaded for a page only read: ${remoteScripts.join(', ')}`);
    // The server's links work as links meanwhile.
    assert.equal(
      await page.getByRole('link', { name: 'Read more stories and share yours' }).getAttribute('href'),
      '/community?tab=story',
    );

    // Pointing at the stories takes them over (their remote's code loads then).
    await page.getByRole('region', { name: 'Latest stories' }).hover({ force: true });
    await takenOver('Latest stories');
    assert.ok(remoteScripts.some((url) => url.includes('/remotes/mfe-community/')));
    await below.scrollIntoViewIfNeeded();
    await takenOver('Press releases');
    // The footer too, last.
    assert.equal(await isTakenOver('Quick links'), false, 'the footer waits to come near the screen');
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await takenOver('Quick links');
    await context.close();
  });
});

describe('a remote that is down', () => {
  it('costs only its own part of the page, and Retry brings it back', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    let blocked = true;
    await context.route('**/remotes/mfe-community/**', (route) => (blocked ? route.abort() : route.continue()));
    await page.goto(site.url);
    // The content remote's sections still render…
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // …the stories are readable as the server sent them, and once the visitor reaches for them their part
    // says it could not load, with a retry button.
    const fallback = page.getByRole('alert').filter({ hasText: "couldn't load the community section" });
    await page.getByRole('heading', { name: 'Latest stories' }).hover({ force: true });
    await fallback.waitFor();
    await page.getByRole('contentinfo').waitFor();

    // Other remotes keep working.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'EVENTS' }).click();
    await page.getByRole('heading', { name: 'Upcoming events', exact: true }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'HOME' }).click();
    await fallback.waitFor();

    blocked = false;
    await fallback.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Latest stories' }).waitFor();
    assert.equal(await fallback.count(), 0);
    await context.close();
  });
});

describe('the site can be installed', () => {
  it("links a web app manifest that Chromium reads, with icons that load at their sizes and Chromium's installability checks of the manifest passed", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto(site.url);
    await page.getByRole('banner').waitFor();
    const head = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      if (!link) return null;
      const answer = await fetch(link.href);
      const manifest = (await answer.json()) as { name: string; display: string; icons: { src: string; sizes: string }[] };
      const loaded = await Promise.all(
        manifest.icons.map(
          (icon) =>
            new Promise<string>((resolve) => {
              const image = new Image();
              image.onload = () => resolve(`${image.naturalWidth}x${image.naturalHeight}`);
              image.onerror = () => resolve('failed');
              image.src = new URL(icon.src, link.href).href;
            }),
        ),
      );
      return {
        type: answer.headers.get('content-type'),
        manifest,
        loaded,
        themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
        appleIcon: document.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href'),
      };
    });
    assert.ok(head, 'the page links a manifest');
    assert.match(head.type ?? '', /^application\/manifest\+json/);
    assert.equal(head.manifest.display, 'standalone');
    assert.deepEqual(
      head.loaded,
      head.manifest.icons.map((icon) => icon.sizes),
    );
    assert.equal(head.themeColor, '#14213d');
    assert.equal(head.appleIcon, '/icons/apple-touch-icon.png');

    // Chromium's own reading of the manifest: no parse errors, and nothing in it keeps the site from installing.
    const cdp = await context.newCDPSession(page);
    const read = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[]; data?: string };
    assert.match(read.url, /\/manifest\.webmanifest$/);
    assert.deepEqual(read.errors, []);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // What is not the manifest's: a test browser's private window, and the offline support that comes with a service worker.
    const elsewhere = ['in-incognito', 'no-matching-service-worker', 'not-offline-capable', 'warn-not-offline-capable'];
    assert.deepEqual(
      installabilityErrors.map((e) => e.errorId).filter((id) => !elsewhere.includes(id)),
      [],
    );
    await context.close();
  });
});
