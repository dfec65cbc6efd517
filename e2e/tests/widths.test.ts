/**
 * Every width a visitor's screen may have, from a small phone to a desktop:
 * on every page of the site (each page every app declares, read from the
 * live runtime config), signed out and signed in (as an admin, who also
 * sees the staff pages), the page never scrolls sideways and every header
 * control is on screen or behind the menu button. A screenshot of each
 * route at a phone's, a tablet's and a desktop's width is left in
 * e2e/artifacts/widths/.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS_DIR, launchBrowser, newPage, startSite, type Site } from '../harness';

/** Small and common phones, the phone/tablet edge (768 px is still the phone layout), tablets, a laptop and a desktop. */
const WIDTHS = [360, 390, 768, 834, 1024, 1280, 1440];
/** Below this width the page links live behind the menu button; at and below 768 px the account controls too. */
const COMPACT_BELOW = 1140;
const PHONE_UP_TO = 768;
const MEMBER = { email: 'widths-admin@example.org', password: 'widths password 1', firstname: 'Site' };
const SHOTS = path.join(ARTIFACTS_DIR, 'widths');
/** The widths a screenshot of each route is left at (a phone, a tablet, a desktop): every width is checked, a few are kept to look at. */
const SHOT_WIDTHS = new Set([360, 834, 1440]);

let site: Site;
let browser: Browser;
/** Public pages (and the account forms), then the pages for members and staff. */
let routes: { path: string; signedIn: boolean; layout: string }[];

interface SitePage {
  path: string;
  layout: string;
  signedIn: boolean;
}

before(async () => {
  site = await startSite({ ADMIN_EMAIL: MEMBER.email, ADMIN_PASSWORD: MEMBER.password });
  browser = await launchBrowser();
  const get = async <T>(url: string) => (await (await fetch(`${site.url}${url}`)).json()) as T;
  const events = await get<{ data: { _id: string }[] }>('/api/events');
  const devotionals = await get<{ data: { _id: string; slug: string; tag: string }[] }>('/api/devotionals');
  const { pages } = await get<{ pages: SitePage[] }>('/config.json');
  // A real value for each parameter, so each page shows what it shows for a visitor.
  const sample: Record<string, string> = {
    '/events/:id': events.data[0]!._id,
    '/devotional-detail/:id': devotionals.data[0]!.slug,
    '/devotion-detail/:id': devotionals.data[0]!._id,
  };
  const fill = (pattern: string) =>
    sample[pattern] !== undefined
      ? pattern.replace(/:\w+$/, sample[pattern]!)
      : pattern
          .replace(':tag', encodeURIComponent(devotionals.data[0]!.tag))
          .replace(/:token/, 'x'.repeat(43))
          .replace(/:\w+/g, events.data[0]!._id);
  routes = [
    ...pages.map((page) => ({ path: fill(page.path), signedIn: page.signedIn, layout: page.layout })),
    { path: '/community?tab=location', signedIn: false, layout: 'main' },
    { path: `/news?item=${(await get<{ _id: string }[]>('/api/news/recent'))[0]!._id}`, signedIn: false, layout: 'main' },
  ];
  mkdirSync(SHOTS, { recursive: true });
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

interface Layout {
  scrollWidth: number;
  innerWidth: number;
  /** Header controls (links, buttons, the language list) that are shown but reach past the screen's edge. */
  offscreen: string[];
  /** The names of the header controls a visitor can see. */
  visible: string[];
}

async function layout(page: Page): Promise<Layout> {
  // No named functions inside: the page runs this code as it is, without the test runner's helpers.
  return page.evaluate(() => {
    const header = document.querySelector('header');
    const shown = [...(header?.querySelectorAll<HTMLElement>('a, button, select') ?? [])].filter((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    });
    const names = shown.map((el) => (el.getAttribute('aria-label') || el.innerText || el.tagName).trim().replace(/\s+/g, ' '));
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      offscreen: names.filter((_, i) => {
        const box = shown[i]!.getBoundingClientRect();
        return box.left < 0 || box.right > window.innerWidth + 0.5;
      }),
      visible: names,
    };
  });
}

/** Each route is opened once, then looked at through every width (the window resized, as a visitor turning a tablet). */
async function checkEveryWidth(page: Page, who: 'signed-out' | 'signed-in'): Promise<string[]> {
  const problems: string[] = [];
  // Signed out: every page a visitor can open; signed in: the members' and staff pages too (the public ones were seen signed out, but the header differs).
  for (const { path: route, layout: pageLayout } of routes.filter((r) =>
    who === 'signed-out' ? !r.signedIn : r.layout === 'main',
  )) {
    await page.setViewportSize({ width: WIDTHS[0]!, height: 900 });
    await page.goto(`${site.url}${route}`);
    // Looked at once the page is the app's (a busy machine may still be loading a staff page's code).
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    await page.waitForLoadState('networkidle');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const found = await layout(page);
      const where = `${who} ${route} at ${width}px`;
      if (found.scrollWidth > found.innerWidth)
        problems.push(`${where}: scrolls sideways (${found.scrollWidth} > ${found.innerWidth})`);
      if (found.offscreen.length) problems.push(`${where}: header controls off screen: ${found.offscreen.join(', ')}`);
      // The account forms have the sign-in layout, without the site's header.
      if (pageLayout === 'main') {
        const account = who === 'signed-out' ? ['LOGIN', 'SIGN UP'] : [MEMBER.firstname];
        for (const control of width > PHONE_UP_TO ? account : []) {
          if (!found.visible.some((v) => v.includes(control))) problems.push(`${where}: "${control}" is not in the header`);
        }
        const allLinks = found.visible.some((v) => v === 'ABOUT') && found.visible.some((v) => v === 'EVENTS');
        if (width < COMPACT_BELOW && !found.visible.includes('Open menu')) problems.push(`${where}: no menu button`);
        if (width >= COMPACT_BELOW && !allLinks) problems.push(`${where}: the page links are not all shown`);
      }
      if (SHOT_WIDTHS.has(width)) {
        const name = `${who}-${width}-${route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}`;
        await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
      }
    }
  }
  return problems;
}

describe('every width from 360 to 1440 px', () => {
  it('signed out: no sideways scroll, LOGIN and SIGN UP on screen, page links or the menu button', async () => {
    const { context, page } = await newPage(browser);
    const problems = await checkEveryWidth(page, 'signed-out');
    await context.close();
    assert.deepEqual(problems, []);
  });

  it('signed in: no sideways scroll, the member menu on screen, page links or the menu button', async () => {
    const { context, page } = await newPage(browser, { width: 1280, height: 900 });
    await page.goto(`${site.url}/login`);
    await page.getByLabel('Email').fill(MEMBER.email);
    await page.getByLabel('Password').fill(MEMBER.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${site.url}/`);
    await page.waitForTimeout(300);
    const problems = await checkEveryWidth(page, 'signed-in');
    await context.close();
    assert.deepEqual(problems, []);
  });

  it('below 1140 px the menu button opens every page link and, on a phone, the account links', async () => {
    const { context, page } = await newPage(browser, { width: 834, height: 900 });
    await page.goto(`${site.url}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['About', 'Events', 'Community']) {
      assert.ok(await drawer.getByRole('link', { name, exact: false }).first().isVisible(), `${name} is in the menu`);
    }
    assert.ok(await drawer.getByLabel('Translate this page').isVisible(), 'the language list is in the menu');
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${site.url}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    for (const name of ['Home', 'About', 'Community', 'Events', 'News', 'Offering', 'Daily Devotion', /log ?in/i, /sign ?up/i]) {
      assert.ok(
        await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name }).first().isVisible(),
        `${name} is in the phone menu`,
      );
    }
    await context.close();
  });

  it("on a phone, a signed-in member's menu has their pages and Logout; an admin's has the staff pages", async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`${site.url}/login`);
    await page.getByLabel('Email').fill(MEMBER.email);
    await page.getByLabel('Password').fill(MEMBER.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${site.url}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['Profile', 'My posts', 'Staff pages'])
      assert.ok(await drawer.getByRole('link', { name }).isVisible(), `${name} is in the menu`);
    assert.ok(await drawer.getByRole('button', { name: 'Logout' }).isVisible());
    await context.close();
  });

  it("toasts sit below the header in the site's font, and an open member menu stays above them", async () => {
    const { context, page } = await newPage(browser, { width: 1280, height: 900 });
    await page.goto(`${site.url}/login`);
    await page.getByLabel('Email').fill(MEMBER.email);
    await page.getByLabel('Password').fill(MEMBER.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${site.url}/`);
    // The footer's newsletter box says thank you in a toast.
    // The newsletter box loads when the footer comes into view.
    await page.locator('footer').scrollIntoViewIfNeeded();
    const newsletter = page.getByRole('form', { name: 'Newsletter' });
    await newsletter.waitFor();
    await newsletter.getByLabel('Your e-mail address').fill(`toast-${Date.now()}@example.org`);
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    const toast = page.locator('.Toastify__toast').first();
    await toast.waitFor();
    const headerBox = (await page.locator('header').first().boundingBox())!;
    assert.ok((await toast.boundingBox())!.y >= headerBox.y + headerBox.height, 'the toast is below the header');
    assert.match(await toast.evaluate((el) => getComputedStyle(el).fontFamily), /Poppins/);
    await page.getByRole('button', { name: MEMBER.firstname }).click();
    const profile = page.getByRole('link', { name: 'Profile' });
    const box = (await profile.boundingBox())!;
    const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.textContent ?? '', {
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
    });
    assert.equal(onTop.trim(), 'Profile', 'the menu is above the toast');
    await context.close();
  });

  it('a translator that cannot load leaves the header as it is: its note floats below, SIGN UP stays on one line', async () => {
    // Third-party hosts are never reached from tests (harness newPage): the translator cannot load.
    const { context, page } = await newPage(browser, { width: 1280, height: 900 });
    await page.goto(`${site.url}/`);
    const header = page.locator('header').first();
    const before = await header.boundingBox();
    const signUp = page.getByRole('link', { name: 'SIGN UP' });
    const signUpBefore = await signUp.boundingBox();
    await page.getByLabel('Translate this page').first().selectOption('fr');
    await page.getByRole('alert').filter({ hasText: 'translator' }).first().waitFor();
    assert.equal((await header.boundingBox())!.height, before!.height, 'the header keeps its height');
    assert.equal((await signUp.boundingBox())!.height, signUpBefore!.height, 'SIGN UP keeps its one line');
    await context.close();
  });
});
