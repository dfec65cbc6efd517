/**
 * The newsletter, production build: a visitor subscribes in the footer, is
 * asked to confirm, follows the link of the mail and sees the confirmation
 * page; the unsubscribe link works signed out, and opened again says it is
 * done, for which address, and subscribes again; an admin previews the
 * week's newsletter, adds an opening paragraph and sends a test to
 * themselves. Screenshots at 360 and 1440 px in e2e/artifacts.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import {
  collectPageErrors,
  launchBrowser,
  mailedLink,
  newPage,
  savePageScreenshot,
  startSite,
  type Site,
  waitForMail,
} from '../harness';

const ADMIN = { email: 'newsletter-admin@example.org', password: 'newsletter admin password 1' };

let site: Site;
let browser: Browser;

describe('newsletter', () => {
  before(async () => {
    // The week's issue goes out at the last minute of the week (Saturday 23:59 on the church's clock), so
    // on any day the staff find it still planned; by default (Friday 07:00) it would have gone out on a
    // Friday morning or a Saturday, as soon as the site started.
    site = await startSite({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      NEWSLETTER_DAY: 'saturday',
      NEWSLETTER_TIME: '23:59',
    });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await site?.stop();
  });

  for (const width of [360, 1440]) {
    it(`a visitor subscribes in the footer, confirms from the mail and can unsubscribe signed out (${width} px)`, async () => {
      const email = `reader.${width}.${Date.now()}@example.org`;
      const { context, page } = await newPage(browser, { width, height: 900 });
      const errors = collectPageErrors(page);
      await page.goto(`${site.url}/`);
      // The newsletter box loads when the footer comes into view.
      const box = page.getByRole('form', { name: 'Newsletter' });
      // Scrolled to the bottom until it is there (the page grows as the parts above it load).
      await page.waitForFunction(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        return document.querySelector('form[aria-label="Newsletter"]') !== null;
      });
      await box.waitFor();
      await box.getByLabel('Your e-mail address').fill(email);
      await box.getByRole('button', { name: 'Subscribe' }).click();
      await page.getByText('Check your inbox to confirm your subscription.').first().waitFor();

      const confirm = await mailedLink(site, email, '/newsletter/confirm/');
      await page.goto(`${site.url}${confirm}`);
      await page.getByRole('heading', { name: 'You are subscribed' }).waitFor();
      assert.ok(await page.getByText(email).isVisible());
      await savePageScreenshot(page, `newsletter-confirmed-${width}`);

      const token = confirm.split('/').at(-1)!;
      await page.goto(`${site.url}/newsletter/unsubscribe/${token}`);
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
      await savePageScreenshot(page, `newsletter-unsubscribed-${width}`);

      // The used link, opened again: done, for which address, and a way back.
      await page.goto(`${site.url}/newsletter/unsubscribe/${token}`);
      await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
      await page.getByText(`Done: ${email} will not receive our newsletter any more.`).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Unsubscribe' }).count(), 0);
      await page.getByRole('button', { name: 'Subscribe again' }).click();
      await page.getByText('Check your inbox to confirm your subscription.').first().waitFor();
      await savePageScreenshot(page, `newsletter-used-unsubscribe-${width}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  for (const width of [360, 1440]) {
    it(`staff preview the week's newsletter, add an opening paragraph and send a test to themselves (${width} px)`, async () => {
      const { context, page } = await newPage(browser, { width, height: 900 });
      const errors = collectPageErrors(page);
      await page.goto(`${site.url}/login?next=${encodeURIComponent('/admin/newsletter')}`);
      await page.getByLabel('Email').fill(ADMIN.email);
      await page.getByLabel('Password').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(`${site.url}/admin/newsletter`);
      await page.getByRole('heading', { name: 'This week', exact: true }).waitFor();
      const preview = page.frameLocator('iframe[title="Preview of this week\'s newsletter"]');
      await preview.getByText('Upcoming events').waitFor();
      const opening = `A blessed week to you all (${width}).`;
      await page.getByLabel('Opening paragraph').fill(opening);
      await page.getByRole('button', { name: 'Save the opening paragraph' }).click();
      await preview.getByText(opening).waitFor();
      await page.getByRole('button', { name: 'Send me a test' }).click();
      await page.getByText(`A test was sent to ${ADMIN.email}.`).first().waitFor();
      await waitForMail(site, ADMIN.email, opening); // the test arrived with the opening paragraph
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `no sideways scrolling (${overflow} px)`);
      await savePageScreenshot(page, `newsletter-staff-${width}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
