/**
 * The content staff pages in the production build. An editor writes a
 * devotional dated today with a tag and an uploaded photo, publishes it, and
 * it is on the home page, /daily-devotion and its tag page as the server
 * renders them (no script run). One dated tomorrow is nowhere until the
 * site's clock reaches its day (the test moves the clock; it does not
 * wait). The editor's code is a chunk of the staff pages: no public page
 * loads it. Screenshots of the staff pages at phone and desktop width.
 */
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import {
  collectPageErrors,
  launchBrowser,
  newPage,
  savePageScreenshot,
  startSite,
  waitsForApp,
  type Site,
  logIn as logInThroughForm,
  newDataDir,
  addStaffAccount,
} from '../harness';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');
const EDITOR = { email: 'editor@example.org', password: 'editor password 1' };
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const stamp = Date.now().toString(36);
const TODAY_TITLE = `Morning light ${stamp}`;
const TAG = `Sunrise${stamp}`;
const TOMORROW_TITLE = `Tomorrow's bread ${stamp}`;

let site: Site;
let browser: Browser;
let dataDir: string;
const contexts: BrowserContext[] = [];

before(async () => {
  dataDir = newDataDir('ministry-e2e-staff-');
  addStaffAccount(dataDir, { ...EDITOR, firstname: 'Esther', lastname: 'Editor', role: 'editor' });
  site = await startSite({ DATA_DIR: dataDir, TEST_CLOCK: 'on' });
  browser = await launchBrowser();
});

after(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await site?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function logIn(page: Page, next: string): Promise<void> {
  await logInThroughForm(site, page, EDITOR, next);
}

/** The editor, signed in, on `next`. bypassCSP: axe is injected as an inline script, which the site's policy rightly refuses. */
async function editorPage(viewport: { width: number; height: number }, next: string): Promise<Page> {
  const context = await browser.newContext({ viewport, bypassCSP: true });
  contexts.push(context);
  const page = waitsForApp(await context.newPage());
  await logIn(page, next);
  return page;
}

/** What a visitor reads in the page's main part as the server sends it: no script runs. */
async function serverText(urlPath: string): Promise<{ status: number; text: string; html: string }> {
  const context = await browser.newContext({ viewport: WIDE, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const response = await page.goto(`${site.url}${urlPath}`);
    const main = page.locator('main');
    return {
      status: response?.status() ?? 0,
      text: (await main.count()) ? await main.innerText() : '',
      html: await page.content(),
    };
  } finally {
    await context.close();
  }
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: object, opts: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    return axe.run({ include: [['main']] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The page scrolls only up and down at this width. */
async function assertNoSidewaysScroll(page: Page, name: string): Promise<void> {
  const [scrollWidth, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(scrollWidth <= width, `${name}: the page is ${scrollWidth}px wide in a ${width}px window`);
}

/** A photo as a phone takes it: a JPEG made in the browser. */
async function generatedJpeg(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1600;
    canvas.height = 1000;
    const ctx = canvas.getContext('2d')!;
    const sky = ctx.createLinearGradient(0, 0, 0, 1000);
    sky.addColorStop(0, '#f6c26b');
    sky.addColorStop(1, '#2d4373');
    ctx.fillStyle = sky;
    ctx.fillRect(0, 0, 1600, 1000);
    ctx.fillStyle = '#fff3c4';
    ctx.beginPath();
    ctx.arc(800, 640, 180, 0, Math.PI * 2);
    ctx.fill();
    return canvas.toDataURL('image/jpeg', 0.9);
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

describe('content staff pages', () => {
  let editor: Page;

  it('an editor writes a devotional dated today with a tag and a photo; once published it is on /, /daily-devotion and its tag page, rendered on the server', async () => {
    editor = await editorPage(WIDE, '/admin/devotionals/new');
    const errors = collectPageErrors(editor);
    await editor.getByRole('heading', { level: 1, name: 'New devotional' }).waitFor();
    assert.ok(
      await editor.getByRole('navigation', { name: 'Staff pages' }).getByRole('link', { name: 'Devotionals' }).isVisible(),
    );
    await savePageScreenshot(editor, 'staff-devotional-new-1280');

    await editor.getByLabel('Title').fill(TODAY_TITLE);
    await editor.getByLabel('Verses').fill('Psalm 5:3');
    await editor.getByLabel('Add a tag').fill(TAG);
    await editor.getByLabel('Add a tag').press('Enter');
    await editor.getByRole('list', { name: 'Chosen tags' }).getByText(TAG).waitFor();
    await editor
      .getByLabel('Photo')
      .setInputFiles({ name: 'sunrise.jpg', mimeType: 'image/jpeg', buffer: await generatedJpeg(editor) });
    await editor.locator('img[src^="/media/uploads/img-"]').waitFor();
    const body = editor.getByRole('textbox', { name: 'Devotional' });
    await body.click();
    await editor.keyboard.type('My voice shalt thou hear in the morning, O Lord.');
    await editor.keyboard.press('Enter');
    await editor.getByRole('button', { name: 'Bold' }).click();
    await editor.keyboard.type('Speak first to Him');
    await editor.getByRole('button', { name: 'Bold' }).click();
    await editor.keyboard.type(', before the day speaks to you.');

    await editor.getByRole('button', { name: 'Preview' }).click();
    const preview = editor.getByRole('region', { name: /Preview/ });
    await preview.getByRole('heading', { name: TODAY_TITLE }).waitFor();
    assert.ok(await preview.getByText('Psalm 5:3').isVisible());
    await savePageScreenshot(editor, 'staff-devotional-preview-1280');
    await preview.getByRole('button', { name: 'Back to editing' }).click();

    await editor.getByRole('button', { name: 'Save and publish' }).click();
    await editor.getByText(`Published: “${TODAY_TITLE}” is on the site now.`).waitFor();
    await editor.getByRole('heading', { level: 1, name: `Edit: ${TODAY_TITLE}` }).waitFor();
    assert.equal(
      await editor.getByLabel('Address', { exact: true }).getAttribute('readonly'),
      '',
      'its address is kept once published',
    );
    await savePageScreenshot(editor, 'staff-devotional-edit-1280');
    assert.deepEqual(await axeViolations(editor), [], 'the devotional form passes the accessibility checks');

    const stored = (await (
      await editor.request.get(`${site.url}/api/admin/devotionals?q=${encodeURIComponent(TODAY_TITLE)}`)
    ).json()) as {
      data: { items: { slug: string; detail: string; image: string }[] };
    };
    const [mine] = stored.data.items;
    assert.ok(mine, 'the staff list has it');
    assert.match(mine.detail, /<strong>Speak first to Him<\/strong>/);
    assert.match(mine.image, /^\/media\/uploads\/img-/);

    // Every public page has it at once, in the HTML the server sends.
    for (const urlPath of ['/', '/daily-devotion', `/daily-devotion/tag/${TAG}`, `/devotional-detail/${mine.slug}`]) {
      const { status, text, html } = await serverText(urlPath);
      assert.equal(status, 200, urlPath);
      assert.ok(text.includes(TODAY_TITLE), `${urlPath} shows the new devotional before any script runs`);
      assert.match(
        html,
        /<source type="image\/webp" srcSet="\/media\/uploads\/img-[^"]+-320\.webp 320w/i,
        `${urlPath}: the uploaded photo comes with its sizes`,
      );
    }
    assert.ok((await serverText(`/devotional-detail/${mine.slug}`)).text.includes('Psalm 5:3'), 'the verses are on its page');
    assert.deepEqual(errors, []);
  });

  it('a devotional dated tomorrow is on no public page until the site’s clock reaches its day', async () => {
    const tags = ['Hope'];
    const created = await editor.request.post(`${site.url}/api/admin/devotionals`, {
      headers: { origin: site.url },
      data: {
        title: TOMORROW_TITLE,
        slug: '',
        date: '',
        verses: '',
        tags,
        image: '/media/devotional-2.svg',
        detail: '<p>Give us this day.</p>',
      },
    });
    assert.equal(created.status(), 400, 'a date is needed');
    // Tomorrow on the church's clock: the staff form starts on today's date there.
    const today = (await (
      await editor.request.get(`${site.url}/api/admin/devotionals?q=${encodeURIComponent(TODAY_TITLE)}`)
    ).json()) as {
      data: { items: { date: string }[] };
    };
    const [y, m, d] = today.data.items[0]!.date.split('-').map(Number);
    const tomorrow = new Date(Date.UTC(y!, m! - 1, d! + 1)).toISOString().slice(0, 10);
    const res = await editor.request.post(`${site.url}/api/admin/devotionals`, {
      headers: { origin: site.url },
      data: {
        title: TOMORROW_TITLE,
        slug: '',
        date: tomorrow,
        verses: 'Matthew 6:11',
        tags,
        image: '/media/devotional-2.svg',
        detail: '<p>Give us this day.</p>',
      },
    });
    assert.equal(res.status(), 201, await res.text());
    const { data: draft } = (await res.json()) as { data: { _id: string; slug: string } };
    const published = await editor.request.post(`${site.url}/api/admin/devotionals/${draft._id}/publish`, {
      headers: { origin: site.url },
    });
    const { data: scheduled } = (await published.json()) as { data: { state: string; publishAt: string } };
    assert.equal(scheduled.state, 'scheduled');

    const nowhere = async () => {
      for (const urlPath of ['/', '/daily-devotion', '/daily-devotion/tag/Hope']) {
        assert.ok(!(await serverText(urlPath)).text.includes(TOMORROW_TITLE), `${urlPath} does not show it yet`);
      }
      assert.equal((await serverText(`/devotional-detail/${draft.slug}`)).status, 404);
      assert.equal((await fetch(`${site.url}/api/devotionals/${draft.slug}`)).status, 404);
    };
    await nowhere();

    // The editor sees it waiting in the list.
    await editor.goto(`${site.url}/admin/devotionals?state=scheduled`);
    const row = editor.getByRole('row').filter({ hasText: TOMORROW_TITLE });
    await row.waitFor();
    assert.match(await row.innerText(), /Scheduled for/);
    await savePageScreenshot(editor, 'staff-devotionals-scheduled-1280');

    // A minute into its day on the church's clock.
    const clock = await fetch(`${site.url}/api/test/clock`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: site.url },
      body: JSON.stringify({ at: new Date(new Date(scheduled.publishAt).getTime() + 60_000).toISOString() }),
    });
    assert.equal(clock.status, 200);
    for (const urlPath of ['/', '/daily-devotion', '/daily-devotion/tag/Hope', `/devotional-detail/${draft.slug}`]) {
      const { status, text } = await serverText(urlPath);
      assert.equal(status, 200, urlPath);
      assert.ok(text.includes(TOMORROW_TITLE), `${urlPath} shows it on its day`);
    }
    await editor.reload();
    await editor.getByText('No devotional matches these filters.').waitFor();
    assert.equal(await editor.getByRole('row').filter({ hasText: TOMORROW_TITLE }).count(), 0, 'no longer scheduled: published');
  });

  it('the staff lists and forms at phone width: nothing scrolls sideways but the tables, and they pass the accessibility checks', async () => {
    const phone = await editorPage(PHONE, '/admin/devotionals');
    for (const [urlPath, name, heading] of [
      ['/admin/devotionals', 'staff-devotionals-390', 'Devotionals'],
      ['/admin/devotionals/new', 'staff-devotional-new-390', 'New devotional'],
      ['/admin/news', 'staff-news-390', 'News'],
      ['/admin/news/new', 'staff-news-new-390', 'New news item'],
      ['/admin/press', 'staff-press-390', 'Press releases'],
    ] as const) {
      await phone.goto(`${site.url}${urlPath}`);
      await phone.getByRole('heading', { level: 1, name: heading }).waitFor();
      await phone.waitForLoadState('networkidle');
      await assertNoSidewaysScroll(phone, urlPath);
      assert.deepEqual(await axeViolations(phone), [], urlPath);
      await savePageScreenshot(phone, name);
    }
    const wide = await editorPage(WIDE, '/admin/devotionals');
    for (const [urlPath, name] of [
      ['/admin/devotionals', 'staff-devotionals-1280'],
      ['/admin/news', 'staff-news-1280'],
      ['/admin/press/new', 'staff-press-new-1280'],
    ] as const) {
      await wide.goto(`${site.url}${urlPath}`);
      await wide.locator('main h1').waitFor();
      await wide.waitForLoadState('networkidle');
      assert.deepEqual(await axeViolations(wide), [], urlPath);
      await savePageScreenshot(wide, name);
    }
  });

  it('the editor’s code loads only on the staff pages: the public pages never fetch it', async () => {
    const scripts = (page: Page) => {
      const seen: Response[] = [];
      page.on('response', (r) => {
        if (r.request().resourceType() === 'script') seen.push(r);
      });
      return seen;
    };
    const withEditor = async (responses: Response[]) => {
      const bodies = await Promise.all(responses.map((r) => r.text().catch(() => '')));
      return responses.filter((_, i) => /prosemirror/i.test(bodies[i]!)).map((r) => r.url());
    };

    const { context, page } = await newPage(browser, WIDE);
    contexts.push(context);
    for (const urlPath of ['/', '/daily-devotion', '/news', '/press']) {
      const seen = scripts(page);
      await page.goto(`${site.url}${urlPath}`);
      await page.waitForLoadState('networkidle');
      assert.deepEqual(await withEditor(seen), [], `${urlPath} loads no editor code`);
      if (urlPath === '/') {
        const sizes = await Promise.all(seen.map(async (r) => (await r.request().sizes()).responseBodySize));
        const total = sizes.reduce((a, b) => a + b, 0);
        assert.ok(total < 200 * 1024, `the home page fetches ${Math.round(total / 1024)} KB of JavaScript (budget 200 KB)`);
      }
      page.removeAllListeners('response');
    }

    const staff = await editorPage(WIDE, '/admin/devotionals');
    const seen = scripts(staff);
    await staff.goto(`${site.url}/admin/devotionals/new`);
    await staff.getByRole('textbox', { name: 'Devotional' }).waitFor();
    assert.notDeepEqual(await withEditor(seen), [], 'the devotional form loads the editor');
  });
});
