/**
 * The checks of the widths tests (tests/widths-signed-*.test.ts): every
 * width a visitor's screen may have, from a small phone to a desktop, on
 * every page of the site (each page every app declares, read from the live
 * runtime config), signed out and signed in (as an admin, who also sees the
 * staff pages). The page never scrolls sideways and every header control is
 * on screen or behind the menu button. A screenshot of each route at a
 * phone's, a tablet's and a desktop's width is left in e2e/artifacts/widths/
 * (not on CI: KEEP_SCREENSHOTS).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS_DIR, KEEP_SCREENSHOTS, launchBrowser, startSite, type Site } from './harness';

/** Small and common phones, the phone/tablet edge (768 px is still the phone layout), tablets, a laptop and a desktop. */
const WIDTHS = [360, 390, 768, 834, 1024, 1280, 1440];
/** Below this width the page links live behind the menu button; at and below 768 px the account controls too. */
const COMPACT_BELOW = 1280;
const PHONE_UP_TO = 768;
export const MEMBER = { email: 'widths-admin@example.org', password: 'widths password 1', firstname: 'Site' };
const SHOTS = path.join(ARTIFACTS_DIR, 'widths');
/** The widths a screenshot of each route is left at (a phone, a tablet, a desktop): every width is checked, a few are kept to look at. */
const SHOT_WIDTHS = new Set([360, 834, 1440]);

/** A site with an admin, a browser, and every page of the site with a real value for each parameter. */
export interface WidthsSetup {
  site: Site;
  browser: Browser;
  /** Public pages (and the account forms), then the pages for members and staff. */
  routes: { path: string; signedIn: boolean; layout: string }[];
}

interface SitePage {
  path: string;
  layout: string;
  signedIn: boolean;
}

export async function setUpWidths(): Promise<WidthsSetup> {
  const site = await startSite({ ADMIN_EMAIL: MEMBER.email, ADMIN_PASSWORD: MEMBER.password });
  const browser = await launchBrowser();
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
  const routes = [
    ...pages.map((page) => ({ path: fill(page.path), signedIn: page.signedIn, layout: page.layout })),
    { path: '/community?tab=location', signedIn: false, layout: 'main' },
    { path: `/news?item=${(await get<{ _id: string }[]>('/api/news/recent'))[0]!._id}`, signedIn: false, layout: 'main' },
  ];
  mkdirSync(SHOTS, { recursive: true });
  return { site, browser, routes };
}

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
export async function checkEveryWidth(
  { site, routes }: WidthsSetup,
  page: Page,
  who: 'signed-out' | 'signed-in',
): Promise<string[]> {
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
      if (KEEP_SCREENSHOTS && SHOT_WIDTHS.has(width)) {
        const name = `${who}-${width}-${route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}`;
        await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
      }
    }
  }
  return problems;
}
