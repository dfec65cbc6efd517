/**
 * Accessibility: axe-core finds no WCAG 2.1 A/AA violation on any route,
 * signed out and signed in, at desktop and mobile widths; the forms work by
 * keyboard alone with a visible focus; carousels can be paused.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DESKTOP,
  launchBrowser,
  MOBILE,
  newPage,
  settled,
  startSite,
  waitsForApp,
  type Site,
  logIn as logInThroughForm,
} from '../harness';

const require = createRequire(import.meta.url);
// Evaluated through the DevTools protocol, so the site's Content-Security-Policy stays as it is.
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const ADMIN = { email: 'admin@example.org', password: 'admin password 1' };

let site: Site;
let browser: Browser;
let routes: string[];
let memberRoutes: string[];

async function api<T>(path: string): Promise<T> {
  const body = (await (await fetch(`${site.url}${path}`)).json()) as { data: T } | T;
  return (body && typeof body === 'object' && 'data' in body ? body.data : body) as T;
}

before(async () => {
  site = await startSite({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  const events = await api<{ _id: string }[]>('/api/events');
  const devotionals = await api<{ _id: string; slug: string; tag: string }[]>('/api/devotionals');
  const d = devotionals[0]!;
  routes = [
    '/',
    '/about',
    '/community',
    '/events',
    `/events/${events[0]!._id}`,
    '/offering',
    '/news',
    '/press',
    '/daily-devotion',
    '/daily-devotion/all',
    `/daily-devotion/tag/${encodeURIComponent(d.tag)}`,
    `/devotion-detail/${d._id}`,
    `/devotional-detail/${d.slug}`,
    `/devotional-detail/tag/${encodeURIComponent(d.tag)}`,
    '/policies',
    '/login',
    '/signup/0',
    '/reset-password/not-a-real-token',
    '/community/prayer-mail-off/not-a-real-token-0123456789',
    '/community?tab=location',
    '/serve',
    '/visit',
    '/no-such-page',
  ];
  memberRoutes = ['/', '/community', '/community/my-posts', '/my-schedule', '/profile', '/booking', `/events/${events[0]!._id}`];
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

async function violations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
  });
  return result.violations.map(
    (v) =>
      `${v.id}: ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}

async function logIn(context: BrowserContext, email: string, password: string) {
  const page = waitsForApp(await context.newPage());
  await logInThroughForm(site, page, { email, password });
  return page;
}

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  describe(`axe on every route (${name})`, () => {
    it('signed out: no violations', async () => {
      const { context, page } = await newPage(browser, viewport);
      const found: string[] = [];
      for (const route of routes) {
        await page.goto(`${site.url}${route}`);
        await settled(page);
        for (const v of await violations(page)) found.push(`${route} ${v}`);
      }
      await context.close();
      assert.deepEqual(found, []);
    });

    it('signed in (a member, and the admin on the moderation page): no violations', async () => {
      const { context } = await newPage(browser, viewport);
      const page = await logIn(context, ADMIN.email, ADMIN.password);
      const found: string[] = [];
      for (const route of [...memberRoutes, '/admin/moderation']) {
        await page.goto(`${site.url}${route}`);
        await settled(page);
        for (const v of await violations(page)) found.push(`${route} ${v}`);
      }
      await context.close();
      assert.deepEqual(found, []);
    });
  });
}

describe('keyboard', () => {
  it('the login form is usable with the keyboard alone, with a visible focus ring', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto(`${site.url}/login`);
    await page.getByLabel('Email').waitFor();
    let reachedEmail = false;
    for (let i = 0; i < 10 && !reachedEmail; i++) {
      await page.keyboard.press('Tab');
      reachedEmail = await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type === 'email');
    }
    assert.ok(reachedEmail, 'Tab reaches the e-mail field');
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), shadow: style.boxShadow };
    });
    assert.ok(
      (outline.style !== 'none' && outline.width > 0) || outline.shadow !== 'none',
      `focus is visible: ${JSON.stringify(outline)}`,
    );
    await page.keyboard.type(ADMIN.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(ADMIN.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.url}/`);
    await context.close();
  });

  it('the signup form moves field to field with Tab and shows its messages on Enter', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto(`${site.url}/signup/0`);
    await page.getByLabel('First name').focus();
    await page.keyboard.type('Kofi');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => (document.activeElement as HTMLInputElement).name), 'lastname');
    await page.keyboard.press('Enter');
    await page.getByText('Required').first().waitFor();
    await context.close();
  });
});

describe('carousels', () => {
  it('the home devotional carousel can be paused', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto(site.url);
    const pause = page.getByRole('button', { name: /pause/i }).first();
    await pause.waitFor();
    await pause.click();
    await page.getByRole('button', { name: /play/i }).first().waitFor();
    await context.close();
  });
});
