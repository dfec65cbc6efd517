/**
 * A member's whole account journey in the browser: two-step signup, the
 * profile (each section and the photo), logout, a password reset through the
 * e-mailed link, a login with the new password, and on a phone a sign-in
 * with a one-time code by e-mail ("Keep me logged in" shown and asked); a
 * passkey added from the profile and signed in with (Chromium's virtual
 * authenticator); the devices list, "Download my data" and deleting the
 * account.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  collectPageErrors,
  DESKTOP,
  hydrated,
  launchBrowser,
  logIn,
  mailedLink,
  MOBILE,
  newPage,
  signUpThroughApi,
  startSite,
  type Site,
  waitForMail,
} from '../harness';

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
    await codeForm
      .getByLabel('Code from the e-mail')
      .fill(/is:\s+(\d{6})\b/.exec(await waitForMail(site, email, /sign-in code/))![1]!);
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

/** A confirmed member made through the API. */
async function memberThroughApi(firstname: string): Promise<{ email: string; password: string; firstname: string }> {
  const who = { firstname, email: `${firstname.toLowerCase()}.${Date.now()}@example.org`, password: `${firstname} password 1` };
  const churches = (await (await fetch(`${site.url}/api/locations`)).json()) as { data: { _id: string }[] };
  await signUpThroughApi(site, {
    ...who,
    lastname: 'Owusu',
    birth_date: '1985-06-01',
    gender: 'Female',
    civil_status: 'Single',
    church: churches.data[0]!._id,
    countryOfOrigin: 'Ghana',
    country: 'Ghana',
    city: 'Greater Accra',
    seniority: 4,
    source: 'A friend',
  });
  return who;
}

describe('passkeys, devices and the member’s data', () => {
  it('adds a passkey from the profile, signs out, and signs in with the passkey', async () => {
    // WebAuthn needs a secure context and the site's own host name (PUBLIC_URL is http://localhost:<port>).
    const local = site.url.replace('127.0.0.1', 'localhost');
    const who = await memberThroughApi('Priscilla');
    const { context, page } = await newPage(browser, DESKTOP);
    const errors = collectPageErrors(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await logIn({ ...site, url: local }, page, who, '/profile');

    const security = page.getByRole('region', { name: '03 Security' });
    const passkeys = security.getByRole('region', { name: 'Passkeys' });
    await passkeys.getByText('You have no passkey yet.').waitFor();
    await (await hydrated(passkeys.getByRole('button', { name: 'Add a passkey' }))).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await dialog.getByLabel('Name of this passkey').fill('Work laptop');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.waitFor({ state: 'detached' });
    const list = passkeys.getByRole('list', { name: 'Your passkeys' });
    await list.getByText('Work laptop').waitFor();
    assert.match(await list.innerText(), /Added .* · not used yet/);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    assert.equal(credentials.length, 1);
    assert.equal(credentials[0]!.isResidentCredential, true);

    const signOut = async () => {
      await page.getByRole('button', { name: who.firstname }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'LOGIN', exact: true }).waitFor();
    };
    const signedIn = async () => {
      await page.waitForURL(`${local}/`);
      await page.getByRole('button', { name: who.firstname }).waitFor();
      assert.ok(
        (await context.cookies(local)).some((c) => c.name === 'sid'),
        'the session cookie',
      );
    };

    // Signed out, then in again with the passkey alone: the browser offers it in the e-mail
    // field's autofill (the virtual authenticator picks it at once).
    await signOut();
    await page.goto(`${local}/login`, { waitUntil: 'commit' });
    await signedIn();

    // Where the browser has no passkey autofill, "Sign in with a passkey" asks for one.
    await signOut();
    await context.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
    });
    await page.goto(`${local}/login`);
    assert.equal(await page.getByLabel('Email').getAttribute('autocomplete'), 'username webauthn');
    await (await hydrated(page.getByRole('button', { name: 'Sign in with a passkey' }))).click();
    await signedIn();

    // The passkey's use shows; removing it asks first.
    await page.goto(`${local}/profile`);
    await list.getByText(/last used/).waitFor();
    await (await hydrated(list.getByRole('button', { name: 'Remove Work laptop' }))).click();
    const confirm = page.getByRole('dialog', { name: 'Remove this passkey?' });
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await confirm.waitFor({ state: 'detached' });
    await list.getByRole('button', { name: 'Remove Work laptop' }).click();
    await confirm.getByRole('button', { name: 'Remove passkey' }).click();
    await passkeys.getByText('You have no passkey yet.').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('lists the devices and signs out another, downloads the member’s data as a ZIP, and deletes the account', async () => {
    const who = await memberThroughApi('Phoebe');
    // Another device: a phone, signed in through the API.
    const phone = await fetch(`${site.url}/api/user/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: site.url,
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
      },
      body: JSON.stringify({ email: who.email, password: who.password, remember: true }),
    });
    assert.equal(phone.status, 200);
    const phoneCookie = `sid=${/(?:^|,\s*)sid=([^;]+)/.exec(phone.headers.get('set-cookie') ?? '')![1]}`;
    const phoneSignedIn = async () => (await fetch(`${site.url}/api/user/me`, { headers: { cookie: phoneCookie } })).status;
    assert.equal(await phoneSignedIn(), 200);

    const { context, page } = await newPage(browser, DESKTOP);
    const errors = collectPageErrors(page);
    await logIn(site, page, who, '/profile');

    // Devices: this one, and the phone, which is signed out from here.
    const devices = page.getByRole('list', { name: 'Your devices' });
    await devices.getByText('This device').waitFor();
    await (await hydrated(devices.getByRole('button', { name: 'Sign out Safari on iOS' }))).click();
    await devices.getByRole('button', { name: 'Sign out Safari on iOS' }).waitFor({ state: 'detached' });
    assert.equal(await phoneSignedIn(), 401);

    // Download my data: a ZIP arrives.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const file = path.join(tmpdir(), `my-data-${Date.now()}.zip`);
    await download.saveAs(file);
    assert.equal(readFileSync(file).subarray(0, 4).toString('latin1'), 'PK\x03\x04', 'a ZIP file');

    // Delete my account: the dialog says what happens; the password confirms it.
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByText(/This cannot be undone/).waitFor();
    await dialog.getByLabel('Delete them').check();
    await dialog.getByLabel('Your password').fill(who.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(`${site.url}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'LOGIN', exact: true }).waitFor();
    const again = await fetch(`${site.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.url },
      body: JSON.stringify({ email: who.email, password: who.password }),
    });
    assert.equal(again.status, 400, 'the account is gone');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
