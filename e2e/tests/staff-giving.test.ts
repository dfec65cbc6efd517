/**
 * The giving staff pages end to end, on the production build: an admin
 * creates an event with 10 seats at $15 (a photo uploaded), it shows on the
 * public pages at once (server-rendered too); a member buys 2 through the
 * local checkout; the attendees page and its CSV show them; the admin
 * cancels the event in the site's dialog; the member receives the
 * cancellation e-mail and sees the refund on /my-tickets. The staff pages
 * and My tickets pass axe and never scroll sideways on a phone.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  collectPageErrors,
  launchBrowser,
  newPage,
  settled,
  savePageScreenshot,
  signUpThroughApi,
  startSite,
  type Site,
  logIn as logInThroughForm,
  waitForMail,
} from '../harness';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const ADMIN = { email: 'pastor@example.org', password: 'admin password 1' };
const MEMBER = { email: `ticket-holder-${Date.now()}@example.org`, password: 'a long password' };
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const TITLE = `Staff Gala ${Math.random().toString(36).slice(2, 7)}`;

let site: Site;
let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let member: { context: BrowserContext; page: Page };
let eventId = '';

/** A plain PNG photo (a warm gradient), made here: the upload is re-encoded on the server. */
function photoPng(width = 640, height = 360): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // 8 bits per channel
  header.writeUInt8(2, 9); // RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      rows[row + 1 + x * 3] = 200 + Math.round((55 * x) / width);
      rows[row + 2 + x * 3] = 120 + Math.round((80 * y) / height);
      rows[row + 3 + x * 3] = 40;
    }
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function logIn(viewport: { width: number; height: number }, who: { email: string; password: string }) {
  const { context, page } = await newPage(browser, viewport);
  await logInThroughForm(site, page, who);
  return { context, page };
}

/** axe's WCAG 2.1 A/AA violations on the page as it is. */
async function violations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
  });
  return result.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}

/** The page at both widths: no sideways scroll, no axe violation, and a screenshot of each. */
async function checkAtBothWidths(page: Page, url: string, ready: (page: Page) => Promise<unknown>, name: string) {
  for (const [label, viewport] of [
    ['1280', WIDE],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(url);
    await ready(page);
    await settled(page);
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    assert.ok(scroll <= client, `${name} at ${label} px scrolls sideways (${scroll} > ${client})`);
    assert.deepEqual(await violations(page), [], `${name} at ${label} px`);
    await savePageScreenshot(page, `staff-giving-${name}-${label}`);
  }
}

before(async () => {
  site = await startSite({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  const churches = (await (await fetch(`${site.url}/api/locations`)).json()) as { data: { _id: string }[] };
  await signUpThroughApi(site, {
    firstname: 'Abena',
    lastname: 'Owusu',
    birth_date: '1988-03-14',
    email: MEMBER.email,
    password: MEMBER.password,
    gender: 'Female',
    civil_status: 'Single',
    church: churches.data[0]!._id,
    countryOfOrigin: 'Ghana',
    country: 'Canada',
    city: 'Ontario',
    seniority: 7,
    source: 'The TV network',
  });
  admin = await logIn(WIDE, ADMIN);
  member = await logIn(PHONE, MEMBER);
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

describe('the giving staff pages', () => {
  it('an admin creates an event with 10 seats at $15 and a photo; the public pages show it at once, server-rendered too', async () => {
    const { page } = admin;
    const errors = collectPageErrors(page);
    await page.goto(`${site.url}/admin/events`);
    await page.getByRole('navigation', { name: 'Staff pages' }).getByRole('link', { name: 'Donations' }).waitFor();
    await page.getByRole('link', { name: 'New event' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'New event' }).waitFor();

    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Title').fill(TITLE);
    await page.getByLabel('Description').fill('An evening of music, testimonies and thanksgiving for the year.');
    await page.getByLabel('Date').fill(day);
    await page.getByLabel('Time').fill('19:30');
    await page.getByLabel('Length in minutes').fill('150');
    const where = page.getByLabel('Where');
    const firstChurch = (await where.locator('option').nth(1).textContent())!;
    await where.selectOption({ index: 1 });
    await page.getByLabel('Photo').setInputFiles({ name: 'gala.png', mimeType: 'image/png', buffer: photoPng() });
    await page.locator('form picture source[type="image/webp"]').waitFor({ state: 'attached' });
    await page.getByLabel('Price per ticket (USD)').fill('15');
    await page.getByLabel('Seats').fill('10');
    await savePageScreenshot(page, 'staff-giving-new-event-filled-1280');
    await page.getByRole('button', { name: 'Create event' }).click();
    await page.getByRole('heading', { level: 1, name: `Edit: ${TITLE}` }).waitFor();
    eventId = /\/admin\/events\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
    await page.getByText('0 sold of 10 seats').waitFor();

    // The public list and page, as served to a visitor (server-rendered HTML), at once.
    const listHtml = await (await fetch(`${site.url}/events`)).text();
    assert.ok(listHtml.includes(TITLE), 'the events list, rendered on the server, shows the new event');
    const pageHtml = await (await fetch(`${site.url}/events/${eventId}`)).text();
    assert.ok(pageHtml.includes(TITLE));
    assert.match(pageHtml, /-320\.webp 320w/, 'the uploaded photo comes with its widths');
    const { data: listed } = (await (await fetch(`${site.url}/api/events`)).json()) as {
      data: { _id: string; seatsLeft: number; seat_price: number; place: { name: string } | null }[];
    };
    const shown = listed.find((e) => e._id === eventId)!;
    assert.deepEqual([shown.seatsLeft, shown.seat_price, shown.place?.name], [10, 15, firstChurch]);
    // As a visitor sees them, the uploaded photo at the width each layout needs.
    for (const [label, viewport] of [
      ['1280', WIDE],
      ['390', PHONE],
    ] as const) {
      const visitor = await newPage(browser, viewport);
      await visitor.page.goto(`${site.url}/events/${eventId}`);
      await visitor.page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      await visitor.page
        .locator('picture img')
        .first()
        .evaluate((img) => (img as HTMLImageElement).decode());
      await savePageScreenshot(visitor.page, `staff-giving-public-event-${label}`);
      await visitor.page.goto(`${site.url}/events`);
      await visitor.page.getByText(TITLE).first().waitFor();
      await savePageScreenshot(visitor.page, `staff-giving-public-events-${label}`);
      await visitor.context.close();
    }
    assert.deepEqual(errors, []);
  });

  it('a member buys 2 tickets through the local checkout', async () => {
    const { page } = member;
    const errors = collectPageErrors(page);
    await page.goto(`${site.url}/events/${eventId}`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    // The member's own state of the event (tickets, waitlist) arrives after the page: the form is filled once it has.
    await page.waitForLoadState('networkidle');
    assert.ok(await page.locator('picture source[type="image/webp"]').count(), 'the public page shows the photo with its srcset');
    await page.getByLabel('Number of tickets').fill('2');
    await page.getByRole('button', { name: 'Buy' }).click();
    await page.waitForURL(/\/booking$/);
    await page.getByRole('button', { name: 'Pay $30' }).click();
    await page.waitForURL(/\/pay\/checkout\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Pay $30 (test)' }).click();
    await page.waitForURL(/\/booking\/success\?booking=/);
    await page.getByRole('heading', { name: 'Your tickets are confirmed' }).waitFor();
    await waitForMail(site, MEMBER.email, new RegExp(`Subject: Your tickets: ${TITLE}`));
    assert.deepEqual(errors, []);
  });

  it('the attendees page and its CSV show them', async () => {
    const { page } = admin;
    await page.goto(`${site.url}/admin/events/${eventId}/attendees`);
    await page.getByRole('heading', { level: 1, name: `Attendees: ${TITLE}` }).waitFor();
    const row = page.getByRole('table', { name: `Bookings of ${TITLE}` }).getByRole('row', { name: /Abena Owusu/ });
    assert.match(await row.innerText(), new RegExp(`Abena Owusu\\s+${MEMBER.email.replace(/\./g, '\\.')}\\s+2\\s+Paid\\s+\\$30`));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^staff-gala-[a-z0-9]+-attendees\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // Every cell quoted (a formula character can never start one).
    assert.equal(
      lines[0],
      '"Name","E-mail","Booking reference","Tickets","Payment","Amount (USD)","Booked on","Paid on","Ticket","Ticket code","Checked in at","Checked in by","Sent to"',
    );
    // One row per ticket: the booking of 2 has two, each with its own code.
    assert.equal(lines.length, 3);
    assert.match(
      lines[1]!,
      new RegExp(`^"Abena Owusu","${MEMBER.email.replace(/\./g, '\\.')}","[0-9A-F]{8}","2","Paid","30\\.00",.*"1 of 2",`),
    );
    assert.match(lines[2]!, /"2 of 2","[0-9A-Z]{5}(-[0-9A-Z]{5}){3}",/);
    await checkAtBothWidths(
      page,
      `${site.url}/admin/events/${eventId}/attendees`,
      (p) => p.getByRole('table', { name: `Bookings of ${TITLE}` }).waitFor(),
      'attendees',
    );
  });

  it('the admin cancels in the site’s dialog; the member gets the e-mail and sees the refund on My tickets', async () => {
    const { page } = admin;
    await page.setViewportSize(WIDE);
    await page.goto(`${site.url}/admin/events/${eventId}`);
    await page.getByRole('button', { name: 'Cancel event' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel "${TITLE}"?` });
    await dialog.getByText('Its 1 paid booking will be refunded in full').waitFor();
    await savePageScreenshot(page, 'staff-giving-cancel-dialog-1280');
    await dialog.getByRole('button', { name: 'Cancel the event' }).click();
    await page.getByText(/This event was cancelled on/).waitFor();
    await page.getByText(`"${TITLE}" is cancelled: 1 paid booking refunded, 1 ticket holder e-mailed.`).waitFor();

    const mail = await waitForMail(site, MEMBER.email, new RegExp(`Subject: Cancelled: ${TITLE}`));
    assert.match(mail, /has been cancelled/);
    assert.match(mail, /refunded your payment of \$30 in full/);
    assert.match(mail, /\/my-tickets/);

    // The member: My tickets from the user menu's link (the phone's drawer).
    const mine = member.page;
    await mine.goto(`${site.url}/`);
    await mine.getByRole('button', { name: 'Open menu' }).click();
    await mine.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'My tickets' }).click();
    await mine.getByRole('heading', { level: 1, name: 'My tickets' }).waitFor();
    const ticket = mine.getByRole('listitem').filter({ hasText: TITLE });
    await ticket.getByText('Refunded', { exact: true }).waitFor();
    assert.match(await ticket.innerText(), /Event cancelled/);
    assert.match(await ticket.innerText(), /\$30 refunded on/);
    await checkAtBothWidths(
      mine,
      `${site.url}/my-tickets`,
      (p) => p.getByRole('listitem').filter({ hasText: TITLE }).waitFor(),
      'my-tickets',
    );

    // The public pages: out of the list, its own page says so, server-rendered too.
    const listHtml = await (await fetch(`${site.url}/events`)).text();
    assert.ok(!listHtml.includes(TITLE), 'a cancelled event leaves the public list');
    const pageHtml = await (await fetch(`${site.url}/events/${eventId}`)).text();
    assert.match(pageHtml, /This event is cancelled/);
    const { page: visitor, context } = await newPage(browser, PHONE);
    await visitor.goto(`${site.url}/events/${eventId}`);
    await visitor.getByRole('note').filter({ hasText: 'This event is cancelled' }).waitFor();
    assert.equal(await visitor.getByRole('button', { name: 'Buy' }).count(), 0);
    await savePageScreenshot(visitor, 'staff-giving-public-cancelled-390');
    await context.close();
  });

  it('the events list, the event form and the donations page pass axe and fit a phone', async () => {
    const { page } = admin;
    const gift = await page.context().request.post(`${site.url}/pay/donate/charitable`, {
      form: { frequency: 'weekly', amount: '20', nonce: crypto.randomUUID() },
      headers: { origin: site.url },
    });
    assert.equal(gift.status(), 200);
    await checkAtBothWidths(
      page,
      `${site.url}/admin/events`,
      (p) => p.getByRole('table', { name: 'Coming events' }).waitFor(),
      'events',
    );
    await checkAtBothWidths(
      page,
      `${site.url}/admin/events/${eventId}`,
      (p) => p.getByText(/This event was cancelled on/).waitFor(),
      'event-cancelled',
    );
    await checkAtBothWidths(page, `${site.url}/admin/events/new`, (p) => p.getByLabel('Title').waitFor(), 'new-event');
    await checkAtBothWidths(
      page,
      `${site.url}/admin/donations?type=charitable`,
      (p) => p.getByRole('table', { name: 'Gifts, newest first' }).getByText('$20').waitFor(),
      'donations',
    );
    const row = page.getByRole('table', { name: 'Totals by type' }).getByRole('row', { name: /Charitable/ });
    assert.match(await row.innerText(), /Charitable\s+1\s+\$20/);
  });

  it('a member who is not staff finds no staff page', async () => {
    const { page } = member;
    await page.setViewportSize(WIDE);
    await page.goto(`${site.url}/admin/events`);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    const res = await page.evaluate(async () => (await fetch('/api/admin/events')).status);
    assert.equal(res, 403);
  });
});
