/**
 * The owner always has a way in: a one-time code by e-mail, which no
 * password limit blocks; and what an outside probe found about signing in
 * (a confirmation link swapping accounts, the login answer kept by a cache,
 * common passwords accepted).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { LIMITS } from '../src/config.js';
import { CODE_SENT, CODE_WRONG } from '../src/modules/signInCodes/routes.js';
import { CODE_MINUTES, CODE_WRONG_TRIES, createSignInCode, verifyFreshCode } from '../src/modules/signInCodes/service.js';
import { createResetToken } from '../src/modules/users/service.js';
import { confirmationTokenFor, createMember, describeEachDatabase, json, limitsWith, mailsIn, plainMail } from './helpers.js';

type Err = { error: { code: string; message: string; fields?: Record<string, string> } };

const askCode = (app: FastifyInstance, email: string, remoteAddress = '198.51.100.1', cookie?: string) =>
  app.inject({ method: 'POST', url: '/api/user/code', remoteAddress, payload: { email }, headers: cookie ? { cookie } : {} });

const typeCode = (app: FastifyInstance, email: string, code: string, remoteAddress = '198.51.100.1', cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/user/code/verify',
    remoteAddress,
    payload: { email, code },
    headers: cookie ? { cookie } : {},
  });

const login = (app: FastifyInstance, email: string, password: string, remoteAddress: string, cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/user/login',
    remoteAddress,
    payload: { email, password },
    headers: cookie ? { cookie } : {},
  });

/** The six digits of the newest code mailed to `to`. */
async function codeMailedTo(app: FastifyInstance, to: string): Promise<string> {
  await app.afterReply.idle();
  const mail = mailsIn(app.config.dataDir)
    .map(plainMail)
    .filter((m) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'im').test(m) && /sign-in code/i.test(m))
    .at(-1);
  assert.ok(mail, `a code was mailed to ${to}`);
  return /is:\s+(\d{6})\b/.exec(mail)![1]!;
}

const codeMailsTo = async (app: FastifyInstance, to: string) => {
  await app.afterReply.idle();
  return mailsIn(app.config.dataDir)
    .map(plainMail)
    .filter((m) => m.includes(`To: ${to}`) && /sign-in code/i.test(m)).length;
};

const minutesLater = (app: FastifyInstance, minutes: number) =>
  app.clock.setNow(new Date(app.clock.now().getTime() + minutes * 60_000));

describeEachDatabase('one-time sign-in codes', (ctx) => {
  it('answers every address the same, mails a known one six digits that sign in once, for ten minutes', async () => {
    const { app } = ctx();
    const member = await createMember(app);
    const known = await askCode(app, member.email.toUpperCase());
    const unknown = await askCode(app, 'nobody-here@example.org');
    assert.equal(known.statusCode, 200);
    assert.deepEqual(json(known), json(unknown));
    assert.equal(json<{ data: { message: string } }>(known).data.message, CODE_SENT);
    assert.equal(known.headers['cache-control'], 'no-store');
    assert.equal(await codeMailsTo(app, 'nobody-here@example.org'), 0);
    const code = await codeMailedTo(app, member.email);

    const signedIn = await typeCode(app, member.email, `${code.slice(0, 3)} ${code.slice(3)}`);
    assert.equal(signedIn.statusCode, 200, signedIn.body);
    assert.equal(signedIn.headers['cache-control'], 'no-store');
    assert.equal(json<{ data: { _id: string } }>(signedIn).data._id, member.id);
    const sid = signedIn.cookies.find((c) => c.name === 'sid');
    assert.ok(sid, 'a session starts');
    const me = await app.inject({ url: `/api/user/search/${member.id}`, headers: { cookie: `sid=${sid.value}` } });
    assert.equal(me.statusCode, 200);

    // Once only.
    const again = await typeCode(app, member.email, code);
    assert.equal(again.statusCode, 400);
    assert.equal(json<Err>(again).error.fields?.code, CODE_WRONG);

    // Ten minutes, then no more.
    await askCode(app, member.email, '198.51.100.2');
    const late = await codeMailedTo(app, member.email);
    minutesLater(app, CODE_MINUTES + 1);
    assert.equal((await typeCode(app, member.email, late)).statusCode, 400);
  });

  it(`${CODE_WRONG_TRIES} wrong codes void it, and wrong codes for one address are limited`, async () => {
    const { app } = ctx();
    const member = await createMember(app);
    await askCode(app, member.email);
    const code = await codeMailedTo(app, member.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < CODE_WRONG_TRIES; i++) assert.equal((await typeCode(app, member.email, wrong)).statusCode, 400);
    assert.equal((await typeCode(app, member.email, code)).statusCode, 400, 'the right code no longer works');

    // Wrong codes for the address, from anywhere, are limited (the form's message says to wait).
    // (The right code, typed once it was void, was a wrong one too.)
    for (let i = CODE_WRONG_TRIES + 1; i < LIMITS.codeFailuresPerEmail.max; i++)
      assert.equal((await typeCode(app, member.email, wrong, `192.0.2.${i}`)).statusCode, 400);
    const stopped = await typeCode(app, member.email, wrong, '192.0.2.99');
    assert.equal(stopped.statusCode, 429);
    // Another member is not held up.
    const other = await createMember(app);
    await askCode(app, other.email);
    assert.equal((await typeCode(app, other.email, await codeMailedTo(app, other.email))).statusCode, 200);
    // An hour later the address may try again.
    minutesLater(app, 61);
    await askCode(app, member.email, '198.51.100.3');
    assert.equal((await typeCode(app, member.email, await codeMailedTo(app, member.email))).statusCode, 200);
  });

  it('mails one address a few codes an hour, however many devices ask, and one device a few codes in all', async () => {
    const { app } = ctx();
    const member = await createMember(app);
    for (let i = 0; i < LIMITS.codeMailsPerEmail.max; i++)
      assert.equal((await askCode(app, member.email, `203.0.113.${i + 1}`)).statusCode, 200);
    const flooded = await askCode(app, member.email, '203.0.113.200');
    assert.equal(flooded.statusCode, 429);
    assert.match(json<Err>(flooded).error.message, /several codes to this address/);
    // The same for an address nobody uses: the answer tells no one who has an account.
    for (let i = 0; i < LIMITS.codeMailsPerEmail.max; i++) await askCode(app, 'ghost@example.org', `203.0.114.${i + 1}`);
    assert.deepEqual(json(await askCode(app, 'ghost@example.org', '203.0.114.200')), json(flooded));
    assert.equal(await codeMailsTo(app, member.email), LIMITS.codeMailsPerEmail.max);

    // One device asking for many addresses.
    const first = await askCode(app, 'device-0@example.org', '198.51.100.50');
    const device = `device=${first.cookies.find((c) => c.name === 'device')!.value}`;
    for (let i = 1; i < LIMITS.codeMailsPerDevice.max; i++)
      assert.equal((await askCode(app, `device-${i}@example.org`, '198.51.100.50', device)).statusCode, 200);
    assert.equal((await askCode(app, 'device-x@example.org', '198.51.100.50', device)).statusCode, 429);
    assert.equal((await askCode(app, 'device-y@example.org', '198.51.100.50')).statusCode, 200, 'another device on that network');
  });

  it('verifyFreshCode: other modules ask for a fresh code (spent once, never another account’s)', async () => {
    const { app } = ctx();
    const member = await createMember(app);
    const other = await createMember(app);
    const code = await createSignInCode(app.db, member.id);
    assert.equal(await verifyFreshCode(app.db, other.email, code), undefined);
    assert.equal(await verifyFreshCode(app.db, member.email, code), member.id);
    assert.equal(await verifyFreshCode(app.db, member.email, code), undefined);
  });
});

const FAILURES_PER_ADDRESS = 8;

describeEachDatabase(
  'the owner always has a way in',
  (ctx) => {
    it('a guesser on the church Wi-Fi uses up its wrong passwords: the owner on a new device there is offered a code, and it works', async () => {
      const { app } = ctx();
      const owner = await createMember(app);
      const wifi = '203.0.113.77';
      for (let i = 0; i < FAILURES_PER_ADDRESS; i++)
        assert.equal((await login(app, `guess-${i}@example.org`, 'guess password', wifi)).statusCode, 400);
      // The slow lane goes to whoever asks first: the guesser takes it, again and again.
      await login(app, 'guess-x@example.org', 'guess password', wifi);
      const held = await login(app, owner.email, owner.password, wifi);
      assert.equal(held.statusCode, 429);
      assert.equal(json<Err>(held).error.code, 'sign_in_held');
      assert.match(json<Err>(held).error.message, /one-time code/);
      assert.equal(held.headers['cache-control'], 'no-store');

      // No password limit blocks a code.
      assert.equal((await askCode(app, owner.email, wifi)).statusCode, 200);
      const signedIn = await typeCode(app, owner.email, await codeMailedTo(app, owner.email), wifi);
      assert.equal(signedIn.statusCode, 200, signedIn.body);
      // And the device is remembered: its next password sign-in goes through, the network still held.
      const device = signedIn.cookies.find((c) => c.name === 'kd')!;
      assert.equal((await login(app, owner.email, owner.password, wifi, `kd=${device.value}`)).statusCode, 200);
    });

    it('wrong passwords aimed at the account from the owner’s own network: held, offered a code, let in by it', async () => {
      const { app } = ctx();
      const owner = await createMember(app);
      const home = '198.51.100.88';
      for (let i = 0; i < LIMITS.loginFailuresPerAccountAndAddress.max; i++)
        assert.equal((await login(app, owner.email, `not it ${i}`, home)).statusCode, 400);
      assert.equal(json<Err>(await login(app, owner.email, owner.password, home)).error.code, 'sign_in_held');
      await askCode(app, owner.email, home);
      assert.equal((await typeCode(app, owner.email, await codeMailedTo(app, owner.email), home)).statusCode, 200);
      // The code cleared the account's wrong passwords: the password works there again.
      assert.equal((await login(app, owner.email, owner.password, home)).statusCode, 200);
    });

    it('the login answer, right or wrong, is never kept by a cache', async () => {
      const { app } = ctx();
      const member = await createMember(app);
      for (const password of [member.password, 'wrong password']) {
        const res = await login(app, member.email, password, '198.51.100.99');
        assert.equal(res.headers['cache-control'], 'no-store', `${res.statusCode}`);
      }
    });
  },
  { config: { limits: limitsWith({ loginFailuresPerAddress: FAILURES_PER_ADDRESS }) } },
);

describeEachDatabase('a confirmation link opened while someone else is signed in', (ctx) => {
  it('asks first, and leaves the link working; continuing swaps the accounts; signed out it signs in', async () => {
    const { app } = ctx();
    const church = json<{ data: { _id: string }[] }>(await app.inject({ url: '/api/locations' })).data[0]!._id;
    const newcomer = 'newcomer-link@example.org';
    const signup = await app.inject({
      method: 'POST',
      url: '/api/user/signup',
      payload: {
        firstname: 'Naomi',
        lastname: 'Link',
        birth_date: '1990-05-04',
        email: newcomer,
        password: 'a long password',
        gender: 'Female',
        civil_status: 'Single',
        church,
        countryOfOrigin: 'Ghana',
        country: 'Canada',
        city: 'Ontario',
        seniority: 2,
        source: '',
      },
    });
    assert.equal(signup.statusCode, 202);
    const token = await confirmationTokenFor(app.config.dataDir, newcomer);
    const victim = await createMember(app, { firstname: 'Ruth' });

    // Someone sends Ruth the link of an account they made: opening it must not put her browser in it.
    const asked = await app.inject({
      method: 'POST',
      url: '/api/user/verify-email',
      payload: { token },
      headers: { cookie: victim.cookie },
    });
    assert.equal(asked.statusCode, 409);
    assert.equal(json<Err>(asked).error.code, 'signed_in_as_other');
    assert.match(json<Err>(asked).error.message, /You are signed in as Ruth/);
    assert.equal(
      asked.cookies.find((c) => c.name === 'sid'),
      undefined,
      'no new session',
    );
    const stillRuth = await app.inject({ url: `/api/user/search/${victim.id}`, headers: { cookie: victim.cookie } });
    assert.equal(stillRuth.statusCode, 200, 'Ruth is still signed in');

    // She chooses to go on: her session ends, the link's account is confirmed and signed in.
    const swapped = await app.inject({
      method: 'POST',
      url: '/api/user/verify-email',
      payload: { token, switchAccount: true },
      headers: { cookie: victim.cookie },
    });
    assert.equal(swapped.statusCode, 200, swapped.body);
    assert.equal(json<{ data: { user: { email: string } } }>(swapped).data.user.email, newcomer);
    assert.equal(
      (await app.inject({ url: `/api/user/search/${victim.id}`, headers: { cookie: victim.cookie } })).statusCode,
      401,
    );
  });
});

describeEachDatabase('common passwords', (ctx) => {
  const message = 'This password is too common, please choose another one';

  it('are refused at sign-up, reset and change, with the form’s message; the forms can ask first', async () => {
    const { app } = ctx();
    const church = json<{ data: { _id: string }[] }>(await app.inject({ url: '/api/locations' })).data[0]!._id;
    for (const password of ['password', '12345678', 'Password1', 'iloveyou']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/signup',
        payload: {
          firstname: 'Ann',
          lastname: 'Common',
          birth_date: '1990-05-04',
          email: 'ann-common@example.org',
          password,
          gender: 'Female',
          civil_status: 'Single',
          church,
          countryOfOrigin: 'Ghana',
          country: 'Canada',
          city: 'Ontario',
          seniority: 2,
          source: '',
        },
      });
      assert.equal(res.statusCode, 400, password);
      assert.equal(json<Err>(res).error.fields?.password, message, password);
    }

    const member = await createMember(app);
    const change = await app.inject({
      method: 'PUT',
      url: `/api/user/updateSecurity/${member.id}`,
      headers: { cookie: member.cookie },
      payload: { currentPassword: member.password, password: 'sunshine1' },
    });
    assert.equal(change.statusCode, 400);
    assert.equal(json<Err>(change).error.fields?.password, message);

    const token = await createResetToken(app.db, member.id);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { token, password: 'qwertyuiop' },
    });
    assert.equal(reset.statusCode, 400);
    assert.equal(json<Err>(reset).error.fields?.password, message);
    const fine = await app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { token, password: 'a lamp unto my feet' },
    });
    assert.equal(fine.statusCode, 200, 'the link still works for a good password');

    const ask = async (password: string) =>
      json<{ data: { common: boolean } }>(
        await app.inject({ method: 'POST', url: '/api/user/password-check', payload: { password } }),
      ).data.common;
    assert.equal(await ask('baseball'), true);
    assert.equal(await ask('a lamp unto my feet'), false);
  });
});
