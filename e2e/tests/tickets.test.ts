/**
 * Tickets end to end, with the local (test-mode) payment provider: a member
 * with two paid bookings sees each ticket's QR code, code and calendar link
 * on "My tickets", cancels one and sees it refunded (and e-mailed), the other
 * kept; staff check a ticket in at the door by its typed code, once;
 * desktop and mobile.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
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

interface MinistryEvent {
  _id: string;
  title: string;
  event_date: string;
  seatsLeft: number;
}

const ADMIN = { email: 'door@example.org', password: 'admin password 1' };

let site: Site;
let browser: Browser;

before(async () => {
  site = await startSite({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

async function getJson<T>(urlPath: string): Promise<T> {
  const res = await fetch(`${site.url}${urlPath}`);
  assert.equal(res.status, 200, urlPath);
  return (await res.json()) as T;
}

async function signUp(): Promise<{ email: string; password: string }> {
  const { data: churches } = await getJson<{ data: { _id: string }[] }>('/api/locations');
  const email = `ticket-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.org`;
  const password = 'a long password';
  await signUpThroughApi(site, {
    firstname: 'Kofi',
    lastname: 'Mensah',
    birth_date: '1984-06-02',
    email,
    password,
    gender: 'Male',
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

/** Books and pays `quantity` seats in the page (the member's session): the API's checkout, then the test-mode Pay. */
async function buy(page: Page, userId: string, eventId: string, quantity: number): Promise<void> {
  const status = await page.evaluate(
    async ({ userId, eventId, quantity }) => {
      const checkout = await fetch('/api/payment/create-checkout-session', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ items: [{ quantity, price: null }], user: userId, event: eventId }),
      });
      if (!checkout.ok) return `checkout ${checkout.status} ${await checkout.text()}`;
      const { data: url } = (await checkout.json()) as { data: string };
      const paid = await fetch(`${url}/complete`, { method: 'POST', redirect: 'manual' });
      return paid.type === 'opaqueredirect' || paid.ok ? 'paid' : `pay ${paid.status}`;
    },
    { userId, eventId, quantity },
  );
  assert.equal(status, 'paid');
}

function mailsTo(to: string, subject: RegExp): string[] {
  const dir = path.join(site.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, ''))
    .filter((m) => m.toLowerCase().includes(`to: ${to.toLowerCase()}`) && subject.test(m));
}

async function logIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await logInThroughForm(site, page, who);
}

/** The member's id, as the login answers it (signing in once more in the same browser). */
async function memberId(page: Page, who: { email: string; password: string }): Promise<string> {
  const me = await page.evaluate(
    async (body) =>
      (await (
        await fetch('/api/user/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json()) as {
        data?: { _id: string };
        _id?: string;
      },
    who,
  );
  const id = me.data?._id ?? me._id;
  assert.ok(id, 'the signed-in member');
  return id;
}

describe('tickets', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    it(`a member sees each ticket's QR code, cancels one booking and sees it refunded (${name})`, async () => {
      const member = await signUp();
      const { data: events } = await getJson<{ data: MinistryEvent[] }>('/api/events');
      const later = events.filter((e) => e.seatsLeft >= 4 && Date.parse(e.event_date) > Date.now() + 72 * 3_600_000);
      assert.ok(later.length >= 2, 'two events more than three days ahead');
      const [keep, give] = later;

      const { context, page } = await newPage(browser, viewport);
      const errors = collectPageErrors(page);
      await logIn(page, member);
      const userId = await memberId(page, member);
      await buy(page, userId, keep._id, 1);
      await buy(page, userId, give._id, 2);
      assert.equal(mailsTo(member.email, /Subject: Your tickets:/).length, 2);
      for (const mail of mailsTo(member.email, /Subject: Your tickets:/)) {
        assert.match(mail, /Content-Type: image\/png; name=ticket-qr\.png/i);
        assert.match(mail, /Content-Type: text\/calendar/i);
      }

      await page.goto(`${site.url}/my-tickets`);
      await page.getByRole('heading', { level: 1, name: 'My tickets' }).waitFor();
      const keepItem = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: keep.title }) });
      const giveItem = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: give.title }) });
      for (const item of [keepItem, giveItem]) {
        const qr = item.getByRole('img', { name: /^QR code of the ticket [0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/ });
        await qr.waitFor();
        const size = await qr.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));
        assert.ok(size > 0, 'the QR code is drawn');
        assert.match(await item.getByLabel('Ticket code').innerText(), /^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);
        assert.match(
          (await item.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')) ?? '',
          /\/api\/events\/[0-9a-f-]{36}\/calendar\.ics$/,
        );
      }
      await savePageScreenshot(page, `tickets-${name}`);

      await giveItem.getByRole('button', { name: 'Cancel booking' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
      await giveItem.getByText('Refunded', { exact: true }).waitFor();
      await giveItem.getByText(/You cancelled this booking\. \$\d+ refunded/).waitFor();
      assert.equal(await giveItem.getByRole('img', { name: /QR code/ }).count(), 0);
      await keepItem.getByRole('img', { name: /QR code/ }).waitFor();
      await savePageScreenshot(page, `tickets-cancelled-${name}`);
      assert.equal(mailsTo(member.email, /Subject: Booking cancelled:/).length, 1);
      const { data: after } = await getJson<{ data: MinistryEvent }>(`/api/events/search/${give._id}`);
      assert.equal(after.seatsLeft, give.seatsLeft, 'the seats are back on sale');
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    it(`staff check a ticket in at the door by its typed code, once (${name})`, async () => {
      const member = await signUp();
      const { data: events } = await getJson<{ data: MinistryEvent[] }>('/api/events');
      const event = events.find((e) => e.seatsLeft >= 2 && Date.parse(e.event_date) > Date.now())!;
      const buyer = await newPage(browser, viewport);
      await logIn(buyer.page, member);
      await buy(buyer.page, await memberId(buyer.page, member), event._id, 1);
      await buyer.page.goto(`${site.url}/my-tickets`);
      const item = buyer.page.getByRole('listitem').filter({ has: buyer.page.getByRole('link', { name: event.title }) });
      const code = await item.getByLabel('Ticket code').innerText();
      await buyer.context.close();

      const { context, page } = await newPage(browser, viewport);
      const errors = collectPageErrors(page);
      await logIn(page, ADMIN);
      await page.goto(`${site.url}/admin/events/${event._id}/check-in`);
      await page.getByRole('heading', { level: 1, name: 'Check-in at the door' }).waitFor();
      await page.getByText(/^\d+ checked in \/ \d+ sold$/).waitFor();
      const before = (await page.getByText(/^\d+ checked in \/ \d+ sold$/).innerText()).match(/^(\d+)/)![1];
      await page.getByLabel('Ticket code').fill(code.toLowerCase());
      await page.getByRole('button', { name: 'Check in' }).click();
      await page.getByRole('status').filter({ hasText: 'Welcome! Checked in' }).waitFor();
      await page.getByText(`${Number(before) + 1} checked in /`, { exact: false }).waitFor();
      await savePageScreenshot(page, `check-in-${name}`);
      await page.getByLabel('Ticket code').fill(code);
      await page.getByRole('button', { name: 'Check in' }).click();
      const used = page.getByRole('alert').filter({ hasText: 'Already used' });
      await used.waitFor();
      assert.match(await used.innerText(), /checked in on .* by /);
      await page.getByLabel('Ticket code').fill('nothing');
      await page.getByRole('button', { name: 'Check in' }).click();
      await page.getByRole('alert').filter({ hasText: 'That is not a ticket code' }).waitFor();
      await savePageScreenshot(page, `check-in-used-${name}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
