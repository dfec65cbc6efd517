/**
 * Every width a visitor's screen may have, from a small phone to a desktop:
 * on each main route, signed out and signed in, the page never scrolls
 * sideways and every header control is on screen or behind the menu button.
 * A screenshot of each route at each width is left in e2e/artifacts/widths/.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS_DIR, launchBrowser, newPage, startSite, type Site } from '../harness';

/** A small phone, the phone/tablet edge (768 px is still the phone layout), tablets, a laptop and a desktop. */
const WIDTHS = [360, 768, 834, 1024, 1280, 1440];
/** Below this width the page links live behind the menu button; at and below 768 px the account controls too. */
const COMPACT_BELOW = 1140;
const PHONE_UP_TO = 768;
const MEMBER = { email: 'widths-admin@example.org', password: 'widths password 1', firstname: 'Site' };
const SHOTS = path.join(ARTIFACTS_DIR, 'widths');

let site: Site;
let browser: Browser;
let routes: string[];

before(async () => {
  site = await startSite({ ADMIN_EMAIL: MEMBER.email, ADMIN_PASSWORD: MEMBER.password });
  browser = await launchBrowser();
  const events = (await (await fetch(`${site.url}/api/events`)).json()) as { data: { _id: string }[] };
  routes = ['/', '/community', `/events/${events.data[0]!._id}`, '/offering', '/daily-devotion', '/login'];
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

async function checkEveryWidth(page: Page, who: 'signed-out' | 'signed-in'): Promise<string[]> {
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const route of routes) {
      await page.goto(`${site.url}${route}`);
      await page.waitForTimeout(150);
      const found = await layout(page);
      const where = `${who} ${route} at ${width}px`;
      if (found.scrollWidth > found.innerWidth) problems.push(`${where}: scrolls sideways (${found.scrollWidth} > ${found.innerWidth})`);
      if (found.offscreen.length) problems.push(`${where}: header controls off screen: ${found.offscreen.join(', ')}`);
      // The login page has the sign-in layout, without the site's header.
      if (route !== '/login') {
        const account = who === 'signed-out' ? ['LOGIN', 'SIGN UP'] : [MEMBER.firstname];
        for (const control of width > PHONE_UP_TO ? account : []) {
          if (!found.visible.some((v) => v.includes(control))) problems.push(`${where}: "${control}" is not in the header`);
        }
        const allLinks = found.visible.some((v) => v === 'ABOUT') && found.visible.some((v) => v === 'EVENTS');
        if (width < COMPACT_BELOW && !found.visible.includes('Open menu')) problems.push(`${where}: no menu button`);
        if (width >= COMPACT_BELOW && !allLinks) problems.push(`${where}: the page links are not all shown`);
      }
      const name = `${who}-${width}-${route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}`;
      await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
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
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${site.url}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    for (const name of [/log ?in/i, /sign ?up/i]) {
      assert.ok(await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name }).first().isVisible(), `${name} is in the phone menu`);
    }
    await context.close();
  });
});
