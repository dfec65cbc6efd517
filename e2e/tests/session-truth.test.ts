/**
 * The server's session decides who is signed in: a session cookie alone signs
 * the page in (no flash of LOGIN), a full load right after signing in stays
 * signed in, signing out in one tab signs out the others, and a session
 * ended elsewhere shows signed out at the next page.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, startSite, type Site } from '../harness';

const MEMBER = { email: 'session-admin@example.org', password: 'session password 1', firstname: 'Site' };

let site: Site;
let browser: Browser;

before(async () => {
  site = await startSite({ ADMIN_EMAIL: MEMBER.email, ADMIN_PASSWORD: MEMBER.password });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

/** A session started through the API: its cookie's value. */
async function sessionCookie(): Promise<string> {
  const res = await fetch(`${site.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.url },
    body: JSON.stringify({ email: MEMBER.email, password: MEMBER.password, remember: true }),
  });
  assert.equal(res.status, 200, await res.clone().text());
  const sid = /(?:^|,\s*)sid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  assert.ok(sid, 'the login set a session cookie');
  return sid;
}

const memberMenu = (page: Page) => page.getByRole('button', { name: MEMBER.firstname, exact: true });
const loginLink = (page: Page) => page.getByRole('link', { name: 'LOGIN', exact: true });

describe('the session decides who is signed in', () => {
  it('a session cookie alone signs the page in, with no LOGIN painted on the way', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await context.addCookies([{ name: 'sid', value: await sessionCookie(), url: site.url }]);
    // Whether the header ever showed LOGIN, from the first node the page parses.
    await context.addInitScript(() => {
      const seen = window as unknown as { sawLogin: boolean };
      seen.sawLogin = false;
      new MutationObserver(() => {
        if ([...document.querySelectorAll('a')].some((a) => a.textContent?.trim() === 'LOGIN')) seen.sawLogin = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${site.url}/events`);
    await memberMenu(page).waitFor();
    assert.equal(await page.evaluate(() => (window as unknown as { sawLogin: boolean }).sawLogin), false);
    // The browser's storage held nothing before: the store now follows the server.
    assert.equal(await page.evaluate(() => localStorage.getItem('token') !== null), true);
    await context.close();
  });

  it('a full load right after signing in stays signed in; signing out in one tab signs out the other', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto(`${site.url}/login`);
    await page.getByLabel('Email').fill(MEMBER.email);
    await page.getByLabel('Password').fill(MEMBER.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${site.url}/`);
    // At once, before the store may have been written.
    await page.reload();
    await memberMenu(page).waitFor();

    const other = await context.newPage();
    await other.goto(`${site.url}/about`);
    await memberMenu(other).waitFor();

    await memberMenu(page).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await loginLink(page).waitFor();
    // The other tab follows without a reload.
    await loginLink(other).waitFor();
    assert.equal(await memberMenu(other).count(), 0);
    await context.close();
  });

  it('a session ended elsewhere shows signed out at the next page', async () => {
    const sid = await sessionCookie();
    const { context, page } = await newPage(browser, DESKTOP);
    await context.addCookies([{ name: 'sid', value: sid, url: site.url }]);
    await page.goto(`${site.url}/about`);
    await memberMenu(page).waitFor();
    const out = await fetch(`${site.url}/api/user/logout`, {
      method: 'DELETE',
      headers: { cookie: `sid=${sid}`, origin: site.url },
    });
    assert.equal(out.status, 200);
    await page.goto(`${site.url}/events`);
    await loginLink(page).waitFor();
    await context.close();
  });
});
