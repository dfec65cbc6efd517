/**
 * Giving with the local (test-mode) provider, as a donor meets it after the
 * gift: every kind may repeat weekly or monthly, the thank-you page names
 * the gift and leads to "My giving", each gift gets one receipt (amount,
 * fund, date, the fee covered, a reference, the church's tax note), a gift
 * given signed out goes to the address the giver typed and joins the
 * member who confirms that address, and a stopped weekly or monthly gift is
 * confirmed by mail.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { siteIdentity } from '@ministry/shared/config';
import { newId } from '../src/lib/ids.js';
import { createMember, describeEachDatabase, json, mailsIn, plainMail, waitForMailTo } from './helpers.js';

const sameSite = { origin: 'http://localhost', host: 'localhost' };

function give(app: FastifyInstance, type: string, form: Record<string, string>, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: `/pay/donate/${type}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...sameSite, ...(cookie ? { cookie } : {}) },
    payload: new URLSearchParams({ nonce: newId(), ...form }).toString(),
  });
}

const mailsTo = (app: FastifyInstance, to: string) =>
  mailsIn(app.config.dataDir)
    .map(plainMail)
    .filter((m) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'im').test(m));

describeEachDatabase('giving mails and pages', (ctx) => {
  it('every kind may repeat weekly or monthly; the thank-you page names the gift and leads to "My giving"', async () => {
    const { app } = ctx();
    const member = await createMember(app);
    for (const [type, frequency, name] of [
      ['tithing', 'weekly', 'tithe'],
      ['offering', 'monthly', 'offering'],
      ['charitable', 'once', 'charitable gift'],
      ['generous', 'weekly', 'generous gift'],
    ]) {
      const form = await app.inject({ method: 'GET', url: `/pay/donate/${type}?frequency=${frequency}` });
      assert.match(form.body, new RegExp(`aria-current="page">[^<]*${frequency === 'once' ? 'One-time' : frequency}`, 'i'));
      const nonce = newId();
      const res = await give(app, type, { frequency, amount: '30', nonce }, member.cookie);
      assert.equal(res.statusCode, 200, res.body);
      assert.match(res.body, new RegExp(`<h1>Thank you for your ${name}!</h1>`));
      assert.match(res.body, /<a class="button primary" href="\/my-giving">My giving<\/a>/);
      const row = await app.db.selectFrom('donations').selectAll().where('provider_ref', '=', nonce).executeTakeFirstOrThrow();
      assert.deepEqual([row.type, row.frequency], [type, frequency]);
      assert.equal(row.subscription_ref !== null, frequency !== 'once');
    }
  });

  it('a receipt for each gift: amount, fund, date, fee covered, reference and the tax note; a form sent twice mails once', async () => {
    const { app } = ctx();
    const member = await createMember(app, { firstname: 'Hannah' });
    const nonce = newId();
    const form = { frequency: 'once', amount: '50', coverFee: '1', nonce };
    assert.equal((await give(app, 'charitable', form, member.cookie)).statusCode, 200);
    const receipt = await waitForMailTo(app.config.dataDir, member.email, /Your receipt/);
    const row = await app.db.selectFrom('donations').selectAll().where('provider_ref', '=', nonce).executeTakeFirstOrThrow();
    const fee = Number(row.fee_covered);
    assert.ok(fee > 0);
    assert.match(receipt, /Subject: Your receipt: \$5\d\.\d\d to Charitable/);
    assert.match(receipt, /Hello Hannah,/);
    assert.match(receipt, /Thank you for your charitable gift to/);
    assert.match(receipt, new RegExp(`Amount: \\$${Number(row.amount).toFixed(2)}`));
    assert.match(receipt, new RegExp(`Of which covers the processing fees: \\$${fee.toFixed(2)}`));
    assert.match(receipt, /Fund: Charitable/);
    assert.match(receipt, /Date: \d{2} \w+ \d{4}/);
    assert.match(receipt, new RegExp(`Reference: G-${row.id.replace(/-/g, '').slice(0, 8).toUpperCase()}`));
    assert.ok(receipt.replace(/\s+/g, ' ').includes(siteIdentity.giving.taxNote), 'the church’s tax note');
    assert.match(receipt, /My giving: http:\/\/[^\s]+\/my-giving/, 'the plain text writes the address out');
    assert.match(receipt, /class=3D"action"|class="action"/, 'the HTML part has it as a button');
    // The same form again records nothing, and mails nothing.
    assert.equal((await give(app, 'charitable', form, member.cookie)).statusCode, 200);
    await app.afterReply.idle();
    assert.equal(mailsTo(app, member.email).filter((m) => /Your receipt/.test(m)).length, 1);
  });

  it('signed out: an optional address for the receipt, checked; the gift joins the member who confirms that address', async () => {
    const { app } = ctx();
    const page = await app.inject({ method: 'GET', url: '/pay/donate/offering' });
    assert.match(page.body, /<label for="email">E-mail for your receipt \(optional\)<\/label>/);
    const signedIn = await createMember(app);
    const own = await app.inject({ method: 'GET', url: '/pay/donate/offering', headers: { cookie: signedIn.cookie } });
    assert.doesNotMatch(own.body, /name="email"/, 'a member’s receipt goes to their account’s address');

    const bad = await give(app, 'offering', { frequency: 'once', amount: '20', email: 'not-an-address' });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /Enter an e-mail address such as name@example.org, or leave it empty\./);
    assert.match(bad.body, /value="not-an-address"/, 'what the giver typed stays');

    const address = `Giver-${newId().slice(0, 8)}@Example.org`;
    const review = await give(app, 'offering', { frequency: 'once', amount: '20', email: address, review: '1' });
    assert.match(review.body, /<dt>Receipt to<\/dt><dd>giver-[^<]+@example\.org<\/dd>/);
    assert.match(review.body, /<input type="hidden" name="email" value="giver-/);
    const done = await give(app, 'offering', { frequency: 'once', amount: '20', email: address });
    assert.equal(done.statusCode, 200);
    assert.match(done.body, /A receipt is on its way to giver-/);
    const receipt = await waitForMailTo(app.config.dataDir, address.toLowerCase(), /Your receipt/);
    assert.match(receipt, /Hello,/);
    assert.match(receipt, /Sign up or sign in with this address/);

    // Without an address: recorded, and nobody to mail.
    const anonymous = await give(app, 'offering', { frequency: 'once', amount: '5' });
    assert.match(anonymous.body, /No receipt is sent: you gave no e-mail address\./);

    // The member who confirms that address sees the gift.
    const member = await createMember(app, { email: address.toLowerCase() });
    const mine = json<{ data: { gifts: { amount: number; type: string }[] } }>(
      await app.inject({ url: '/api/giving/mine', headers: { cookie: member.cookie } }),
    ).data.gifts;
    assert.deepEqual(
      mine.map((g) => [g.amount, g.type]),
      [[20, 'offering']],
    );
    const unconfirmed = await createMember(app, { email: `other-${address.toLowerCase()}`, verified: false });
    assert.equal(
      json<{ data: { gifts: unknown[] } }>(await app.inject({ url: '/api/giving/mine', headers: { cookie: unconfirmed.cookie } }))
        .data.gifts.length,
      0,
    );
  });

  it('a stopped weekly or monthly gift is confirmed by mail, once', async () => {
    const { app } = ctx();
    const member = await createMember(app, { firstname: 'Lydia' });
    assert.equal((await give(app, 'tithing', { frequency: 'monthly', amount: '120' }, member.cookie)).statusCode, 200);
    const { recurring } = json<{ data: { recurring: { _id: string }[] } }>(
      await app.inject({ url: '/api/giving/mine', headers: { cookie: member.cookie } }),
    ).data;
    const cancel = () =>
      app.inject({
        method: 'POST',
        url: `/api/giving/recurring/${recurring[0]._id}/cancel`,
        headers: { ...sameSite, cookie: member.cookie },
      });
    assert.equal((await cancel()).statusCode, 200);
    const mail = await waitForMailTo(app.config.dataDir, member.email, /is stopped/);
    assert.match(mail, /Subject: Your monthly gift to Tithing is stopped/);
    assert.match(mail, /Your monthly tithe of \$120 to Tithing is stopped: no further gift will be taken\./);
    assert.equal((await cancel()).statusCode, 200);
    await app.afterReply.idle();
    assert.equal(mailsTo(app, member.email).filter((m) => /is stopped/.test(m)).length, 1);
  });

  it("the test payment pages use the site's font, served beside them", async () => {
    const { app } = ctx();
    const page = await app.inject({ method: 'GET', url: '/pay/donate/offering' });
    assert.match(
      page.body,
      /@font-face\{font-family:'Poppins';[^}]*font-weight:400;[^}]*src:url\(\/pay\/fonts\/poppins-400\.woff2\)/,
    );
    assert.match(page.body, /body\{[^}]*font-family:Poppins/);
    for (const weight of ['400', '500', '600', '700']) {
      const font = await app.inject({ method: 'GET', url: `/pay/fonts/poppins-${weight}.woff2` });
      assert.equal(font.statusCode, 200, weight);
      assert.equal(font.headers['content-type'], 'font/woff2');
      assert.equal(font.rawPayload.subarray(0, 4).toString('latin1'), 'wOF2');
    }
    assert.equal((await app.inject({ method: 'GET', url: '/pay/fonts/..%2F..%2Fpackage.json' })).statusCode, 404);
  });
});
