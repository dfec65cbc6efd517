/**
 * Small groups in the browser: the finder (server-rendered, filtered by
 * the address) at phone and desktop widths, and a join journey: a member
 * asks to join with a message, the group's leader accepts it on /my-groups,
 * and the member finds the group among theirs (and a welcome mail).
 * Screenshots at 360 and 1440 px land in e2e/artifacts.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import {
  collectPageErrors,
  launchBrowser,
  logIn,
  newPage,
  savePageScreenshot,
  signUpThroughApi,
  startSite,
  type Site,
  waitForMail,
} from '../harness';

const ADMIN = { email: 'groups-admin@example.org', password: 'groups admin password 1' };
const GROUP = { slug: 'tuesday-night-bible-study', name: 'Tuesday Night Bible Study' };
const stamp = Date.now();
const lydia = { firstname: 'Lydia', lastname: 'Purple', email: `lydia.${stamp}@example.org`, password: 'lydia password 1' };
const silas = { firstname: 'Silas', lastname: 'Walker', email: `silas.${stamp}@example.org`, password: 'silas password 1' };

let site: Site;
let browser: Browser;

async function signUp(member: typeof lydia): Promise<void> {
  const churches = (await (await fetch(`${site.url}/api/locations`)).json()) as { data: { _id: string }[] };
  await signUpThroughApi(site, {
    ...member,
    church: churches.data[0]!._id,
    birth_date: '1990-05-01',
    gender: 'Female',
    civil_status: 'Married',
    country: 'Ghana',
    countryOfOrigin: 'Ghana',
    city: 'Greater Accra',
    seniority: 2,
    source: 'A friend',
  });
}

/** The admin makes Lydia the group's leader, through the staff API. */
async function makeLeader(): Promise<void> {
  const login = await fetch(`${site.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.url },
    body: JSON.stringify({ ...ADMIN, remember: false }),
  });
  assert.equal(login.status, 200);
  const cookie = /sid=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0];
  const group = (await (await fetch(`${site.url}/api/groups/${GROUP.slug}`)).json()) as { data: { _id: string } };
  const set = await fetch(`${site.url}/api/admin/groups/${group.data._id}/leaders`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: site.url, cookie },
    body: JSON.stringify({ emails: [lydia.email] }),
  });
  assert.equal(set.status, 200, await set.text());
}

describe('small groups', { timeout: 120_000 }, () => {
  before(async () => {
    site = await startSite({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    browser = await launchBrowser();
    await Promise.all([signUp(lydia), signUp(silas)]);
    await makeLeader();
  });
  after(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('the finder: server-rendered, filtered through the address, at 360 and 1440 px', async () => {
    const html = await (await fetch(`${site.url}/groups?kind=prayer`)).text();
    assert.match(html, /Intercessors/, 'the filtered list is in the served page');
    assert.doesNotMatch(html, /Tuesday Night Bible Study/);

    for (const width of [360, 1440]) {
      const { context, page } = await newPage(browser, { width, height: 900 });
      const errors = collectPageErrors(page);
      await page.goto(`${site.url}/groups`);
      await page.getByRole('article', { name: GROUP.name }).waitFor();
      assert.equal(await page.getByRole('article').count(), 9, 'a page of nine');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `no sideways scrolling at ${width} px (${overflow})`);
      await savePageScreenshot(page, `groups-finder-${width}`);
      {
        await page.getByLabel('Day', { exact: true }).selectOption({ label: 'Wednesday' });
        await page.waitForURL(`${site.url}/groups?day=3`);
        await page.getByRole('status').getByText('2 groups', { exact: true }).waitFor();
        assert.deepEqual(await page.getByRole('article').getByRole('heading').allTextContents(), [
          'Intercessors',
          'Young Adults Collective',
        ]);
        await page.getByRole('link', { name: 'Clear' }).click();
        await page.waitForURL(`${site.url}/groups`);
        await page.getByRole('link', { name: 'Page 2' }).click();
        await page.waitForURL(`${site.url}/groups?page=2`);
        await page.getByRole('article').first().waitFor();
      }
      await page.goto(`${site.url}/groups/${GROUP.slug}`);
      await page.getByRole('heading', { level: 1, name: GROUP.name }).waitFor();
      assert.ok(!(await page.content()).includes('@example.org'), "no member's address on the page");
      await savePageScreenshot(page, `group-page-${width}`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  it('a member asks to join; the leader accepts on /my-groups; the member finds the group among theirs', async () => {
    const member = await newPage(browser, { width: 360, height: 800 });
    await logIn(site, member.page, silas, `/groups/${GROUP.slug}`);
    await member.page.getByLabel(/A short message to the leaders/).fill('New in town, I would love to join.');
    await member.page.getByRole('button', { name: 'Ask to join' }).click();
    await member.page.getByText('You asked to join').waitFor();

    const leader = await newPage(browser, { width: 1440, height: 900 });
    await logIn(site, leader.page, lydia, '/my-groups');
    const request = leader.page.getByRole('article', { name: `Silas Walker asks to join ${GROUP.name}` });
    await request.getByText('New in town, I would love to join.').waitFor();
    await savePageScreenshot(leader.page, 'my-groups-leader-1440');
    await request.getByLabel(/A note to them/).fill('Welcome! We start at 7.');
    await request.getByRole('button', { name: /Accept/ }).click();
    await request.waitFor({ state: 'detached' });
    await leader.page.getByRole('button', { name: `Show the roster of ${GROUP.name}` }).click();
    await leader.page
      .getByRole('region', { name: `Roster of ${GROUP.name}` })
      .getByText('Silas Walker')
      .waitFor();

    assert.match(await waitForMail(site, silas.email, /Welcome to Tuesday Night Bible Study/), /Welcome! We start at 7\./);
    await member.page.goto(`${site.url}/my-groups`);
    await member.page.getByRole('article', { name: GROUP.name }).waitFor();
    await savePageScreenshot(member.page, 'my-groups-member-360');
    await member.context.close();
    await leader.context.close();
  });
});
