/**
 * Giving history end to end, with the local (test-mode) payment provider: a
 * donor gives on the donation page (adding the processing fees after seeing
 * the total), finds "My giving" from the profile, sees their gifts and their
 * monthly gift, downloads this year's statement PDF and it holds their gifts
 * and the total (its text read here); desktop and mobile.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  collectPageErrors,
  DESKTOP,
  launchBrowser,
  MOBILE,
  newPage,
  savePageScreenshot,
  signUpThroughApi,
  startSite,
  type Site,
  logIn as logInThroughForm,
} from '../harness';

let site: Site;
let browser: Browser;

// Fees of 2% + $0.50: a $50 gift offers $1.50.
before(async () => {
  site = await startSite({ DONATION_FEE_PERCENT: '2', DONATION_FEE_FIXED: '0.50' });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}

async function signUp(): Promise<{ email: string; password: string }> {
  const churches = ((await (await fetch(`${site.url}/api/locations`)).json()) as { data: { _id: string }[] }).data;
  const email = `giver-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.org`;
  const password = 'a long password';
  await signUpThroughApi(site, {
    firstname: 'Lydia',
    lastname: 'Thyatira',
    birth_date: '1979-04-12',
    email,
    password,
    gender: 'Female',
    civil_status: 'Married',
    church: churches[0]._id,
    countryOfOrigin: 'Ghana',
    country: 'Canada',
    city: 'Ontario',
    seniority: 3,
    source: 'The TV network',
  });
  return { email, password };
}

async function logIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await logInThroughForm(site, page, who);
}

/** Gives on the test-mode donation page: the amount, then the review with its fee offer. */
async function give(
  page: Page,
  type: string,
  frequency: string,
  amount: string,
  coverFee: { fee: string; total: string; screenshot: string } | null,
) {
  await page.goto(`${site.url}/pay/donate/${type}?frequency=${frequency}`);
  await page.getByLabel(/^Amount in dollars/).fill(amount);
  await page.getByRole('button', { name: 'Continue' }).click();
  const offer = page.getByLabel(/^Add \$[\d.]+ to cover processing fees$/);
  await offer.waitFor();
  if (coverFee) {
    assert.equal(await offer.getAttribute('id'), 'coverFee');
    await page.getByText(`Add ${coverFee.fee} to cover processing fees`).waitFor();
    await offer.check();
    await page
      .getByRole('status')
      .filter({ hasText: `Total: ${coverFee.total}` })
      .waitFor();
    await savePageScreenshot(page, coverFee.screenshot);
  }
  await page.getByRole('button', { name: 'Give (test)' }).click();
  await page.getByText(/test gift of .* was recorded/).waitFor();
}

describe('giving history', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    it(`a donor covers the fee, sees their gifts on My giving and downloads their statement PDF with their gifts (${name})`, async () => {
      const donor = await signUp();
      const { context, page } = await newPage(browser, viewport);
      const errors = collectPageErrors(page);
      await logIn(page, donor);
      await give(page, 'offering', 'once', '50', { fee: '$1.50', total: '$51.50', screenshot: `giving-fee-${name}` });
      await give(page, 'charitable', 'monthly', '20', null);

      await page.goto(`${site.url}/profile`);
      await page.getByRole('link', { name: /^My giving/ }).click();
      await page.waitForURL('**/my-giving');
      await page.getByRole('heading', { level: 1, name: 'My giving' }).waitFor();
      const rows = page.getByRole('row');
      await rows.filter({ hasText: '$51.50' }).filter({ hasText: 'One-time' }).filter({ hasText: 'Offering' }).waitFor();
      await rows.filter({ hasText: '$20' }).filter({ hasText: 'Monthly' }).filter({ hasText: 'Charitable' }).waitFor();
      await page.getByText(/^Next gift on /).waitFor();
      await savePageScreenshot(page, `my-giving-${name}`);

      const year = new Date().getFullYear();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: `Download the ${year} statement (PDF)` }).click(),
      ]);
      assert.equal(download.suggestedFilename(), `giving-statement-${year}.pdf`);
      const file = await download.path();
      assert.ok(file, 'the statement is downloaded');
      const text = await pdfText(await readFile(file));
      assert.ok(text.includes('Luminaries Christian Ministries'), text);
      assert.ok(text.includes('Lydia Thyatira'), text);
      assert.ok(text.includes(`Giving statement ${year}`), text);
      assert.ok(/Offering One-time \$51\.50/.test(text), text);
      assert.ok(/Charitable Monthly \$20/.test(text), text);
      assert.ok(text.includes('Total $71.50'), text);

      // The monthly gift is stopped from the same page.
      await page.getByRole('button', { name: 'Cancel the monthly Charitable gift' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Stop this gift' }).click();
      await page.getByText('Stopped', { exact: true }).waitFor();
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
