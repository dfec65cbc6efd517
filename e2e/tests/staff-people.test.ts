/**
 * The staff pages about people, production build: an admin makes a member
 * an editor, who then finds the Staff pages link and moderates at
 * /admin/moderation; the admin disables a member, whose open page is
 * signed out on its next action (and whose login says why); an editor
 * edits a location and the public Locations tab (and its server-rendered
 * HTML) shows it; the subscribers page counts and downloads its list. The
 * staff pages pass axe and keep the page from scrolling sideways on a
 * phone. Screenshots at 390 and 1280 px in e2e/artifacts.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  collectPageErrors,
  launchBrowser,
  newPage,
  settled,
  savePageScreenshot,
  shownText,
  signUpThroughApi,
  startSite,
  waitsForApp,
  type Site,
  logIn as logInThroughForm,
} from '../harness';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 900 };
const ADMIN = { email: 'office-admin@example.org', password: 'office admin password 1' };
const stamp = Date.now();
const helen = { firstname: 'Helen', lastname: 'Helper', email: `helen.${stamp}@example.org`, password: 'helen password 1' };
const dan = { firstname: 'Dan', lastname: 'Departing', email: `dan.${stamp}@example.org`, password: 'dan password 1' };
const pat = { firstname: 'Pat', lastname: 'Petitioner', email: `pat.${stamp}@example.org`, password: 'pat password 1' };
const PRAYER = 'Please pray for the roof repairs of our school.';
const NEW_NAME = 'Luminaries Wilmington East Chapel';

let site: Site;
let browser: Browser;
const contexts: BrowserContext[] = [];
const errors: string[][] = [];

async function signUp(member: typeof helen): Promise<void> {
  const churches = (await (await fetch(`${site.url}/api/locations`)).json()) as { data: { _id: string }[] };
  await signUpThroughApi(site, {
    ...member,
    birth_date: '1988-02-14',
    gender: 'Female',
    civil_status: 'Married',
    church: churches.data[1]!._id,
    countryOfOrigin: 'United States',
    country: 'United States',
    city: 'Delaware',
    seniority: 4,
    source: 'A friend',
  });
}

/** A member's session cookie, through the API. */
async function sessionOf(who: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${site.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.url },
    body: JSON.stringify({ email: who.email, password: who.password, remember: false }),
  });
  assert.equal(res.status, 200, await res.clone().text());
  const id = ((await res.json()) as { data: { _id: string } }).data._id;
  return `${/sid=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0]}|${id}`;
}

async function open(viewport = WIDE): Promise<Page> {
  const { context, page } = await newPage(browser, viewport);
  contexts.push(context);
  errors.push(collectPageErrors(page));
  return page;
}

async function logIn(page: Page, who: { email: string; password: string }, next: string): Promise<void> {
  await logInThroughForm(site, page, who, next);
}

async function axeViolations(page: Page): Promise<string[]> {
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

before(async () => {
  site = await startSite({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  for (const member of [helen, dan, pat]) await signUp(member);
  // Pat asks for prayer: it waits for the moderators.
  const [cookie, patId] = (await sessionOf(pat)).split('|');
  const posted = await fetch(`${site.url}/api/prayers/add/${patId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.url, cookie: cookie! },
    body: JSON.stringify({ text: PRAYER }),
  });
  assert.equal(posted.status, 201, await posted.text());
  for (const email of ['ruth.subscriber@example.org', 'boaz.subscriber@example.org']) {
    await fetch(`${site.url}/api/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.url },
      body: JSON.stringify({ email }),
    });
  }
});

after(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await site?.stop();
});

describe('staff pages: people', () => {
  let admin: Page;
  let editor: Page;

  it('an admin makes a member an editor; the editor finds the Staff pages link and moderates at /admin/moderation', async () => {
    editor = await open(WIDE);
    await logIn(editor, helen, '/community');
    const account = editor.getByRole('button', { name: 'Helen' });
    await account.click();
    assert.equal(await editor.getByRole('link', { name: 'Staff pages' }).count(), 0, 'a member has no staff link');
    await account.click();

    admin = await open(WIDE);
    await logIn(admin, ADMIN, '/admin/members');
    await admin.getByRole('searchbox', { name: 'Find a member by name or e-mail' }).fill('helen helper');
    await admin.getByRole('button', { name: 'Search', exact: true }).click();
    await admin.getByText('1 member matches “helen helper”.').waitFor();
    const row = admin.getByRole('row', { name: /Helen Helper/ });
    assert.match(await shownText(row), /Member[\s\S]*Active[\s\S]*0 prayers · 0 stories · 0 comments/);
    await savePageScreenshot(admin, 'staff-people-members-1280');
    await row.getByRole('link', { name: 'Helen Helper' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Helen Helper' }).waitFor();
    const role = admin.getByRole('region', { name: 'Role' });
    await role.getByLabel('Role').selectOption('editor');
    await role.getByRole('button', { name: 'Change role' }).click();
    await admin.getByText('Helen Helper is now an editor.').waitFor();

    // Helen's open page learns her new role when it loads again.
    await editor.reload();
    await editor.getByRole('button', { name: 'Helen' }).click();
    await editor.getByRole('link', { name: 'Staff pages' }).click();
    await editor.waitForURL(`${site.url}/admin`);
    const bar = editor.getByRole('navigation', { name: 'Staff pages' });
    await bar.getByRole('link', { name: 'Moderation' }).click();
    await editor.waitForURL(`${site.url}/admin/moderation`);
    assert.equal(await bar.getByRole('link', { name: 'Members' }).count(), 0, 'the members page is for admins');
    assert.equal(await bar.getByRole('link', { name: 'Locations' }).count(), 1);
    const prayer = editor.getByRole('article', { name: 'prayer request by Pat Petitioner' });
    await prayer.waitFor();
    await savePageScreenshot(editor, 'staff-people-moderation-1280');
    await prayer.getByRole('button', { name: 'Publish' }).click();
    await editor.getByText('The prayer request is published.').waitFor();
    const wall = (await (await fetch(`${site.url}/api/prayers/`)).text()).includes(PRAYER);
    assert.ok(wall, 'the prayer is on the wall');

    await admin.goto(`${site.url}/admin/activity`);
    const log = admin.getByRole('region', { name: 'Changes, newest first' });
    await log.getByText(`Prayer request by Pat Petitioner published: "${PRAYER}"`).waitFor();
    assert.match(
      await shownText(log),
      /Helen Helper[\s\S]*Prayer request by Pat Petitioner published[\s\S]*Helen Helper's role changed from member to editor/,
    );
  });

  it('the admin disables a member, whose open page is signed out on its next action; the login page says why', async () => {
    const member = await open(PHONE);
    await logIn(member, dan, '/community');
    await member.getByLabel('Your prayer request', { exact: true }).waitFor();

    await admin.goto(`${site.url}/admin/members?q=${encodeURIComponent(dan.email)}`);
    await admin.getByRole('link', { name: 'Dan Departing' }).click();
    const access = admin.getByRole('region', { name: 'Account and posting' });
    await access.getByRole('button', { name: 'Disable account…' }).click();
    await admin
      .getByRole('dialog', { name: "Disable Dan Departing's account?" })
      .getByRole('button', { name: 'Disable account' })
      .click();
    await admin.getByText("Dan Departing's account is disabled; they are signed out.").waitFor();
    assert.match(await shownText(admin.getByRole('region', { name: 'Account', exact: true })), /Disabled/);

    // Dan's page, still open, tries to post.
    await member.getByLabel('Your prayer request', { exact: true }).fill('One more request.');
    await member.getByRole('button', { name: 'Post prayer' }).click();
    await member.getByText('You have been signed out. Please log in again.').waitFor();
    await member.waitForFunction(() => {
      const root = localStorage.getItem('persist:root');
      return root !== null && (JSON.parse(JSON.parse(root).auth ?? '{}') as { isAuth?: boolean }).isAuth !== true;
    });
    await savePageScreenshot(member, 'staff-people-signed-out-390');

    await member.goto(`${site.url}/login`);
    await member.getByLabel('Email').fill(dan.email);
    await member.getByLabel('Password').fill(dan.password);
    await member.getByRole('button', { name: 'Login' }).click();
    await member.getByText('This account is disabled. Please contact the church office.').waitFor();
    assert.equal(new URL(member.url()).pathname, '/login');
  });

  it('an editor edits a location; the public Locations tab and its server-rendered HTML show it', async () => {
    await editor.goto(`${site.url}/admin/locations`);
    const table = editor.getByRole('table', { name: 'Church locations' });
    const east = table.getByRole('row', { name: /Luminaries Wilmington East/ });
    assert.equal((await shownText(east.getByRole('cell').nth(2))).trim(), '3', 'Helen, Dan and Pat chose it');
    await east.getByRole('link', { name: /^Edit/ }).click();
    const form = editor.getByRole('form', { name: 'Edit Luminaries Wilmington East' });
    await form.getByLabel('Name').fill(NEW_NAME);
    await form.getByRole('button', { name: 'Add a service' }).click();
    const service = form.getByRole('listitem').last();
    await service.getByLabel('Service').fill('Youth Night');
    await service.getByLabel('Day').selectOption('5');
    await service.getByLabel('Time').fill('18:30');
    await savePageScreenshot(editor, 'staff-people-location-edit-1280');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await editor.waitForURL(`${site.url}/admin/locations`);
    await table.getByRole('row', { name: new RegExp(NEW_NAME) }).waitFor();

    const html = await (await fetch(`${site.url}/community?tab=location`)).text();
    assert.ok(html.includes(NEW_NAME), 'the server renders the new name');
    assert.ok(html.includes('Youth Night'), 'and the new service');
    const visitor = await open(PHONE);
    await visitor.goto(`${site.url}/community?tab=location`);
    const card = visitor.getByRole('tabpanel').getByRole('heading', { name: NEW_NAME });
    await card.waitFor();
    await savePageScreenshot(visitor, 'staff-people-locations-tab-390');
  });

  it('the subscribers page counts the subscribers and downloads them as CSV', async () => {
    await admin.goto(`${site.url}/admin/subscribers`);
    await admin.getByText('2 subscribers.').waitFor();
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Download all (CSV)' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    assert.match(csv, /"E-mail","Subscribed \(America\/New_York\)"\r\n/);
    assert.match(csv, /"ruth\.subscriber@example\.org","\d{4}-\d{2}-\d{2} \d{2}:\d{2}"/);
    assert.match(csv, /"boaz\.subscriber@example\.org"/);
  });

  it('every staff page of people passes axe and fits a phone, at 390 and 1280 px', async () => {
    const members = (await (await fetch(`${site.url}/api/locations`)).json()) as { data: { _id: string }[] };
    const found: string[] = [];
    for (const [name, viewport] of [
      ['390', PHONE],
      ['1280', WIDE],
    ] as const) {
      // bypassCSP: axe is injected as an inline script, which the site's policy rightly refuses.
      const context = await browser.newContext({ viewport, bypassCSP: true });
      contexts.push(context);
      const page = waitsForApp(await context.newPage());
      await logIn(page, ADMIN, '/admin');
      await page.goto(`${site.url}/admin/members?q=${encodeURIComponent(helen.email)}`);
      await page.getByRole('link', { name: 'Helen Helper' }).click();
      await page.getByRole('heading', { level: 1, name: 'Helen Helper' }).waitFor();
      const memberPath = new URL(page.url()).pathname;
      for (const [shot, path] of [
        ['moderation', '/admin/moderation'],
        ['locations', '/admin/locations'],
        ['location-edit', `/admin/locations/${members.data[0]!._id}`],
        ['location-new', '/admin/locations/new'],
        ['members', '/admin/members'],
        ['member', memberPath],
        ['subscribers', '/admin/subscribers'],
      ] as const) {
        await page.goto(`${site.url}${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await settled(page);
        for (const v of await axeViolations(page)) found.push(`${name} ${path} ${v}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        if (overflow > 0) found.push(`${name} ${path} scrolls sideways by ${overflow}px`);
        await savePageScreenshot(page, `staff-people-${shot}-${name}`);
      }
    }
    assert.deepEqual(found, []);
    assert.deepEqual(errors.flat(), []);
  });
});
