/**
 * Giving history: the member's gifts (signed in, and signed out with the same
 * confirmed e-mail), their recurring gifts and stopping them (recorded with
 * the local provider, cancelled at Stripe with the stripe provider), the
 * yearly statement PDF (its text read back), and the processing fee a donor
 * may add, worked out by the server. A member never sees another's gifts or
 * statement. On PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { after, before, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import Stripe from 'stripe';
import { formatPrice } from '@ministry/shared/format';
import { siteIdentity } from '@ministry/shared/config';
import { newId } from '../src/lib/ids.js';
import { processingFee } from '../src/modules/payments/gifts.js';
import { createMember, describeEachDatabase, json, waitForMailTo } from './helpers.js';

type Member = Awaited<ReturnType<typeof createMember>>;
interface Gift {
  _id: string;
  date: string;
  type: string;
  frequency: string;
  recurring: boolean;
  amount: number;
  feeCovered: number | null;
}
interface Recurring {
  _id: string;
  type: string;
  frequency: string;
  amount: number;
  nextDate: string | null;
  cancelledAt: string | null;
}
interface Mine {
  gifts: Gift[];
  recurring: Recurring[];
}

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
const sameSite = { origin: 'http://localhost', host: 'localhost' };
const thisYear = Number(
  new Intl.DateTimeFormat('en-US', { timeZone: siteIdentity.timeZone, year: 'numeric' }).format(new Date()),
);

/** The text of a PDF, page after page. */
async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl,
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}

function give(app: FastifyInstance, type: string, form: Record<string, string>, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: `/pay/donate/${type}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...sameSite, ...(cookie ? { cookie } : {}) },
    payload: new URLSearchParams({ nonce: newId(), ...form }).toString(),
  });
}

const mine = async (app: FastifyInstance, member: Member) => {
  const res = await app.inject({ method: 'GET', url: '/api/giving/mine', headers: { cookie: member.cookie } });
  assert.equal(res.statusCode, 200, res.body);
  return json<{ data: Mine }>(res).data;
};

describeEachDatabase(
  'giving history with the local provider',
  (ctx) => {
    let ruth: Member;
    let boaz: Member;
    let unverified: Member;
    before(async () => {
      const { app } = ctx();
      ruth = await createMember(app, { firstname: 'Ruth', lastname: 'Moab' });
      boaz = await createMember(app, { firstname: 'Boaz', lastname: 'Bethlehem' });
      unverified = await createMember(app, { verified: false });
      assert.equal((await give(app, 'offering', { frequency: 'once', amount: '25' }, ruth.cookie)).statusCode, 200);
      assert.equal((await give(app, 'charitable', { frequency: 'monthly', amount: '40' }, ruth.cookie)).statusCode, 200);
      assert.equal((await give(app, 'tithing', { frequency: 'once', amount: '999' }, boaz.cookie)).statusCode, 200);
      // Signed out, with Ruth's (confirmed) address, and with the unconfirmed member's address.
      await app.db
        .insertInto('donations')
        .values([
          {
            id: newId(),
            type: 'generous',
            frequency: 'once',
            amount: 12.5,
            provider: 'local',
            provider_ref: newId(),
            email: ruth.email.toUpperCase(),
            user_id: null,
          },
          {
            id: newId(),
            type: 'generous',
            frequency: 'once',
            amount: 7,
            provider: 'local',
            provider_ref: newId(),
            email: unverified.email,
            user_id: null,
          },
          // Last year's gift: listed, but not on this year's statement.
          {
            id: newId(),
            type: 'offering',
            frequency: 'once',
            amount: 333,
            provider: 'local',
            provider_ref: newId(),
            user_id: ruth.id,
            email: ruth.email,
            created_at: new Date(`${thisYear - 1}-06-15T12:00:00Z`),
          },
        ])
        .execute();
    });

    it('lists the member’s own gifts, including those made signed out with their confirmed e-mail, and never another member’s', async () => {
      const { app } = ctx();
      const ruthGifts = await mine(app, ruth);
      assert.deepEqual(
        ruthGifts.gifts.map((g) => g.amount).sort((a, b) => a - b),
        [12.5, 25, 40, 333],
      );
      const monthly = ruthGifts.gifts.find((g) => g.amount === 40)!;
      assert.equal(monthly.recurring, true);
      assert.equal(monthly.frequency, 'monthly');
      assert.equal(ruthGifts.gifts.find((g) => g.amount === 25)!.recurring, false);
      const boazGifts = await mine(app, boaz);
      assert.deepEqual(
        boazGifts.gifts.map((g) => g.amount),
        [999],
      );
      assert.deepEqual(boazGifts.recurring, []);
      // An unconfirmed address claims no signed-out gift.
      assert.deepEqual((await mine(app, unverified)).gifts, []);
      assert.equal((await app.inject({ method: 'GET', url: '/api/giving/mine' })).statusCode, 401);
    });

    it('lists a recurring gift with its next date; another member cannot stop it, its donor can (recorded)', async () => {
      const { app } = ctx();
      const [recurring] = (await mine(app, ruth)).recurring;
      assert.equal(recurring.frequency, 'monthly');
      assert.equal(recurring.amount, 40);
      assert.ok(recurring.nextDate && Date.parse(recurring.nextDate) > Date.now() + 27 * 86_400_000);
      const cancel = (member?: Member) =>
        app.inject({
          method: 'POST',
          url: `/api/giving/recurring/${recurring._id}/cancel`,
          headers: { ...sameSite, ...(member ? { cookie: member.cookie } : {}) },
        });
      assert.equal((await cancel()).statusCode, 401);
      assert.equal((await cancel(boaz)).statusCode, 404);
      assert.equal((await mine(app, ruth)).recurring[0].cancelledAt, null);
      const res = await cancel(ruth);
      assert.equal(res.statusCode, 200, res.body);
      const after = json<{ data: Recurring }>(res).data;
      assert.ok(after.cancelledAt);
      assert.equal(after.nextDate, null);
      assert.equal((await cancel(ruth)).statusCode, 200);
      assert.ok((await mine(app, ruth)).recurring[0].cancelledAt);
    });

    it('makes the yearly statement PDF with the ministry’s name and address, each gift of the year and the total', async () => {
      const { app } = ctx();
      const res = await app.inject({ method: 'GET', url: `/api/giving/statement/${thisYear}`, headers: { cookie: ruth.cookie } });
      assert.equal(res.statusCode, 200, res.body);
      assert.match(String(res.headers['content-type']), /^application\/pdf/);
      assert.match(String(res.headers['content-disposition']), new RegExp(`giving-statement-${thisYear}\\.pdf`));
      const text = await pdfText(res.rawPayload);
      assert.ok(text.includes(siteIdentity.ministryName), text);
      assert.ok(text.includes(siteIdentity.contact.address), text);
      assert.ok(text.includes(`Giving statement ${thisYear}`), text);
      assert.ok(text.includes('Ruth Moab'), text);
      for (const amount of [25, 40, 12.5]) assert.ok(text.includes(formatPrice(amount)), `${formatPrice(amount)} in ${text}`);
      assert.ok(text.includes(`Total ${formatPrice(77.5)}`), text);
      assert.ok(!text.includes(formatPrice(333)), 'last year’s gift is not on this year’s statement');
      assert.ok(!text.includes(formatPrice(999)), 'another member’s gift is never on the statement');
      const last = await pdfText(
        (await app.inject({ method: 'GET', url: `/api/giving/statement/${thisYear - 1}`, headers: { cookie: ruth.cookie } }))
          .rawPayload,
      );
      assert.ok(last.includes(`Total ${formatPrice(333)}`), last);
    });

    it('puts a long year on several pages, every gift and the total', async () => {
      const { app } = ctx();
      const member = await createMember(app, { firstname: 'Dorcas', lastname: 'Joppa' });
      const start = Date.UTC(thisYear - 2, 0, 10, 15);
      await app.db
        .insertInto('donations')
        .values(
          Array.from({ length: 60 }, (_, i) => ({
            id: newId(),
            type: 'tithing' as const,
            frequency: 'weekly' as const,
            amount: 10 + i,
            provider: 'local',
            provider_ref: newId(),
            user_id: member.id,
            created_at: new Date(start + i * 5 * 86_400_000),
          })),
        )
        .execute();
      const res = await app.inject({
        method: 'GET',
        url: `/api/giving/statement/${thisYear - 2}`,
        headers: { cookie: member.cookie },
      });
      const doc = await getDocument({ data: new Uint8Array(res.rawPayload), standardFontDataUrl, isEvalSupported: false })
        .promise;
      assert.ok(doc.numPages >= 2, `${doc.numPages} pages`);
      await doc.destroy();
      const text = await pdfText(res.rawPayload);
      for (let i = 0; i < 60; i++) assert.ok(text.includes(`Weekly ${formatPrice(10 + i)}`), `${formatPrice(10 + i)} in ${text}`);
      assert.ok(text.includes(`Total ${formatPrice(60 * 10 + (59 * 60) / 2)}`), text);
    });

    it('never gives a member another member’s statement', async () => {
      const { app } = ctx();
      const boazText = await pdfText(
        (await app.inject({ method: 'GET', url: `/api/giving/statement/${thisYear}`, headers: { cookie: boaz.cookie } }))
          .rawPayload,
      );
      assert.ok(boazText.includes('Boaz Bethlehem'));
      assert.ok(boazText.includes(`Total ${formatPrice(999)}`), boazText);
      assert.ok(!boazText.includes('Ruth') && !boazText.includes(formatPrice(25)), boazText);
      assert.equal((await app.inject({ method: 'GET', url: `/api/giving/statement/${thisYear}` })).statusCode, 401);
      assert.equal(
        (await app.inject({ method: 'GET', url: '/api/giving/statement/1850', headers: { cookie: boaz.cookie } })).statusCode,
        400,
      );
    });

    it('works out the processing fee on the server: the review page offers it, the gift records it, a total from the browser is ignored', async () => {
      const { app } = ctx();
      const fee = processingFee(50, 2.5, 0.5);
      assert.equal(fee, 1.75);
      const preview = json<{ data: { fee: number; total: number } }>(
        await app.inject({ method: 'GET', url: '/api/giving/fee?amount=50' }),
      ).data;
      assert.deepEqual([preview.fee, preview.total], [1.75, 51.75]);
      const review = await give(app, 'offering', { frequency: 'once', amount: '50', review: '1' }, boaz.cookie);
      assert.equal(review.statusCode, 200);
      assert.match(review.body, /Add \$1\.75 to cover processing fees/);
      assert.match(review.body, /Total: <strong>\$51\.75<\/strong>/);
      assert.equal((await mine(app, boaz)).gifts.length, 1, 'the review records nothing');
      const paid = await give(app, 'offering', { frequency: 'once', amount: '50', coverFee: '1', total: '1.00' }, boaz.cookie);
      assert.equal(paid.statusCode, 200);
      assert.match(paid.body, /\$51\.75/);
      const gift = (await mine(app, boaz)).gifts.find((g) => g.feeCovered !== null)!;
      assert.equal(gift.amount, 51.75);
      assert.equal(gift.feeCovered, 1.75);
      const without = await give(app, 'offering', { frequency: 'once', amount: '20', total: '5000' }, boaz.cookie);
      assert.equal(without.statusCode, 200);
      assert.ok((await mine(app, boaz)).gifts.some((g) => g.amount === 20 && g.feeCovered === null));
    });
  },
  { config: { donationFeePercent: 2.5, donationFeeFixed: 0.5 } },
);

const WEBHOOK_SECRET = 'whsec_test_gifts';
const signer = new Stripe('sk_test_signer');

/** Stripe's subscriptions endpoint, enough to cancel one. */
async function startFakeStripe() {
  const cancelled: string[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const match = /^\/v1\/subscriptions\/([^/?]+)/.exec(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      if (req.method === 'DELETE' && match) {
        cancelled.push(match[1]);
        res.end(JSON.stringify({ id: match[1], object: 'subscription', status: 'canceled' }));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cancelled,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const fakeStripe = await startFakeStripe();
after(() => fakeStripe.close());

describeEachDatabase(
  'giving history with the Stripe provider against a fake Stripe',
  (ctx) => {
    it('lists a weekly gift made signed out with the member’s confirmed e-mail, and cancels its subscription at Stripe', async () => {
      const { app } = ctx();
      const member = await createMember(app);
      const stranger = await createMember(app);
      const payload = JSON.stringify({
        id: `evt_${newId()}`,
        object: 'event',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: `cs_test_${newId()}`,
            object: 'checkout.session',
            client_reference_id: 'donation_charitable_weekly',
            payment_status: 'paid',
            amount_total: 2000,
            currency: 'usd',
            subscription: 'sub_weekly_gift',
            customer_details: { email: member.email },
          },
        },
      });
      const hook = await app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        payload,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
      });
      assert.equal(hook.statusCode, 200, hook.body);
      // The receipt goes to the address Stripe asked for, once the gift is recorded.
      const receipt = await waitForMailTo(app.config.dataDir, member.email, /Your receipt/);
      assert.match(receipt, /Amount: \$20/);
      assert.match(receipt, /Fund: Charitable/);
      assert.match(receipt, /Frequency: Weekly/);
      assert.match(receipt, /Reference: G-[0-9A-F]{8}/);
      const { gifts, recurring } = await mine(app, member);
      assert.deepEqual(
        gifts.map((g) => [g.amount, g.frequency, g.recurring]),
        [[20, 'weekly', true]],
      );
      assert.equal(recurring.length, 1);
      assert.ok(recurring[0].nextDate);
      assert.deepEqual((await mine(app, stranger)).gifts, []);
      const cancel = (m: Member) =>
        app.inject({
          method: 'POST',
          url: `/api/giving/recurring/${recurring[0]._id}/cancel`,
          headers: { ...sameSite, cookie: m.cookie },
        });
      assert.equal((await cancel(stranger)).statusCode, 404);
      assert.deepEqual(fakeStripe.cancelled, []);
      const res = await cancel(member);
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(fakeStripe.cancelled, ['sub_weekly_gift']);
      assert.ok(json<{ data: Recurring }>(res).data.cancelledAt);
      const stopped = await waitForMailTo(app.config.dataDir, member.email, /is stopped/);
      assert.match(stopped, /Your weekly gift to Charitable is stopped/);
      assert.match(stopped, /no further gift will be taken/);
      fakeStripe.cancelled.length = 0;
    });
  },
  {
    config: {
      paymentProvider: 'stripe',
      stripeSecretKey: 'sk_test_fake',
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripeApiBase: fakeStripe.url,
    },
  },
);
