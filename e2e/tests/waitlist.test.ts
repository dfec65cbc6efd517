/**
 * The waitlist end to end (production build, local test-mode payments): a
 * member joins the waitlist of a sold-out event on its page, the seat's
 * holder cancels their booking, the member is e-mailed an offer, follows the
 * e-mail's link straight to the checkout and pays; staff see the list on the
 * attendees page. Desktop and mobile.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import {
  collectPageErrors,
  DESKTOP,
  freePort,
  launchBrowser,
  MOBILE,
  newPage,
  savePageScreenshot,
  signUpThroughApi,
  startSite,
  type Site,
  waitForMails,
  logIn as logInThroughForm,
} from '../harness';

const ADMIN = { email: 'waitlist-admin@example.org', password: 'admin password 1' };

let site: Site;
let browser: Browser;

before(async () => {
  const port = await freePort();
  // The offer e-mail's link is written with PUBLIC_URL: the address the browser uses.
  site = await startSite({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

async function signUp(firstname: string): Promise<{ email: string; password: string }> {
  const res = await fetch(`${site.url}/api/locations`);
  const { data: churches } = (await res.json()) as { data: { _id: string }[] };
  const email = `waitlist-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.org`;
  const password = 'a long password';
  await signUpThroughApi(site, {
    firstname,
    lastname: 'Mensah',
    birth_date: '1984-06-02',
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

/** A call to the API from the page (the signed-in member's session); answers status and body. */
function call(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; json: { data?: unknown } }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json().catch(() => ({}))) as { data?: unknown } };
    },
    { method, url, body },
  );
}

/** The links of the seat offers mailed to `to`, oldest first, once there is one. */
async function offerLinks(to: string): Promise<string[]> {
  const offers = await waitForMails(site, to, /Subject: Seats for you/, 1);
  return offers.map((m) => /Pay for your seats: (\S+)/.exec(m)![1]!);
}

describe('waitlist', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    it(`a member joins the waitlist of a sold-out event, a seat frees, they follow the e-mail link and pay (${name})`, async () => {
      // Staff make an event of one seat; another member buys it.
      const admin = await newPage(browser, viewport);
      await logIn(admin.page, ADMIN);
      const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
      const created = await call(admin.page, 'POST', '/api/admin/events', {
        title: `Quiet Day ${name}`,
        description: 'A day of prayer and silence.',
        date: day,
        time: '10:00',
        durationMinutes: 300,
        place: 'address',
        churchId: null,
        address: '12 Orchard Lane, Dover, DE',
        photo: '/media/event-1.svg',
        price: 20,
        seats: 1,
      });
      assert.equal(created.status, 201, JSON.stringify(created.json));
      const eventId = (created.json.data as { _id: string })._id;

      const holder = await newPage(browser, viewport);
      const holderLogin = await signUp('Ama');
      await logIn(holder.page, holderLogin);
      // The member's id, as the login answers it (signing in once more in the same browser).
      const me = await call(holder.page, 'POST', '/api/user/login', holderLogin);
      const holderId = (me.json.data as { _id: string } | undefined)?._id ?? (me.json as { _id?: string })._id;
      assert.ok(holderId, 'the signed-in member');
      const checkout = await call(holder.page, 'POST', '/api/payment/create-checkout-session', {
        items: [{ quantity: 1, price: null }],
        user: holderId,
        event: eventId,
      });
      assert.equal(checkout.status, 200, JSON.stringify(checkout.json));
      const bookingId = (checkout.json.data as string).split('/').pop()!;
      const paid = await holder.page.evaluate(
        async (id) => (await fetch(`/pay/checkout/${id}/complete`, { method: 'POST', redirect: 'manual' })).type,
        bookingId,
      );
      assert.equal(paid, 'opaqueredirect');

      // The member finds it sold out and joins the waitlist.
      const member = await signUp('Efua');
      const { context, page } = await newPage(browser, viewport);
      const errors = collectPageErrors(page);
      await logIn(page, member);
      await page.goto(`${site.url}/events/${eventId}`);
      await page.getByRole('heading', { level: 1, name: `Quiet Day ${name}` }).waitFor();
      await page.getByText('Sold out', { exact: true }).first().waitFor();
      await page.getByRole('button', { name: 'Join the waitlist' }).click();
      await page.getByText(/You are number 1 on the waitlist for 1 seat/).waitFor();
      await savePageScreenshot(page, `waitlist-joined-${name}`);

      // Staff see them waiting.
      await admin.page.goto(`${site.url}/admin/events/${eventId}/attendees`);
      const list = admin.page.getByRole('table', { name: `Waitlist of Quiet Day ${name}` });
      await list.getByText(member.email).waitFor();

      // The seat's holder cancels: the seat is offered to the member by e-mail.
      const cancelled = await call(holder.page, 'POST', `/api/payment/my-bookings/${bookingId}/cancel`);
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.json));
      const links = await offerLinks(member.email);
      assert.equal(links.length, 1);
      const link = links[0]!;
      assert.ok(link.startsWith(`${site.url}/pay/checkout/`), link);

      // The event page says so too; the member follows the e-mail's link and pays.
      await page.reload();
      await page.getByText('1 seat came free for you.').waitFor();
      await page.goto(link);
      await page.getByRole('heading', { name: 'Checkout' }).waitFor();
      await page.getByRole('button', { name: /^Pay \$20/ }).click();
      await page.getByRole('heading', { name: 'Your tickets are confirmed' }).waitFor();
      await savePageScreenshot(page, `waitlist-paid-${name}`);
      await page.goto(`${site.url}/my-tickets`);
      await page
        .getByRole('link', { name: `Quiet Day ${name}` })
        .first()
        .waitFor();

      const event = (await (await fetch(`${site.url}/api/events/search/${eventId}`)).json()) as { data: { seatsLeft: number } };
      assert.equal(event.data.seatsLeft, 0, 'the one seat is sold once');
      assert.deepEqual(errors, []);
      await context.close();
      await holder.context.close();
      await admin.context.close();
    });
  }
});
