/**
 * The offline Sunday kit, with the service worker running (Chromium): after
 * one online visit a member, without a connection, opens the devotionals,
 * the events and their ticket's QR code full screen; a page they never
 * opened gives the offline page; an "I prayed" pressed offline says it
 * waits and reaches the server once the connection is back; and a new
 * release of a remote reaches the installed page at the next navigation,
 * with no file of the old release on it.
 */
import { createHash } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { logIn, newPage, signUpThroughApi } from '../harness';
import { ReleaseBed } from '../releases';
import { publishRelease } from '../../scripts/lib/release-store.mjs';

const bed = new ReleaseBed();
let context: BrowserContext;
let page: Page;
const member = { email: `offline-${Date.now()}@example.org`, password: 'a long password' };

async function getJson<T>(urlPath: string): Promise<T> {
  const res = await fetch(`${bed.site.url}${urlPath}`);
  assert.equal(res.status, 200, urlPath);
  return (await res.json()) as T;
}

/** The releases' files the page loaded from mfe-giving's folder. */
const givingFiles = (p: Page) =>
  p.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((name) => name.includes('/remotes/mfe-giving/')),
  );

before(async () => {
  await bed.start();
  const { data: churches } = await getJson<{ data: { _id: string }[] }>('/api/locations');
  await signUpThroughApi(bed.site, {
    firstname: 'Ama',
    lastname: 'Owusu',
    birth_date: '1990-03-04',
    email: member.email,
    password: member.password,
    gender: 'Female',
    civil_status: 'Single',
    church: churches[0]._id,
    countryOfOrigin: 'Ghana',
    country: 'Canada',
    city: 'Ontario',
    seniority: 2,
    source: 'The TV network',
  });
  ({ context, page } = await newPage(bed.browser, undefined, { serviceWorker: true }));
});
after(async () => {
  await context?.close();
  await bed.stop();
});

describe('offline Sunday kit', () => {
  it('after one online visit, the devotionals, the events and the ticket QR open offline; another page gives the offline page', async () => {
    const { data: events } = await getJson<{ data: { _id: string; title: string; event_date: string; seatsLeft: number }[] }>(
      '/api/events',
    );
    const event = events.find((e) => e.seatsLeft > 0 && Date.parse(e.event_date) > Date.now() + 3_600_000);
    assert.ok(event, 'an event ahead with seats');
    const { data: devotionals } = await getJson<{ data: { title: string }[] }>('/api/devotionals');

    await logIn(bed.site, page, member);
    const me = await page.evaluate(() => JSON.parse(JSON.parse(localStorage.getItem('persist:root')!).auth).user._id as string);
    const paid = await page.evaluate(
      async ({ me, event }) => {
        const checkout = await fetch('/api/payment/create-checkout-session', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ items: [{ quantity: 1, price: null }], user: me, event }),
        });
        if (!checkout.ok) return `checkout ${checkout.status}`;
        const { data: url } = (await checkout.json()) as { data: string };
        const pay = await fetch(`${url}/complete`, { method: 'POST', redirect: 'manual' });
        return pay.type === 'opaqueredirect' || pay.ok ? 'paid' : `pay ${pay.status}`;
      },
      { me, event: event._id },
    );
    assert.equal(paid, 'paid');

    // One online visit: the worker keeps the releases and warms the kit.
    await page.goto(`${bed.site.url}/community`);
    await page.waitForFunction(() => document.documentElement.dataset.offline === 'ready', null, { timeout: 120_000 });

    await context.setOffline(true);
    await page.goto(`${bed.site.url}/daily-devotion`);
    await page.getByRole('main').getByText(devotionals[0].title).first().waitFor();
    await page.goto(`${bed.site.url}/events`);
    await page.getByRole('main').getByText(event.title).first().waitFor();
    await page.goto(`${bed.site.url}/my-tickets`);
    await page.getByRole('button', { name: 'Show at the door' }).first().click();
    const door = page.getByRole('dialog', { name: /to show at the door/ });
    const qr = door.getByRole('img', { name: /QR code of the ticket/ });
    await qr.waitFor();
    const box = (await qr.boundingBox())!;
    assert.ok(box.width >= 300, `the QR code fills the screen (${box.width}px)`);
    assert.equal(await door.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(255, 255, 255)');
    await door.getByRole('button', { name: 'Close' }).click();

    await page.goto(`${bed.site.url}/news`);
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    await page
      .getByRole('list', { name: 'Saved pages' })
      .getByRole('link', { name: /Daily Devotion/ })
      .waitFor();
  });

  it('"I prayed" pressed offline waits, says so, and reaches the server once the connection is back', async () => {
    await context.setOffline(false);
    await page.goto(`${bed.site.url}/community`);
    const button = page.getByRole('button', { name: 'I prayed', exact: true }).first();
    await button.waitFor();
    const prayerId = await button.evaluate((el) => el.closest('[id]')?.id ?? '');
    await context.setOffline(true);
    await button.click();
    await page.getByText('will be sent when you are back online').first().waitFor();
    await context.setOffline(false);
    await page.waitForFunction(
      async (anchor) => {
        const answer = (await (await fetch('/api/prayers/', { cache: 'no-store' })).json()) as {
          data: { _id: string; iPrayed?: boolean }[];
        };
        return answer.data.some((p) => p.iPrayed && anchor.includes(p._id));
      },
      prayerId,
      { timeout: 30_000, polling: 500 },
    );
  });

  it('a new release of a remote reaches the installed page at the next navigation, with no file of the old one', async () => {
    await context.setOffline(false);
    await page.goto(`${bed.site.url}/events`);
    assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'the worker runs the page');
    const old = bed.liveGiving();
    assert.ok((await givingFiles(page)).some((f) => f.includes(old)));

    // A new release of mfe-giving: its browser code says "Upcoming Gatherings".
    const folder = path.join(bed.releases, 'mfe-giving');
    const staging = path.join(folder, `.staging-${Date.now()}`);
    cpSync(path.join(folder, old), staging, { recursive: true });
    rmSync(path.join(staging, 'release.json'));
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (name.endsWith('.br') || name.endsWith('.gz')) rmSync(full);
        else if (name.endsWith('.js'))
          writeFileSync(full, readFileSync(full, 'utf8').replaceAll('Upcoming events', 'Upcoming Gatherings'));
      }
    };
    walk(path.join(staging, 'browser'));
    const id = `20990105-000000-${createHash('sha256').update(staging).digest('hex').slice(0, 6)}`;
    publishRelease(folder, { app: 'mfe-giving', name: 'mfe_giving', id, staging });

    await page.goto(`${bed.site.url}/events`);
    await page.getByRole('main').getByText('Upcoming Gatherings').first().waitFor();
    const files = await givingFiles(page);
    assert.ok(files.length > 0 && files.every((f) => f.includes(id)), `only the new release's files: ${files.join(', ')}`);
  });
});
