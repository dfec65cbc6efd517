/**
 * The prayer wall in the browser, production build: a member asks for
 * prayer without their name, staff publish it, a second member presses
 * "I prayed", the requester marks it answered and tells the story, staff
 * publish the story, and a visitor sees both linked; "My posts" shows each
 * state along the way; a report flags a published comment for the
 * moderators, who hide it. Screenshots at desktop and phone width in e2e/artifacts.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  collectPageErrors,
  DESKTOP,
  launchBrowser,
  MOBILE,
  newPage,
  savePageScreenshot,
  shownText,
  signUpThroughApi,
  startSite,
  type Site,
  logIn as logInThroughForm,
} from '../harness';

const ADMIN = { email: 'prayer-moderator@example.org', password: 'moderator password 1' };
const PRAYER = 'Please pray that I find work before the winter.';
const NOTE = 'I start at the hospital on Monday!';
const COMMENT = 'Check out cheap watches at my shop.';
const UPDATE = 'Two interviews next week, thank you for praying.';

let site: Site;
let browser: Browser;
const stamp = Date.now();
const nia = { firstname: 'Nia', lastname: 'Quarshie', email: `nia.${stamp}@example.org`, password: 'nia password 1' };
const kofi = { firstname: 'Kofi', lastname: 'Mensah', email: `kofi.${stamp}@example.org`, password: 'kofi password 1' };

async function signUp(member: typeof nia): Promise<void> {
  const churches = (await (await fetch(`${site.url}/api/locations`)).json()) as { data: { _id: string }[] };
  await signUpThroughApi(site, {
    ...member,
    birth_date: '1990-05-02',
    gender: 'Female',
    civil_status: 'Single',
    church: churches.data[0]!._id,
    countryOfOrigin: 'Ghana',
    country: 'Ghana',
    city: 'Greater Accra',
    seniority: 3,
    source: 'A friend',
  });
}

async function logIn(page: Page, who: { email: string; password: string }, next = '/community'): Promise<void> {
  await logInThroughForm(site, page, who, next);
  // What the member's page loads for them arrives after it: what the test types goes in once it has.
  await page.waitForLoadState('networkidle');
}

/** Staff publish the one post of `kind` waiting whose text has `text`. */
async function publish(page: Page, one: 'prayer request' | 'prayer update' | 'story' | 'comment', text: string): Promise<void> {
  await page.goto(`${site.url}/admin/moderation`);
  const post = page.getByRole('article', { name: new RegExp(`^${one} by `) }).filter({ hasText: text });
  await post.getByRole('button', { name: 'Publish' }).click();
  await post.waitFor({ state: 'detached' });
}

const prayerCard = (page: Page) =>
  page.getByRole('list', { name: 'Prayer requests' }).getByRole('listitem').filter({ hasText: PRAYER });

before(async () => {
  site = await startSite({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  await signUp(nia);
  await signUp(kofi);
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

describe('the prayer wall', () => {
  const contexts: BrowserContext[] = [];
  after(async () => {
    for (const context of contexts) await context.close();
  });
  const open = async (viewport = DESKTOP) => {
    const { context, page } = await newPage(browser, viewport);
    contexts.push(context);
    return page;
  };
  let requester: Page;
  let staff: Page;
  let member: Page;
  let storyText = '';

  it('a member asks for prayer without their name; it waits in "My posts"; staff publish it; the public sees "Anonymous"', async () => {
    requester = await open();
    const errors = collectPageErrors(requester);
    await logIn(requester, nia);
    await requester.getByLabel('Your prayer request', { exact: true }).fill(PRAYER);
    await requester.getByRole('checkbox', { name: 'Post without my name' }).check();
    await requester.getByRole('button', { name: 'Post prayer' }).click();
    await prayerCard(requester).waitFor();
    assert.match(await shownText(prayerCard(requester)), /Nia Quarshie[\s\S]*Awaiting review[\s\S]*Posted without your name/);

    await requester.goto(`${site.url}/community/my-posts`);
    await requester.getByRole('article', { name: 'Prayer request, waiting for review' }).filter({ hasText: PRAYER }).waitFor();

    staff = await open();
    await logIn(staff, ADMIN, '/admin/moderation');
    await publish(staff, 'prayer request', PRAYER);

    // The server's page and the API name nobody.
    const html = await (await fetch(`${site.url}/community`)).text();
    assert.ok(html.includes(PRAYER), 'the server renders the prayer');
    const api = await (await fetch(`${site.url}/api/prayers/`)).text();
    for (const trace of ['Nia', 'Quarshie', nia.email]) {
      assert.ok(!html.includes(trace), `the page holds "${trace}"`);
      assert.ok(!api.includes(trace), `the API holds "${trace}"`);
    }
    const visitor = await open(MOBILE);
    await visitor.goto(`${site.url}/community`);
    assert.match(await shownText(prayerCard(visitor)), /^\s*Anonymous/);
    await savePageScreenshot(visitor, 'prayer-wall-mobile-visitor');
    assert.deepEqual(errors, []);
  });

  it('a second member presses "I prayed"; the count follows, and a second press takes it back', async () => {
    member = await open(MOBILE);
    await logIn(member, kofi);
    const card = prayerCard(member);
    await card.getByRole('button', { name: 'I prayed' }).click();
    await card.getByText('1 person prayed').waitFor();
    assert.equal(await card.getByRole('button', { name: '✓ I prayed' }).getAttribute('aria-pressed'), 'true');
    await card.getByRole('button', { name: '✓ I prayed' }).click();
    await card.getByText('0 people prayed').waitFor();
    await card.getByRole('button', { name: 'I prayed' }).click();
    await card.getByText('1 person prayed').waitFor();
    await savePageScreenshot(member, 'prayer-wall-mobile-member');
  });

  it("the requester posts an update; once staff publish it, a visitor's page arrives with it and the browser asks for nothing more", async () => {
    await requester.goto(`${site.url}/community`);
    const card = prayerCard(requester);
    await card.getByRole('button', { name: 'Post an update' }).click();
    await card.getByLabel('Your update for those praying').fill(UPDATE);
    await card.getByRole('button', { name: 'Post update' }).click();
    await card.getByText(/waiting for review/).waitFor();
    await publish(staff, 'prayer update', UPDATE);

    // The server renders the update with the wall and hands it over with the page.
    const html = await (await fetch(`${site.url}/community`)).text();
    assert.ok(html.includes(UPDATE), 'the server renders the update');
    const visitor = await open(MOBILE);
    const asked: string[] = [];
    visitor.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) asked.push(request.url());
    });
    await visitor.goto(`${site.url}/community`);
    await visitor.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    await visitor.waitForLoadState('networkidle');
    const updates = prayerCard(visitor).getByRole('list', { name: 'Updates from the requester' });
    assert.match(await shownText(updates), new RegExp(UPDATE));
    assert.deepEqual(asked, [], 'taking the page over asks the API for nothing');
  });

  it('the requester marks it answered and tells the story; staff publish it; a visitor follows the links both ways', async () => {
    await requester.goto(`${site.url}/community`);
    const card = prayerCard(requester);
    await card.getByText('1 person prayed').waitFor();
    await card.getByRole('button', { name: 'Mark as answered' }).click();
    await card.getByLabel('How was it answered? (optional)').fill(NOTE);
    await card.getByRole('button', { name: 'Mark answered' }).click();
    await card.getByText(`Answered · ${NOTE}`).waitFor();
    await card.getByRole('link', { name: 'Tell the church the story' }).click();
    await requester.waitForURL(/\/community\?tab=story&prayer=/);
    await requester.getByRole('note').filter({ hasText: 'Your story will be linked to your answered prayer.' }).waitFor();
    const box = requester.getByLabel('Your story', { exact: true });
    assert.match(await box.inputValue(), new RegExp(`^I asked the church to pray: "${PRAYER}"`));
    await box.press('Control+End');
    await box.pressSequentially('a nursing job close to home.');
    storyText = await box.inputValue();
    await requester.getByRole('button', { name: 'Share story' }).click();
    await requester.getByRole('link', { name: 'Answered prayer' }).first().waitFor();
    await savePageScreenshot(requester, 'prayer-wall-desktop-story-waiting');

    await publish(staff, 'story', 'a nursing job close to home.');

    const visitor = await open();
    await visitor.goto(`${site.url}/community?tab=story`);
    const story = visitor
      .getByRole('region', { name: 'Stories from our members' })
      .getByRole('article')
      .filter({ hasText: 'a nursing job close to home.' });
    await story.getByRole('link', { name: 'Answered prayer' }).click();
    await visitor.waitForURL(/\/community#prayer-/);
    const answered = prayerCard(visitor);
    await answered.getByText(`Answered · ${NOTE}`).waitFor();
    await answered.getByRole('link', { name: 'Read the story' }).click();
    await visitor.waitForURL(/\/community\?tab=story#story-/);
    assert.ok(storyText.length > 0);
    await savePageScreenshot(visitor, 'prayer-wall-desktop-visitor');

    // "My posts" shows both published.
    await requester.goto(`${site.url}/community/my-posts`);
    await requester.getByRole('article', { name: 'Prayer request, published' }).filter({ hasText: PRAYER }).waitFor();
    await requester.getByRole('article', { name: 'Story, published' }).waitFor();
    await savePageScreenshot(requester, 'prayer-wall-desktop-my-posts');
  });

  it('a report flags a published comment for the moderators, with its reason; it stays up until they hide it', async () => {
    await member.goto(`${site.url}/community?tab=story`);
    const story = member
      .getByRole('region', { name: 'Stories from our members' })
      .getByRole('article')
      .filter({ hasText: 'a nursing job close to home.' });
    await story.getByRole('button', { name: 'Comment' }).click();
    await story.getByLabel('Your comment').fill(COMMENT);
    await story.getByRole('button', { name: 'Post comment' }).click();
    await story.getByText(COMMENT).waitFor();
    await publish(staff, 'comment', COMMENT);

    await requester.goto(`${site.url}/community?tab=story`);
    const mine = requester
      .getByRole('region', { name: 'Stories from our members' })
      .getByRole('article')
      .filter({ hasText: 'a nursing job close to home.' });
    await mine.getByText(COMMENT).waitFor();
    await mine.getByRole('button', { name: 'Report this comment' }).click();
    const dialog = requester.getByRole('dialog', { name: 'Report this comment' });
    await dialog.getByLabel('What is wrong with it?').fill('An advert for a shop');
    await dialog.getByRole('button', { name: 'Report' }).click();
    await mine.getByText(COMMENT).waitFor({ state: 'detached' });

    // One member's report flags it; it is not taken down for everyone.
    assert.ok((await (await fetch(`${site.url}/api/story/`)).text()).includes(COMMENT), 'the comment is still on the site');
    await staff.goto(`${site.url}/admin/moderation`);
    const queued = staff.getByRole('article', { name: /^comment by Kofi Mensah/ }).filter({ hasText: COMMENT });
    assert.match(await shownText(queued), /Reported once: still on the site until you decide/);
    assert.match(await shownText(queued), /Reported [^:]*: An advert for a shop/);
    await queued.getByRole('button', { name: 'Hide…' }).click();
    await queued.getByRole('button', { name: 'Hide and tell the author' }).click();
    await queued.waitFor({ state: 'detached' });
    assert.ok(!(await (await fetch(`${site.url}/api/story/`)).text()).includes(COMMENT), 'hidden by the staff: off the site');
  });
});
