/**
 * Tickets end to end, with the local (test-mode) payment provider: a member
 * with two paid bookings sees each ticket's QR code, code and calendar link
 * on "My tickets", cancels one and sees it refunded (and e-mailed), the other
 * kept; staff check a ticket in at the door by its typed code, once;
 * desktop and mobile. A family reserves places at a free event (no payment
 * step), gets one ticket per person, and each is checked in on its own.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
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
  hydrated,
  waitForMails,
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
      const ticketMails = await waitForMails(site, member.email, /Subject: Your tickets:/, 2);
      assert.equal(ticketMails.length, 2);
      for (const mail of ticketMails) {
        assert.match(mail, /Content-Type: image\/png; name=ticket-qr\.png/i);
        assert.match(mail, /Content-Type: text\/calendar/i);
      }

      await page.goto(`${site.url}/my-tickets`);
      await page.getByRole('heading', { level: 1, name: 'My tickets' }).waitFor();
      const keepItem = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: keep.title }) });
      const giveItem = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: give.title }) });
      for (const item of [keepItem, giveItem]) {
        const qr = item.getByRole('img', { name: /^QR code of the ticket [0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/ }).first();
        await qr.waitFor();
        const size = await qr.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));
        assert.ok(size > 0, 'the QR code is drawn');
        assert.match(await item.getByLabel('Ticket code').first().innerText(), /^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);
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
      assert.equal((await waitForMails(site, member.email, /Subject: Booking cancelled:/, 1)).length, 1);
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
      await page.getByText(/^\d+ checked in \/ \d+ tickets$/).waitFor();
      const before = (await page.getByText(/^\d+ checked in \/ \d+ tickets$/).innerText()).match(/^(\d+)/)![1];
      await page.getByLabel('Ticket code').fill(code.toLowerCase());
      await page.getByRole('button', { name: 'Check in' }).click();
      await page.getByRole('status').filter({ hasText: 'Welcome! Checked in' }).waitFor();
      await page.getByText(`${Number(before) + 1} checked in /`, { exact: false }).waitFor();
      await savePageScreenshot(page, `check-in-${name}`);
      await page.getByLabel('Ticket code').fill(code);
      await page.getByRole('button', { name: 'Check in' }).click();
      const used = page.getByRole('alert').filter({ hasText: 'Already checked in at' });
      await used.waitFor();
      assert.match(await used.innerText(), /ticket 1 of 1 · booking [0-9A-F]{8} · on .* by /);
      await page.getByLabel('Ticket code').fill('nothing');
      await page.getByRole('button', { name: 'Check in' }).click();
      await page.getByRole('alert').filter({ hasText: 'That is not a ticket code' }).waitFor();
      await savePageScreenshot(page, `check-in-used-${name}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  it('a family reserves a free event (no payment), gets a ticket each, and each is checked in on its own', async () => {
    const member = await signUp();
    const staff = await newPage(browser, DESKTOP);
    const staffErrors = collectPageErrors(staff.page);
    await logIn(staff.page, ADMIN);
    const date = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
    const created = await staff.page.evaluate(async (date) => {
      const res = await fetch('/api/admin/events', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'Free Family Picnic',
          description: 'Games, food and prayer in the park. Everyone is welcome.',
          date,
          time: '12:00',
          durationMinutes: 180,
          place: 'address',
          churchId: null,
          address: '1 Park Lane, Toronto, ON',
          photo: '/media/event-1.svg',
          price: 0,
          seats: 40,
        }),
      });
      return { status: res.status, body: (await res.json()) as { data: { _id: string } } };
    }, date);
    assert.equal(created.status, 201);
    const eventId = created.body.data._id;

    for (const [name, viewport] of [
      ['360', { width: 360, height: 780 }],
      ['834', { width: 834, height: 1112 }],
      ['1440', { width: 1440, height: 900 }],
    ] as const) {
      await staff.page.setViewportSize(viewport);
      await staff.page.goto(`${site.url}/admin/events/${eventId}`);
      await staff.page.getByRole('checkbox', { name: /Free event/ }).waitFor();
      assert.equal(await staff.page.getByRole('checkbox', { name: /Free event/ }).isChecked(), true);
      await savePageScreenshot(staff.page, `free-event-form-${name}`);
    }

    const { context, page } = await newPage(browser, DESKTOP);
    const errors = collectPageErrors(page);
    await logIn(page, member);
    await page.goto(`${site.url}/events/${eventId}`);
    await page.getByRole('heading', { level: 2, name: 'Free event' }).waitFor();
    assert.equal(await page.getByLabel('Price per ticket').count(), 0, 'no price, no Buy');
    const places = await hydrated(page.getByLabel('Places (you and your guests)'));
    await places.fill('2');
    await (await hydrated(page.getByRole('button', { name: 'Reserve' }))).click();
    await page.getByRole('status').filter({ hasText: 'Reserved: 2 places.' }).waitFor();
    assert.equal((await waitForMails(site, member.email, /Subject: Your reservation: Free Family Picnic/, 1)).length, 1);

    await page.goto(`${site.url}/my-tickets`);
    const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Free Family Picnic' }) });
    await item.getByRole('listitem', { name: 'Ticket 2 of 2' }).waitFor();
    assert.match(await item.innerText(), /2 places · Free · reference [0-9A-F]{8}/);
    const codes = await item.getByLabel('Ticket code').allInnerTexts();
    assert.equal(codes.length, 2);
    assert.notEqual(codes[0], codes[1], 'a code each');
    for (const [name, viewport] of [
      ['360', { width: 360, height: 780 }],
      ['834', { width: 834, height: 1112 }],
      ['1440', { width: 1440, height: 900 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await item.getByRole('listitem', { name: 'Ticket 2 of 2' }).waitFor();
      await savePageScreenshot(page, `free-my-tickets-${name}`);
      await page.goto(`${site.url}/events/${eventId}`);
      await page.getByRole('heading', { level: 2, name: 'Free event' }).waitFor();
      await savePageScreenshot(page, `free-event-page-${name}`);
      await page.goto(`${site.url}/my-tickets`);
    }
    assert.deepEqual(errors, []);
    await context.close();

    // The door: the guest's ticket first, then a second scan of it, then the member's own.
    await staff.page.setViewportSize(MOBILE);
    await staff.page.goto(`${site.url}/admin/events/${eventId}/check-in`);
    await staff.page.getByText('0 checked in / 2 tickets').waitFor();
    const scan = async (code: string) => {
      await staff.page.getByLabel('Ticket code').fill(code);
      await (await hydrated(staff.page.getByRole('button', { name: 'Check in' }))).click();
    };
    await scan(codes[1]!);
    await staff.page
      .getByRole('status')
      .filter({ hasText: /ticket 2 of 2 · booking [0-9A-F]{8}/ })
      .waitFor();
    await staff.page.getByText('1 checked in / 2 tickets').waitFor();
    await scan(codes[1]!);
    await staff.page
      .getByRole('alert')
      .filter({ hasText: /^Already checked in at \d{2}:\d{2} (AM|PM)/ })
      .waitFor();
    await savePageScreenshot(staff.page, 'free-check-in-again-360');
    await scan(codes[0]!);
    await staff.page.getByRole('status').filter({ hasText: 'ticket 1 of 2' }).waitFor();
    await staff.page.getByText('2 checked in / 2 tickets').waitFor();

    for (const [name, viewport] of [
      ['360', { width: 360, height: 780 }],
      ['834', { width: 834, height: 1112 }],
      ['1440', { width: 1440, height: 900 }],
    ] as const) {
      await staff.page.setViewportSize(viewport);
      await staff.page.goto(`${site.url}/admin/events/${eventId}/attendees`);
      const row = staff.page
        .getByRole('table', { name: 'Bookings of Free Family Picnic' })
        .getByRole('row', { name: /Kofi Mensah/ });
      await row.waitFor();
      const text = await row.innerText();
      assert.match(text, /Reserved/);
      for (const code of codes) assert.match(text, new RegExp(`${code} · in at \\d{2}:\\d{2}`));
      await savePageScreenshot(staff.page, `free-attendees-${name}`);
      await staff.page.goto(`${site.url}/admin/events/${eventId}/check-in`);
      await staff.page.getByText('2 checked in / 2 tickets').waitFor();
      await savePageScreenshot(staff.page, `free-check-in-${name}`);
    }
    assert.deepEqual(staffErrors, []);
    await staff.context.close();
  });
});
