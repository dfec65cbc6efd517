/**
 * Confirmed newsletter subscriptions: the footer's one answer, the
 * confirmation mail and its link, the limits on confirmation mails, members'
 * own subscription, and unsubscribing (the page's link and one click, RFC 8058).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { LIMITS } from '../src/config.js';
import { CONFIRMATIONS_PER_ADDRESS, SUBSCRIBE_ANSWER } from '../src/modules/newsletter/routes.js';
import { createMember, describeEachDatabase, json, mailsIn, plainMail, waitForMailTo } from './helpers.js';

type Answer = { data: { email: string; message: string } };
type Err = { error: { code: string; message: string } };

const subscribe = (app: FastifyInstance, email: string, ip = '10.0.0.1', cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/newsletter',
    payload: { email },
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
  });

/** The confirmation link's token in the newest newsletter confirmation mail to `to`. */
const confirmationToken = async (app: FastifyInstance, to: string): Promise<string> =>
  /\/newsletter\/confirm\/([0-9a-f]{64})/.exec(await waitForMailTo(app.config.dataDir, to, /\/newsletter\/confirm\//))![1]!;

const statusOf = async (app: FastifyInstance, email: string) =>
  (await app.db.selectFrom('newsletter_subscribers').select('status').where('email', '=', email).executeTakeFirst())?.status;

const confirmationMailsTo = (app: FastifyInstance, to: string) =>
  mailsIn(app.config.dataDir)
    .map(plainMail)
    .filter((m) => m.includes(`To: ${to}`) && m.includes('/newsletter/confirm/')).length;

describeEachDatabase('newsletter subscriptions', (ctx) => {
  it('answers "Check your inbox to confirm" alike for a new, a pending and a confirmed address, and confirms through the mailed link', async () => {
    const { app } = ctx();
    const first = await subscribe(app, 'Hope@Example.org');
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(json<Answer>(first).data.message, SUBSCRIBE_ANSWER);
    await app.afterReply.idle();
    assert.equal(await statusOf(app, 'hope@example.org'), 'pending', 'nothing is sent before the address confirms');

    const token = await confirmationToken(app, 'hope@example.org');
    const mail = await waitForMailTo(app.config.dataDir, 'hope@example.org', /\/newsletter\/confirm\//);
    assert.match(mail, /Content-Type: text\/html/, 'an HTML part');
    assert.match(mail, /Content-Type: text\/plain/, 'a plain-text part');

    const pending = await subscribe(app, 'hope@example.org');
    assert.equal(pending.body, first.body, 'pending: the same answer');
    await app.afterReply.idle();
    assert.equal(
      await confirmationToken(app, 'hope@example.org'),
      token,
      'every confirmation mail carries the same working link',
    );

    const confirmed = await app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    assert.equal(json<Answer>(confirmed).data.email, 'hope@example.org');
    assert.equal(await statusOf(app, 'hope@example.org'), 'confirmed');
    const again = await app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } });
    assert.equal(again.statusCode, 200, 'the link works twice (a mail scanner may have opened it)');

    const mailsBefore = confirmationMailsTo(app, 'hope@example.org');
    const known = await subscribe(app, 'hope@example.org');
    assert.equal(known.body, first.body, 'confirmed: the same answer');
    await app.afterReply.idle();
    assert.equal(confirmationMailsTo(app, 'hope@example.org'), mailsBefore, 'no confirmation mail to a confirmed address');
    assert.equal(await statusOf(app, 'hope@example.org'), 'confirmed');
  });

  it('refuses a confirmation link that is not one, with a message', async () => {
    const { app } = ctx();
    for (const token of ['nope', 'f'.repeat(64), `${'0'.repeat(63)}`]) {
      const res = await app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } });
      assert.equal(res.statusCode, 400, token);
      assert.match(json<Err>(res).error.message, /not valid/);
    }
  });

  it('sends one mailbox a few confirmation mails a day (+tag variants are one mailbox), and tells a device that asks for many to wait without stopping others on its network', async () => {
    const { app } = ctx();
    // name+tag@ reaches name@: every variant counts against the one mailbox.
    const variants = ['flooded@example.org', 'Flooded+a@example.org', 'flooded+b@example.org', 'flooded+c@EXAMPLE.org'];
    for (let i = 0; i < CONFIRMATIONS_PER_ADDRESS.max + 2; i++) {
      assert.equal((await subscribe(app, variants[i % variants.length]!, `10.1.0.${i + 1}`)).statusCode, 200);
    }
    await app.afterReply.idle();
    const toMailbox = mailsIn(app.config.dataDir)
      .map(plainMail)
      .filter((m) => /^To: flooded(\+[a-z])?@example\.org$/im.test(m) && m.includes('/newsletter/confirm/')).length;
    assert.equal(toMailbox, CONFIRMATIONS_PER_ADDRESS.max);

    const first = await subscribe(app, 'many-0@example.org', '10.2.0.1');
    const device = first.cookies.find((c) => c.name === 'device');
    assert.ok(device, 'the visitor is given a device cookie');
    for (let i = 1; i < LIMITS.newsletterSignupsPerDevice.max; i++) {
      assert.equal((await subscribe(app, `many-${i}@example.org`, '10.2.0.1', `device=${device.value}`)).statusCode, 200);
    }
    const refused = await subscribe(app, 'one-more@example.org', '10.2.0.1', `device=${device.value}`);
    assert.equal(refused.statusCode, 429);
    assert.match(json<Err>(refused).error.message, /try again later/);
    assert.equal(
      (await subscribe(app, 'someone-else@example.org', '10.2.0.1')).statusCode,
      200,
      'another visitor on the same network is not stopped',
    );
  });

  it('unsubscribes with one click: a bare POST with no session, no Origin, a form body or none', async () => {
    const { app } = ctx();
    for (const [email, body] of [
      ['oneclick@example.org', 'List-Unsubscribe=One-Click'],
      ['nobody-body@example.org', undefined],
    ] as const) {
      await subscribe(app, email, '10.3.0.1');
      const token = await confirmationToken(app, email);
      await app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } });
      assert.equal(await statusOf(app, email), 'confirmed');
      const res = await app.inject({
        method: 'POST',
        url: `/api/newsletter/unsubscribe/${token}`,
        headers: { origin: undefined, ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(body ? { payload: body } : {}),
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(await statusOf(app, email), 'unsubscribed');
      // Following an old confirmation link does not subscribe it again.
      assert.equal((await app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } })).statusCode, 400);
    }
    const unknown = await app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe/${'a'.repeat(64)}`,
      headers: { origin: undefined },
    });
    assert.equal(unknown.statusCode, 400);
    assert.match(json<Err>(unknown).error.message, /not valid/);
    // Other routes still refuse a form and a request with no Origin.
    const form = await app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: 'email=x@example.org',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(form.statusCode, 415);
  });

  it('unsubscribes from the page that the visible link opens, signed out; subscribing again asks for a new confirmation', async () => {
    const { app } = ctx();
    await subscribe(app, 'page@example.org', '10.4.0.1');
    const token = await confirmationToken(app, 'page@example.org');
    await app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } });
    const res = await app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token } });
    assert.equal(res.statusCode, 200, res.body);
    assert.match(json<Answer>(res).data.message, /unsubscribed/);
    assert.equal(await statusOf(app, 'page@example.org'), 'unsubscribed');
    await subscribe(app, 'page@example.org', '10.4.0.1');
    await app.afterReply.idle();
    assert.equal(await statusOf(app, 'page@example.org'), 'pending');
  });

  it('lets members subscribe and unsubscribe from their profile; a confirmed account address needs no other confirmation', async () => {
    const { app } = ctx();
    const member = await createMember(app, { email: 'Member-News@Example.org' });
    const mine = () => app.inject({ url: '/api/user/newsletter', headers: { cookie: member.cookie } });
    const set = (subscribed: boolean) =>
      app.inject({ method: 'PUT', url: '/api/user/newsletter', payload: { subscribed }, headers: { cookie: member.cookie } });
    assert.equal(json<{ data: { status: string } }>(await mine()).data.status, 'none');
    assert.equal(json<{ data: { status: string } }>(await set(true)).data.status, 'confirmed');
    assert.equal(await statusOf(app, 'member-news@example.org'), 'confirmed');
    assert.equal(json<{ data: { status: string } }>(await set(false)).data.status, 'unsubscribed');
    assert.equal(json<{ data: { status: string } }>(await mine()).data.status, 'unsubscribed');

    const unverified = await createMember(app, { verified: false });
    const res = await app.inject({
      method: 'PUT',
      url: '/api/user/newsletter',
      payload: { subscribed: true },
      headers: { cookie: unverified.cookie },
    });
    assert.equal(json<{ data: { status: string } }>(res).data.status, 'pending', 'an unconfirmed address confirms by mail first');
    await confirmationToken(app, unverified.email.toLowerCase());

    assert.equal((await app.inject({ url: '/api/user/newsletter' })).statusCode, 401);
    assert.equal(
      (
        await app.inject({
          method: 'PUT',
          url: '/api/user/newsletter',
          payload: { subscribed: 'yes please' },
          headers: { cookie: member.cookie },
        })
      ).statusCode,
      400,
    );
  });
});
