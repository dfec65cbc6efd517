/**
 * A member's whole account journey in the browser: two-step signup, the
 * profile (each section and the photo), logout, a password reset through the
 * e-mailed link, a login with the new password, and on a phone a sign-in
 * with a one-time code by e-mail ("Keep me logged in" shown and asked).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { collectPageErrors, DESKTOP, launchBrowser, mailedLink, MOBILE, newPage, startSite, type Site } from '../harness';

let site: Site;
let browser: Browser;

before(async () => {
  site = await startSite();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The six digits of the newest sign-in code mailed to `to` (waits for the mail). */
async function mailedCode(to: string): Promise<string> {
  const dir = path.join(site.dataDir, 'outbox');
  for (let i = 0; i < 100; i++) {
    const code = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .map((f) => readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, ''))
      .filter((m) => m.includes(`To: ${to}`) && /sign-in code/.test(m))
      .map((m) => /is:\s+(\d{6})\b/.exec(m)?.[1])
      .at(-1);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no sign-in code mailed to ${to}`);
}

async function confirmSave(page: Page, section: string) {
  const region = page.getByRole('region', { name: section });
  await region.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your update' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await region.getByRole('button', { name: `Modify ${section.replace(/^\d+ /, '')}` }).waitFor();
}

describe('a member account', () => {
  const email = `ruth.${Date.now()}@example.org`;

  it('signs up in two steps, edits the profile, logs out, resets the password and logs in again', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const errors = collectPageErrors(page);
    await page.goto(`${site.url}/signup/0`);

    // Step 1
    await page.getByLabel('First name').fill('Ruth');
    await page.getByLabel('Last name').fill('Mensah');
    await page.getByLabel('Birth date').fill('1990-05-04');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('first password');
    await page.getByLabel('Confirm password').fill('first password');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/nextSignup');

    // Step 2
    await page.getByLabel('Gender').selectOption('Female');
    await page.getByLabel('Civil status').selectOption('Married');
    await page.getByLabel('Country of origin').selectOption('Ghana');
    assert.match(await page.getByLabel('State or region').innerText(), /Choose your country first/);
    await page.getByLabel('Country of residence').selectOption('Ghana');
    await page.getByRole('option', { name: 'Greater Accra' }).waitFor({ state: 'attached' });
    await page.getByLabel('State or region').selectOption('Greater Accra');
    const church = page.getByLabel('Church', { exact: true });
    await church.locator('option').nth(1).waitFor({ state: 'attached' });
    await church.selectOption({ index: 1 });
    await page.getByLabel('Seniority (years in the church)').fill('7');
    await page.getByLabel('How did you hear about the apostle?').fill('Through the TV network.');
    await page.getByRole('button', { name: 'Sign Up' }).click();

    // The link mailed to the address confirms it and signs the member in, at home
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    await page.goto(`${site.url}${await mailedLink(site, email, '/verify-email/')}`);
    await page.waitForURL(`${site.url}/`);
    await page.getByRole('button', { name: /Ruth/ }).click();
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: 'Ruth Mensah' }).waitFor();

    // 01 Basic Info
    const basic = page.getByRole('region', { name: '01 Basic Info' });
    await basic.getByRole('button', { name: 'Modify Basic Info' }).click();
    await basic.getByLabel('First name').fill('Ruthie');
    await basic.getByLabel('Civil status').selectOption('Single');
    await confirmSave(page, '01 Basic Info');
    await page.getByRole('heading', { name: 'Ruthie Mensah' }).waitFor();

    // 02 Church
    const churchSection = page.getByRole('region', { name: '02 Church' });
    await churchSection.getByRole('button', { name: 'Modify Church' }).click();
    await churchSection.getByLabel('Seniority (years in the church)').fill('21');
    await confirmSave(page, '02 Church');

    // 03 Security: a wrong current password is refused, then the right one works
    const security = page.getByRole('region', { name: '03 Security' });
    await security.getByRole('button', { name: 'Modify Security' }).click();
    await security.getByLabel('Current password', { exact: true }).fill('not my password');
    await security.getByLabel('New password', { exact: true }).fill('second password');
    await security.getByLabel('Confirm new password').fill('second password');
    await security.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog', { name: 'Confirm your update' }).getByRole('button', { name: 'Save' }).click();
    await security.getByText('Your current password is not correct.').waitFor();
    await security.getByLabel('Current password', { exact: true }).fill('first password');
    await confirmSave(page, '03 Security');

    // Photo
    const photoFile = path.join(tmpdir(), `photo-${Date.now()}.png`);
    writeFileSync(photoFile, PNG);
    await page.getByRole('button', { name: 'Change your profile photo' }).click();
    const modal = page.getByRole('dialog', { name: 'Profile Photo' });
    await modal.getByLabel('Upload picture').setInputFiles(photoFile);
    await modal.getByText(/New picture chosen/).waitFor();
    await modal.getByRole('button', { name: 'Save Changes' }).click();
    const img = page.getByRole('button', { name: 'Change your profile photo' }).locator('img');
    await img.waitFor();
    assert.match((await img.getAttribute('src'))!, /^\/media\/uploads\/[0-9a-f-]+\.webp$/);
    // Once the browser has the file (loaded or failed), it must be a real picture.
    await img.evaluate((el: HTMLImageElement) =>
      el.complete
        ? undefined
        : new Promise((resolve) => {
            el.addEventListener('load', resolve, { once: true });
            el.addEventListener('error', resolve, { once: true });
          }),
    );
    assert.ok(await img.evaluate((el: HTMLImageElement) => el.naturalWidth > 0), 'the stored photo loads');

    // Saved values survive a reload
    await page.reload();
    await page.getByRole('heading', { name: 'Ruthie Mensah' }).waitFor();
    await page.getByRole('region', { name: '02 Church' }).getByLabel('Seniority (years in the church)').waitFor();
    assert.equal(
      await page.getByRole('region', { name: '02 Church' }).getByLabel('Seniority (years in the church)').inputValue(),
      '21',
    );
    assert.equal(await page.getByRole('region', { name: '01 Basic Info' }).getByLabel('Civil status').inputValue(), 'Single');

    // Log out: the session ends on the server too, so even the cookie the browser held before is refused
    const userId = (await page.evaluate(() => localStorage.getItem('token')))!;
    const searchMe = `${site.url}/api/user/search/${encodeURIComponent(userId)}`;
    const cookieHeader = async () => (await context.cookies(site.url)).map((c) => `${c.name}=${c.value}`).join('; ');
    const before = await cookieHeader();
    assert.equal((await fetch(searchMe, { headers: { cookie: before } })).status, 200, 'signed in before logging out');
    await page.getByRole('button', { name: /Ruthie/ }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${site.url}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'LOGIN', exact: true }).waitFor();
    assert.equal(
      (await fetch(searchMe, { headers: { cookie: before } })).status,
      401,
      'the old session cookie is dead on the server',
    );
    assert.equal((await fetch(searchMe, { headers: { cookie: await cookieHeader() } })).status, 401);
    assert.equal(await page.evaluate(async (url) => (await fetch(url)).status, searchMe), 401);

    // Forgot password → e-mailed link → new password
    await page.goto(`${site.url}/login`);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Forgot your password?' });
    await forgot.getByLabel('Email').fill(email);
    await forgot.getByRole('button', { name: 'Send me a link' }).click();
    await forgot.getByText(/we have sent it a link/).waitFor();
    const resetPath = await mailedLink(site, email, '/reset-password/');
    await page.goto(`${site.url}${resetPath}`);
    await page.getByLabel('New password', { exact: true }).fill('third password');
    await page.getByLabel('Confirm new password').fill('third password');
    await page.getByRole('button', { name: 'Save my new password' }).click();
    await page.getByRole('link', { name: 'Go to login' }).click();

    // The old password no longer works; the new one does
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('second password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Incorrect email or password, please try again.').waitFor();
    await page.getByLabel('Password').fill('third password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${site.url}/`);
    await page.getByRole('button', { name: /Ruthie/ }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('at phone width: "Keep me logged in" shows and is asked, and a member signs in with a code e-mailed to them', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    const errors = collectPageErrors(page);
    await page.goto(`${site.url}/login`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    // Shown at every width, ticked by default: a shared phone is not kept signed in unasked.
    const remember = page.getByLabel('Keep me logged in');
    assert.equal(await remember.isVisible(), true);
    assert.equal(await remember.isChecked(), true);
    await remember.uncheck();

    // "E-mail me a code", beside the password.
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'E-mail me a code' }).click();
    const codeForm = page.getByRole('form', { name: 'Sign in with a code' });
    await codeForm.getByRole('button', { name: 'E-mail me a code' }).click();
    await codeForm.getByText(/we have sent it a code/).waitFor();
    await codeForm.getByLabel('Code from the e-mail').fill(await mailedCode(email));
    await codeForm.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${site.url}/`);
    const sid = (await context.cookies()).find((c) => c.name === 'sid');
    assert.ok(sid, 'signed in');
    assert.equal(sid.expires, -1, 'not kept: the box was unticked, so the session ends with the browser');

    await page.goto(`${site.url}/signup/0`);
    await page.getByRole('button', { name: 'Next' }).click();
    assert.ok((await page.getByText('Required').count()) >= 2);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
