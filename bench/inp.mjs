/**
 * Interaction to Next Paint of the taps that matter on a phone, in Chromium
 * with the CPU slowed 4× (DevTools' throttling), at a phone's width: each
 * interaction is made once the page is ready (`<html data-ready>`) and the
 * element is React's, and its INP is the longest Event Timing entry of that
 * interaction (what the `web-vitals` library reports for a single one:
 * input delay + processing + presentation until the next paint).
 * "I prayed" and like are a signed-in member's (the site's admin, created at
 * start); the others a visitor's, on the pages the server rendered (for a
 * phone: its browser sends a phone's user agent).
 */
/* global window, document */
import { chromium, devices } from 'playwright-core';
import { CHROME_FLAGS, chromePath, median, sleep } from './lib.mjs';

export const INP_TARGET_MS = 200;
export const INP_CPU_SLOWDOWN = 4;
export const INP_MEMBER = { email: 'bench-admin@example.org', password: 'bench admin password 1' };
const PHONE = { width: 390, height: 844 };
/** A phone's browser says it is one: the server renders the phone's layout, as it does for a real visitor's. */
const PHONE_USER_AGENT = devices['Pixel 7'].userAgent;

/** Collects Event Timing entries (with an interaction id) into window.__interactions. */
function observeInteractions() {
  window.__interactions = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.interactionId)
        window.__interactions.push({
          id: entry.interactionId,
          name: entry.name,
          duration: entry.duration,
          start: entry.startTime,
        });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

const INTERACTIONS = [
  {
    name: 'open the mobile menu',
    path: '/',
    target: (page) => page.getByRole('button', { name: 'Open menu' }),
  },
  {
    name: 'switch a tab on /about',
    path: '/about',
    target: (page) => page.getByRole('tablist').first().getByRole('tab').nth(1),
  },
  {
    name: 'switch a tab on /community',
    path: '/community',
    target: (page) => page.getByRole('tab', { name: 'Share Your Story' }),
  },
  {
    name: 'open an event',
    path: '/events',
    target: (page) => page.locator('main a[href^="/events/"]').first(),
  },
  {
    name: '"I prayed" (member)',
    path: '/community',
    member: true,
    target: (page) => page.getByRole('button', { name: 'I prayed' }).first(),
  },
  {
    name: 'like a story (member)',
    path: '/community?tab=story',
    member: true,
    target: (page) => page.getByRole('button', { name: 'Like' }).first(),
  },
];

async function logIn(context, siteUrl) {
  const page = await context.newPage();
  await page.goto(`${siteUrl}/login`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 60_000 });
  await page.getByLabel('Email').fill(INP_MEMBER.email);
  await page.getByLabel('Password').fill(INP_MEMBER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
  await page.close();
}

async function measureOnce(browser, siteUrl, interaction) {
  const context = await browser.newContext({ viewport: PHONE, userAgent: PHONE_USER_AGENT, isMobile: true, hasTouch: true });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  try {
    if (interaction.member) await logIn(context, siteUrl);
    const page = await context.newPage();
    await page.addInitScript(observeInteractions);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: INP_CPU_SLOWDOWN });
    await page.goto(siteUrl + interaction.path, { timeout: 120_000 });
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 120_000 });
    const target = interaction.target(page);
    await target.waitFor({ timeout: 60_000 });
    await page.waitForFunction(
      (el) => el !== null && Object.keys(el).some((key) => key.startsWith('__reactProps$')),
      await target.elementHandle(),
      { timeout: 60_000 },
    );
    await target.scrollIntoViewIfNeeded();
    await sleep(500);
    const box = await target.boundingBox();
    if (!box) throw new Error('the element to tap has no box');
    const before = await page.evaluate(() => window.__interactions.length);
    // A bare touch at the element's centre: Playwright's own tap checks the target with scripts and listeners of
    // its own in the page, which would run inside the interaction measured.
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    // The entry arrives after the next paint: give it a few frames.
    await page.waitForFunction((n) => window.__interactions.length > n, before, { timeout: 10_000 }).catch(() => undefined);
    await sleep(300);
    const entries = await page.evaluate((n) => window.__interactions.slice(n), before);
    if (!entries.length) return { inpMs: null, note: 'no event entry over 16 ms (the interaction was faster)' };
    const longest = entries.reduce((a, b) => (b.duration > a.duration ? b : a));
    return { inpMs: longest.duration, event: longest.name };
  } finally {
    await context.close();
  }
}

export async function benchInp({ siteUrl, runs = 3, log = console.log }) {
  const browser = await chromium.launch({ executablePath: chromePath(), args: CHROME_FLAGS });
  const interactions = {};
  try {
    for (const interaction of INTERACTIONS) {
      const samples = [];
      const problems = [];
      for (let i = 0; i < runs; i++) {
        try {
          const sample = await measureOnce(browser, siteUrl, interaction);
          // An interaction under Event Timing's 16 ms floor reports no entry: it counts as 16 ms.
          samples.push(sample.inpMs ?? 16);
        } catch (error) {
          problems.push(String(error?.message ?? error).split('\n')[0]);
        }
      }
      const inpMs = median(samples);
      interactions[interaction.name] = {
        path: interaction.path,
        member: Boolean(interaction.member),
        samples: samples.map((s) => Math.round(s)),
        inpMs: inpMs === null ? null : Math.round(inpMs),
        met: inpMs !== null && inpMs <= INP_TARGET_MS,
        problems,
      };
      log(
        `  INP ${interaction.name}: ${inpMs === null ? `not measured (${problems[0]})` : `${Math.round(inpMs)} ms (runs ${samples.map((s) => Math.round(s)).join(', ')})`}`,
      );
    }
  } finally {
    await browser.close();
  }
  return {
    measuredAt: new Date().toISOString(),
    cpuSlowdownMultiplier: INP_CPU_SLOWDOWN,
    viewport: PHONE,
    runs,
    target: INP_TARGET_MS,
    interactions,
  };
}
