/**
 * The community journey in the browser: a member posts a prayer and a story
 * (they wait for review, seen only by their author), an admin publishes them
 * at /admin/moderation, a second member likes the story and comments,
 * the admin publishes the comment, and everyone (the author, the second
 * member, a visitor) sees the result. Screenshots at desktop and mobile
 * width, signed in and out, land in e2e/artifacts.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  collectPageErrors,
  DESKTOP,
  KEEP_SCREENSHOTS,
  launchBrowser,
  MOBILE,
  newPage,
  savePageScreenshot,
  shownText,
  signUpThroughApi,
  startSite,
  waitsForApp,
  type Site,
  logIn as logInThroughForm,
} from '../harness';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');
const ADMIN = { email: 'moderator@example.org', password: 'moderator password 1' };
const SENT = 'Your post has been sent and will be published soon';
const PRAYER = 'Please pray for my father, who starts chemotherapy next week.';
const STORY = 'After months without work, a member of the prayer team told me about an opening. I start on Monday!';
const COMMENT = 'Praise God, Hannah! So happy for you.';

let site: Site;
let browser: Browser;
const hannah = {
  firstname: 'Hannah',
  lastname: 'Boateng',
  email: `hannah.${Date.now()}@example.org`,
  password: 'hannah password 1',
};
const samuel = {
  firstname: 'Samuel',
  lastname: 'Adjei',
  email: `samuel.${Date.now()}@example.org`,
  password: 'samuel password 1',
};

async function signUp(member: typeof hannah): Promise<void> {
  const churches = (await (await fetch(`${site.url}/api/locations`)).json()) as { data: { _id: string }[] };
  await signUpThroughApi(site, {
    ...member,
    birth_date: '1988-03-12',
    gender: 'Female',
    civil_status: 'Single',
    church: churches.data[0]!._id,
    countryOfOrigin: 'Ghana',
    country: 'Ghana',
    city: 'Greater Accra',
    seniority: 5,
    source: 'A friend',
  });
}

/** Logs in through the login page, which then opens `next`. */
async function logIn(page: Page, who: { email: string; password: string }, next = '/community'): Promise<void> {
  await logInThroughForm(site, page, who, next);
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: object, opts: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    // The page's own content: the header and footer are the shell's, checked by the accessibility suite.
    return axe.run({ include: [['main']] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const storyBy = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Stories from our members' }).getByRole('article', { name: `Story by ${name}` });

async function screenshot(page: Page, name: string): Promise<void> {
  if (!KEEP_SCREENSHOTS) return;
  await page.waitForLoadState('networkidle');
  await savePageScreenshot(page, `community-${name}`);
}

before(async () => {
  site = await startSite({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  await signUp(hannah);
  await signUp(samuel);
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

describe('community', () => {
  const contexts: BrowserContext[] = [];
  after(async () => {
    for (const context of contexts) await context.close();
  });
  let author: Page;
  let admin: Page;
  let visitor: Page;
  const errors: string[][] = [];

  it('a member posts a prayer and a story; they wait for review and only the author sees them', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    contexts.push(context);
    author = page;
    errors.push(collectPageErrors(page));
    await logIn(page, hannah);

    await page.getByLabel('Your prayer request', { exact: true }).fill(PRAYER);
    await page.getByRole('button', { name: 'Post prayer' }).click();
    await page.getByText(SENT).first().waitFor();
    assert.equal(await page.getByLabel('Your prayer request', { exact: true }).inputValue(), '');
    const prayer = page.getByRole('list', { name: 'Prayer requests' }).getByRole('listitem').filter({ hasText: PRAYER });
    await prayer.waitFor();
    assert.match(await shownText(prayer), /Hannah Boateng[\s\S]*Awaiting review/);

    await page.getByRole('tab', { name: 'Share Your Story' }).click();
    await page.waitForURL(/\/community\?tab=story$/);
    await page.getByLabel('Your story', { exact: true }).fill(STORY);
    await page.getByRole('button', { name: 'Share story' }).click();
    await storyBy(page, 'Hannah Boateng').filter({ hasText: 'Awaiting review' }).waitFor();
    assert.equal(await page.getByLabel('Your story', { exact: true }).inputValue(), '');
    // A story awaiting review takes no likes or comments yet.
    assert.equal(await storyBy(page, 'Hannah Boateng').getByRole('button', { name: 'Like' }).count(), 0);
    await screenshot(page, 'desktop-member-pending');

    // A reload keeps them (from the server), still marked.
    await page.reload();
    await storyBy(page, 'Hannah Boateng').filter({ hasText: 'Awaiting review' }).waitFor();

    const { context: other, page: guest } = await newPage(browser, DESKTOP);
    contexts.push(other);
    visitor = guest;
    errors.push(collectPageErrors(guest));
    await guest.goto(`${site.url}/community`);
    await guest.getByRole('list', { name: 'Prayer requests' }).waitFor();
    assert.equal(await guest.getByText(PRAYER).count(), 0, 'a visitor does not see a pending prayer');
    assert.equal(await guest.getByRole('tabpanel').getByRole('textbox').count(), 0);
    assert.equal(await guest.getByRole('link', { name: 'Log in', exact: true }).getAttribute('href'), '/login?next=%2Fcommunity');
    await screenshot(guest, 'desktop-signed-out');
  });

  it('the moderation page is not found for a member', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    contexts.push(context);
    await logIn(page, samuel, '/admin/moderation');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await context.close();
    contexts.pop();
  });

  it('an admin publishes the prayer and the story at /admin/moderation', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    contexts.push(context);
    admin = page;
    errors.push(collectPageErrors(page));
    await logIn(page, ADMIN, '/community');
    await page.getByRole('link', { name: 'Moderate posts' }).click();
    await page.waitForURL(/\/admin\/moderation$/);
    const prayer = page.getByRole('article', { name: 'prayer request by Hannah Boateng' });
    const story = page.getByRole('article', { name: 'story by Hannah Boateng' });
    assert.match(await shownText(prayer), new RegExp(PRAYER.slice(0, 30)));
    await screenshot(page, 'desktop-moderation');
    await prayer.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('The prayer request is published.').waitFor();
    await story.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('The story is published.').waitFor();
    await page.getByText('Nothing is waiting for review.', { exact: false }).waitFor();
  });

  it('a second member likes the story (once, however fast) and comments on it', async () => {
    // bypassCSP: axe is injected as an inline script, which the site's policy rightly refuses.
    const context = await browser.newContext({ viewport: MOBILE, bypassCSP: true });
    const page = waitsForApp(await context.newPage());
    contexts.push(context);
    errors.push(collectPageErrors(page));
    await logIn(page, samuel, '/community?tab=story');
    const story = storyBy(page, 'Hannah Boateng');
    await story.waitFor();
    assert.match(await shownText(story), /0 likes/);
    assert.doesNotMatch(await shownText(story), /Awaiting review/);

    const like = story.getByRole('button', { name: 'Like' });
    await like.dblclick();
    await page.waitForFunction(() => !document.querySelector('button[aria-pressed][disabled]'));
    await page.waitForLoadState('networkidle');
    // However the double click fell, the server's count and the page agree, and a like counts once.
    if ((await like.getAttribute('aria-pressed')) === 'false') await like.click();
    await story.locator('button[aria-pressed="true"]').waitFor();
    await story.getByText('1 like', { exact: true }).waitFor();

    await story.getByRole('button', { name: 'Comment' }).click();
    await story.getByLabel('Your comment', { exact: true }).fill(COMMENT);
    await story.getByRole('button', { name: 'Post comment' }).click();
    await page.getByText(SENT).first().waitFor();
    await story.getByRole('listitem').filter({ hasText: COMMENT }).filter({ hasText: 'Awaiting review' }).waitFor();
    assert.equal(await story.getByLabel('Your comment', { exact: true }).inputValue(), '');
    assert.deepEqual(await axeViolations(page), []);
    await screenshot(page, 'mobile-member-story');

    // The author does not see the comment before it is published, but sees the like.
    await author.reload();
    const seen = storyBy(author, 'Hannah Boateng');
    await seen.getByText('1 like', { exact: true }).waitFor();
    assert.equal(await seen.getByText(COMMENT).count(), 0);
  });

  it('the admin publishes the comment, and everyone sees the result', async () => {
    await admin.reload();
    const comment = admin.getByRole('article', { name: 'comment by Samuel Adjei' });
    assert.match(await shownText(comment), /On the story: After months without work/);
    await comment.getByRole('button', { name: 'Publish' }).click();
    await admin.getByText('The comment is published.').waitFor();

    for (const page of [author, visitor, admin]) {
      await page.goto(`${site.url}/community`);
      const prayer = page.getByRole('list', { name: 'Prayer requests' }).getByRole('listitem').filter({ hasText: PRAYER });
      await prayer.waitFor();
      assert.doesNotMatch(await shownText(prayer), /Awaiting review/);

      await page.getByRole('tab', { name: 'Share Your Story' }).click();
      const story = storyBy(page, 'Hannah Boateng');
      await story.getByText(COMMENT).waitFor();
      const text = await shownText(story);
      assert.match(text, /1 like\b/);
      assert.match(text, /1 comment\b/);
      assert.match(text, /Samuel Adjei/);
      assert.doesNotMatch(text, /Awaiting review/);
      // Among the best stories now that somebody liked it.
      await page.getByRole('region', { name: 'Best stories' }).getByText(STORY.slice(0, 30)).waitFor();
    }
    assert.equal(
      await storyBy(visitor, 'Hannah Boateng').getByRole('button', { name: 'Like' }).count(),
      0,
      'no like control signed out',
    );
    assert.equal(
      await storyBy(author, 'Hannah Boateng').getByRole('button', { name: 'Like' }).getAttribute('aria-pressed'),
      'false',
    );

    // The home page's latest stories show it too.
    await visitor.goto(site.url);
    await visitor.getByRole('region', { name: 'Latest stories' }).getByText(STORY.slice(0, 30)).waitFor();
    assert.deepEqual(errors.flat(), []);
  });

  it('looks finished at desktop and mobile width, signed in and out, on every tab', async () => {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      for (const signedIn of [false, true]) {
        const { context, page } = await newPage(browser, viewport);
        if (signedIn) await logIn(page, hannah);
        for (const tab of ['prayer', 'story', 'location'] as const) {
          await page.goto(`${site.url}/community${tab === 'prayer' ? '' : `?tab=${tab}`}`);
          await page
            .getByRole('tabpanel')
            .getByRole(tab === 'location' ? 'article' : 'listitem')
            .first()
            .waitFor();
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          assert.ok(width <= viewport.width, `${name} ${tab}: no sideways scroll (${width}px)`);
          await screenshot(page, `${name}-${signedIn ? 'signed-in' : 'signed-out'}-${tab}`);
        }
        await context.close();
      }
    }
  });
});
