/**
 * Sermons in the production build, as a visitor and the staff use them:
 * /sermons as the server renders it (no script run) and its search by
 * passage; a series' page with its own feed; a sermon's page whose
 * transcript seeks the player; /live during a service (the stream behind a
 * play button, privacy-enhanced) and outside one (the countdown and "Add
 * to calendar"), the site's clock moved by the test; and an editor who
 * uploads a recording, publishes a sermon from the browser and finds it on
 * the site and in the podcast at once. Screenshots of the pages at phone
 * and desktop widths.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  collectPageErrors,
  DESKTOP,
  launchBrowser,
  logIn,
  MOBILE,
  newPage,
  repoRoot,
  savePageScreenshot,
  startSite,
  type Site,
} from '../harness';

// Evaluated in the page through the DevTools protocol, so the site's Content-Security-Policy stays as it is.
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What axe-core finds against WCAG 2.1 A and AA on the page as it is. */
async function violations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const result = await page.evaluate(() =>
    (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }),
  );
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const ADMIN = { email: 'pastor@example.org', password: 'a long admin password' };
const RECORDING = path.join(repoRoot, 'api', 'content', 'media', 'sermons', 'green-pastures.mp3');

let site: Site;
let browser: Browser;
const contexts: BrowserContext[] = [];

async function page(viewport = DESKTOP, options: { javaScript?: boolean } = {}) {
  if (options.javaScript === false) {
    const context = await browser.newContext({ viewport, javaScriptEnabled: false });
    contexts.push(context);
    return context.newPage();
  }
  const opened = await newPage(browser, viewport);
  contexts.push(opened.context);
  return opened.page;
}

/** The admin's session cookie, through the API. */
async function adminCookie(): Promise<string> {
  const res = await fetch(`${site.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.url },
    body: JSON.stringify({ ...ADMIN, remember: false }),
  });
  assert.equal(res.status, 200, await res.text());
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function setClock(at: string): Promise<void> {
  const res = await fetch(`${site.url}/api/test/clock`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: site.url },
    body: JSON.stringify({ at }),
  });
  assert.equal(res.status, 200, await res.text());
}

describe('sermons', () => {
  before(async () => {
    site = await startSite({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TEST_CLOCK: 'on' });
    browser = await launchBrowser();
  });
  after(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await site?.stop();
  });

  it('serves /sermons rendered on the server, finds sermons by passage, and shows a series with its feed', async () => {
    // As the server renders it: the latest sermon with its player, the Subscribe box, the series, the list.
    const plain = await page(DESKTOP, { javaScript: false });
    await plain.goto(`${site.url}/sermons`);
    const latest = plain.getByRole('article', { name: 'You Must Be Born Again' });
    assert.equal(await latest.locator('audio').getAttribute('src'), '/media/sermons/born-again.mp3');
    assert.equal(await plain.getByLabel('The feed’s address').inputValue(), `${site.url}/sermons/podcast.xml`);
    // Podcast apps find the feed from the page's head (at the site's public address).
    assert.match(
      (await plain.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute('href')) ?? '',
      /^http:\/\/[^/]+\/sermons\/podcast\.xml$/,
    );
    assert.equal(
      await plain.getByRole('heading', { name: 'Love Never Fails', level: 3 }).count(),
      2,
      'the series, and its sermon',
    );

    const visitor = await page(MOBILE);
    const errors = collectPageErrors(visitor);
    await visitor.goto(`${site.url}/sermons`);
    assert.deepEqual(await violations(visitor), []);
    await visitor.getByLabel('Bible passage').fill('1 Cor 13:4-7');
    await visitor.getByRole('button', { name: 'Find sermons' }).click();
    await visitor.getByRole('status').filter({ hasText: '2 sermons found.' }).waitFor();
    assert.match(visitor.url(), /\?passage=1\+Cor\+13%3A4-7$/);
    const found = await visitor.getByRole('heading', { level: 3 }).allInnerTexts();
    assert.deepEqual(found.sort(), ['Love Is Patient, Love Is Kind', 'Love Keeps No Record of Wrongs']);
    await savePageScreenshot(visitor, 'sermons-search-phone');
    assert.deepEqual(await violations(visitor), []);

    await visitor.getByLabel('Bible passage').fill('Hezekiah 4');
    await visitor.getByRole('button', { name: 'Find sermons' }).click();
    await visitor.getByRole('alert').filter({ hasText: 'not a Bible passage we know' }).waitFor();

    await visitor.goto(`${site.url}/sermons/series/love-never-fails`);
    assert.equal(await visitor.getByRole('heading', { level: 1 }).innerText(), 'Love Never Fails');
    assert.deepEqual(await visitor.getByRole('heading', { level: 3 }).allInnerTexts(), [
      'Love Is Patient, Love Is Kind',
      'Love Keeps No Record of Wrongs',
      'Love Never Fails',
    ]);
    assert.equal(
      await visitor.getByLabel('The feed’s address').inputValue(),
      `${site.url}/sermons/series/love-never-fails/podcast.xml`,
    );
    await savePageScreenshot(visitor, 'sermon-series-phone');
    assert.deepEqual(await violations(visitor), []);
    assert.deepEqual(errors, []);
  });

  it('plays a sermon from the line of its transcript a visitor presses', async () => {
    const visitor = await page(DESKTOP);
    const errors = collectPageErrors(visitor);
    await visitor.goto(`${site.url}/sermons/the-lord-is-my-shepherd`);
    assert.equal(await visitor.getByRole('heading', { level: 1 }).innerText(), 'The Lord Is My Shepherd');
    const audio = visitor.locator('audio');
    await visitor.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
    assert.equal(await audio.evaluate((a: HTMLAudioElement) => Math.round(a.duration)), 10);

    const line = visitor.getByRole('button', { name: /He leads me beside still waters/ });
    await line.click();
    await visitor.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) >= 5.8);
    await visitor.locator('button[aria-current="true"]', { hasText: 'He leads me beside still waters' }).waitFor();
    assert.equal(await visitor.locator('button[aria-current="true"]').count(), 1, 'the line being heard is marked');

    // A chapter seeks too.
    await audio.evaluate((a: HTMLAudioElement) => a.pause());
    await visitor.getByRole('button', { name: /Green pastures/ }).click();
    await visitor.waitForFunction(() => {
      const t = document.querySelector('audio')?.currentTime ?? 0;
      return t >= 3 && t < 5.8;
    });
    await savePageScreenshot(visitor, 'sermon-desktop');
    assert.deepEqual(await violations(visitor), []);
    assert.deepEqual(errors, []);
  });

  it('shows the live stream during a service and the countdown to the next one outside', async () => {
    const cookie = await adminCookie();
    const churches = (await (await fetch(`${site.url}/api/admin/locations`, { headers: { cookie } })).json()) as {
      data: Record<string, unknown>[];
    };
    const church = churches.data[0]!;
    const saved = await fetch(`${site.url}/api/admin/locations/${String(church._id)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: site.url, cookie },
      body: JSON.stringify({
        ...church,
        liveStreamUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        serviceTimes: [{ name: 'Sunday Service', weekday: 0, time: '10:00', language: 'English' }],
      }),
    });
    assert.equal(saved.status, 200, await saved.text());

    const visitor = await page(MOBILE);
    const errors = collectPageErrors(visitor);
    try {
      // Sunday 1 March 2026, 10:20 on the church's clock (New York): during the service.
      await setClock('2026-03-01T15:20:00Z');
      await visitor.goto(`${site.url}/live`);
      assert.equal(await visitor.getByRole('heading', { level: 1 }).innerText(), 'Live now');
      await visitor.getByRole('heading', { name: `LIVE Sunday Service, ${String(church.church_name)}` }).waitFor();
      assert.equal(await visitor.locator('iframe').count(), 0, 'nothing of YouTube loads before play');
      await savePageScreenshot(visitor, 'live-during-phone');
      assert.deepEqual(await violations(visitor), []);
      await visitor.getByRole('button', { name: /Play the video/ }).click();
      assert.equal(
        await visitor.locator('iframe').getAttribute('src'),
        'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
      );

      // The same Sunday at 16:00: the service is over; next Sunday's is counted down to.
      await setClock('2026-03-01T21:00:00Z');
      await visitor.goto(`${site.url}/live`);
      assert.equal(await visitor.getByRole('heading', { level: 1 }).innerText(), 'Watch live');
      const next = visitor.getByRole('region', { name: 'Next service' });
      assert.match(await next.innerText(), /Sunday 8 March, 10:00/);
      await visitor
        .getByRole('timer')
        .filter({ hasText: /^Starts in 6 days 1\d hours?$/ })
        .waitFor();
      assert.equal(await visitor.locator('iframe').count(), 0);
      assert.equal(await visitor.getByRole('link', { name: 'Add to calendar' }).getAttribute('href'), '/api/live/next.ics');
      const ics = await (await fetch(`${site.url}/api/live/next.ics`)).text();
      assert.match(ics, /DTSTART;TZID=America\/New_York:20260308T100000/);
      await savePageScreenshot(visitor, 'live-between-phone');
      assert.deepEqual(await violations(visitor), []);
    } finally {
      await setClock(new Date().toISOString());
    }
    assert.deepEqual(errors, []);
  });

  it('lets an editor upload a recording and publish a sermon that is on the site and in the podcast at once', async () => {
    const staff = await page(DESKTOP);
    const errors = collectPageErrors(staff);
    await logIn(site, staff, ADMIN);
    await staff.goto(`${site.url}/admin/sermons`);
    await staff.getByRole('table', { name: 'Sermons, the latest preached first' }).waitFor();
    await savePageScreenshot(staff, 'admin-sermons-desktop');
    await staff.getByRole('link', { name: 'New sermon' }).click();
    await staff.getByLabel('Title', { exact: true }).fill('Rest for the Weary');
    await staff.getByLabel('Speaker', { exact: true }).selectOption({ label: 'Pastor Grace Adeyemi' });
    await staff.getByLabel('Series', { exact: true }).selectOption({ label: 'The Lord Is My Shepherd' });
    await staff.getByLabel('Bible passages').fill('Matt 11:28-30');
    await staff.getByLabel('Summary').fill('Come to me, all who are weary, and I will give you rest.');
    const recording = staff.getByRole('group', { name: 'Audio (MP3 or M4A)' });
    await recording.locator('input[type="file"]').setInputFiles(RECORDING);
    await recording.getByRole('button', { name: 'Remove' }).waitFor();
    assert.match(await recording.innerText(), /\.mp3 \(10 KB, 0:05\)/);
    await staff.getByRole('button', { name: 'Save and publish' }).click();
    await staff.getByText('Published: “Rest for the Weary” is on the site and in the podcast now.').waitFor();
    await staff.waitForURL(/\/admin\/sermons\/[0-9a-f-]{36}$/);
    await savePageScreenshot(staff, 'admin-sermon-editor-desktop');
    assert.deepEqual(await violations(staff), []);

    // On the site at once: first on /sermons (preached today), its page plays the upload, the feed has it.
    const visitor = await page(DESKTOP, { javaScript: false });
    await visitor.goto(`${site.url}/sermons`);
    const latest = visitor.getByRole('article', { name: 'Rest for the Weary' });
    const src = await latest.locator('audio').getAttribute('src');
    assert.match(src ?? '', /^\/media\/uploads\/[0-9a-f]{24}\.mp3$/);
    const head = await fetch(`${site.url}${src}`, { headers: { range: 'bytes=0-9' } });
    assert.equal(head.status, 206);
    const feed = await (await fetch(`${site.url}/sermons/podcast.xml`)).text();
    assert.match(feed, new RegExp(`<enclosure url="http://[^/"]+${src}" length="9873" type="audio/mpeg"/>`));
    await visitor.goto(`${site.url}/sermons/rest-for-the-weary`);
    assert.equal(await visitor.getByRole('heading', { level: 1 }).innerText(), 'Rest for the Weary');

    // The staff's other pages, at phone width.
    const phone = await page(MOBILE);
    await logIn(site, phone, ADMIN);
    for (const [where, name] of [
      ['/admin/sermons/series', 'admin-sermon-series-phone'],
      ['/admin/sermons/speakers', 'admin-speakers-phone'],
    ] as const) {
      await phone.goto(`${site.url}${where}`);
      await phone.getByRole('table').waitFor();
      await savePageScreenshot(phone, name);
      assert.deepEqual(await violations(phone), [], where);
    }
    assert.deepEqual(errors, []);
  });
});
