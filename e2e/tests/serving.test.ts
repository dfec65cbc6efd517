/**
 * Serving in the browser, production build: a member signs up for a
 * greeter's slot on /serve and finds it on /my-schedule, at phone and
 * desktop width; staff see it on the roster. Screenshots in e2e/artifacts.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import {
  collectPageErrors,
  hydrated,
  launchBrowser,
  logIn,
  newPage,
  savePageScreenshot,
  signUpThroughApi,
  startSite,
  type Site,
} from '../harness';

const ADMIN = { email: 'serving-admin@example.org', password: 'serving admin password 1' };
const stamp = Date.now();

let site: Site;
let browser: Browser;

const member = (name: string) => ({
  firstname: name,
  lastname: 'Servant',
  email: `${name.toLowerCase()}.${stamp}@example.org`,
  password: `${name} password 1`,
});

async function signUp(who: ReturnType<typeof member>): Promise<void> {
  const churches = (await (await fetch(`${site.url}/api/locations`)).json()) as { data: { _id: string }[] };
  await signUpThroughApi(site, {
    ...who,
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

before(async () => {
  site = await startSite({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

describe('serving', () => {
  for (const [width, height] of [
    [360, 780],
    [1440, 900],
  ] as const) {
    it(`a member signs up for a slot on /serve and sees it on /my-schedule (${width} px)`, async () => {
      const who = member(`Phoebe${width}`);
      await signUp(who);
      const { context, page } = await newPage(browser, { width, height });
      const errors = collectPageErrors(page);
      try {
        // A visitor sees the slots and is asked to sign in.
        await page.goto(`${site.url}/serve`);
        const greeters = page.getByRole('group', { name: 'Greeters: slots that need people' });
        await greeters.waitFor();
        await page.getByRole('link', { name: 'Sign in to sign up' }).waitFor();
        await savePageScreenshot(page, `serving-serve-visitor-${width}`);

        await logIn(site, page, who, '/serve');
        const row = greeters.getByRole('listitem').nth(width === 360 ? 0 : 1);
        const label = (await row.getAttribute('aria-label'))!;
        const button = await hydrated(row.getByRole('button', { name: /^Sign up/ }));
        await button.click();
        await row.getByText('You are serving ✓').waitFor();
        await savePageScreenshot(page, `serving-serve-member-${width}`);

        await page.goto(`${site.url}/my-schedule`);
        const mine = page.getByRole('list', { name: 'Your slots' });
        const slot = mine.getByRole('listitem');
        await slot.first().waitFor();
        assert.equal(await slot.count(), 1);
        const [position, when] = label.split(', ');
        assert.equal(await slot.first().getAttribute('aria-label'), `${position}, ${when!.replace(' at ', ', ')}`);
        await savePageScreenshot(page, `serving-my-schedule-${width}`);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }

  it('the staff see the sign-ups on the roster (834 px)', async () => {
    const { context, page } = await newPage(browser, { width: 834, height: 1000 });
    try {
      await logIn(site, page, ADMIN, '/admin/serving');
      await page.getByRole('heading', { level: 1, name: 'Serving' }).waitFor();
      await page
        .getByRole('list', { name: /^Serving: / })
        .first()
        .waitFor();
      const names = await page.getByRole('list', { name: /^Serving: / }).allInnerTexts();
      assert.ok(names.join('\n').includes('Phoebe360 Servant'), names.join('\n'));
      assert.ok(names.join('\n').includes('Phoebe1440 Servant'), names.join('\n'));
      await savePageScreenshot(page, 'serving-admin-834');
      await page.goto(`${site.url}/serve`);
      await page.getByRole('group', { name: 'Greeters: slots that need people' }).waitFor();
      await savePageScreenshot(page, 'serving-serve-834');
    } finally {
      await context.close();
    }
  });
});
