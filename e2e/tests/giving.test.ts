/**
 * Giving end to end, with the local (test-mode) payment provider: a member
 * buys two tickets (logging in on the way, and coming back to the booking)
 * and sees them confirmed; a visitor opens the donation page of each type.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
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
} from '../harness';

/** What these tests read of the API's answers. */
interface MinistryEvent {
  _id: string;
  title: string;
  seat_price: number;
  seatsLeft: number;
}
interface Booking {
  event: { _id: string };
  quantity: number;
  status: string;
}

/** A price as the site shows it: "$15", "$12.50". */
const price = (amount: number) => `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;

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

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${site.url}${path}`);
  assert.equal(res.status, 200, path);
  return (await res.json()) as T;
}

/** A new member through the API, with a full signup body. */
async function signUp(): Promise<{ email: string; password: string }> {
  const { data: churches } = await getJson<{ data: { _id: string }[] }>('/api/locations');
  const email = `buyer-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.org`;
  const password = 'a long password';
  await signUpThroughApi(site, {
    firstname: 'Abena',
    lastname: 'Owusu',
    birth_date: '1988-03-14',
    email,
    password,
    gender: 'Female',
    civil_status: 'Single',
    church: churches[0]._id,
    countryOfOrigin: 'Ghana',
    country: 'Canada',
    city: 'Ontario',
    seniority: 7,
    source: 'The TV network',
  });
  return { email, password };
}

describe('buying tickets', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    it(`a member buys two tickets through the local checkout and sees them confirmed (${name})`, async () => {
      const member = await signUp();
      const { data: events } = await getJson<{ data: MinistryEvent[] }>('/api/events');
      const event = events.find((e) => e.seatsLeft >= 10)!;
      const { context, page } = await newPage(browser, viewport);
      const errors = collectPageErrors(page);

      // The event page: two tickets, Buy.
      await page.goto(`${site.url}/events/${event._id}`);
      await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
      assert.equal(await page.getByLabel('Price per ticket').inputValue(), price(event.seat_price));
      const count = page.getByLabel('Number of tickets');
      assert.equal(await count.inputValue(), '1');
      await count.fill('2');
      await page.getByRole('button', { name: 'Buy' }).click();
      await page.waitForURL(/\/booking$/);
      await page.getByRole('heading', { name: 'Book now!' }).waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem('event')), event._id);

      // Signed out: Pay goes to /login, which comes back to /booking with the same count.
      const total = price(event.seat_price * 2);
      await page.getByRole('button', { name: `Pay ${total}` }).click();
      await page.waitForURL(/\/login\?next=%2Fbooking$/);
      await page.getByLabel('Email').fill(member.email);
      await page.getByLabel('Password').fill(member.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(/\/booking$/);
      await page.getByRole('button', { name: `Pay ${total}` }).click();

      // The hosted test-mode checkout.
      await page.waitForURL(/\/pay\/checkout\/[0-9a-f-]{36}$/);
      await page.getByText('TEST MODE', { exact: true }).waitFor();
      assert.match(await page.locator('dl').innerText(), new RegExp(`2 × \\$${event.seat_price}\\b`));
      await savePageScreenshot(page, `giving-pay-${name}`);
      await page.getByRole('button', { name: `Pay ${total} (test)` }).click();

      // Back on the site: confirmed, and listed among the member's tickets (the profile shows them).
      await page.waitForURL(/\/booking\/success\?booking=/);
      await page.getByRole('heading', { name: 'Your tickets are confirmed' }).waitFor();
      await page.getByText(`2 × ${price(event.seat_price)}`, { exact: true }).waitFor();
      await savePageScreenshot(page, `giving-success-${name}`);
      const tickets = await page.evaluate(
        async () => (await (await fetch('/api/payment/my-tickets')).json()) as { data: Booking[] },
      );
      assert.deepEqual(
        tickets.data.map((t) => [t.event._id, t.quantity, t.status]),
        [[event._id, 2, 'paid']],
      );
      const { data: after } = await getJson<{ data: MinistryEvent }>(`/api/events/search/${event._id}`);
      assert.equal(after.seatsLeft, event.seatsLeft - 2);
      assert.equal(await page.evaluate(() => localStorage.getItem('event')), null);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});

describe('donations', () => {
  it('a visitor opens the donation page of each giving type in a new tab', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const errors = collectPageErrors(page);
    await page.goto(`${site.url}/offering`);
    await page.getByRole('heading', { level: 1, name: 'Donate & Help' }).waitFor();
    for (const [label, plan, expected] of [
      ['Offering', null, /name="amount"|Amount in dollars/],
      ['Tithing', null, /Amount in dollars/],
      ['Charitable', '$20 weekly', /\$20 every week/],
      ['Generous', '$250 monthly', /\$250 every month/],
    ] as const) {
      await page
        .getByRole('button', { name: new RegExp(`${label}`) })
        .first()
        .click();
      await page.getByText(new RegExp(`^${label} — `)).waitFor();
      if (plan) await page.getByText(plan, { exact: true }).click();
      const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: /^Donate/ }).click()]);
      await tab.waitForLoadState();
      assert.match(tab.url(), new RegExp(`/pay/donate/${label.toLowerCase()}\\?frequency=`));
      await tab.getByText('TEST MODE', { exact: true }).waitFor();
      assert.equal(await tab.getByRole('heading', { level: 1 }).innerText(), label);
      assert.match(await tab.content(), expected);
      await tab.close();
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
});
