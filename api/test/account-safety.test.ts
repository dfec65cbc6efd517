/**
 * What an outside probe found about accounts: wrong passwords typed
 * elsewhere must never keep a member out.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { KNOWN_DEVICE_COOKIE, LOGIN_LIMITS } from '../src/modules/users/loginGuard.js';
import { createResetToken } from '../src/modules/users/service.js';
import { greeting } from '../src/lib/mailer.js';
import { CONFIRMATION_MAILS_PER_HOUR } from '../src/modules/users/emailConfirmation.js';
import {
  confirmationTokenFor,
  createEvent,
  createMember,
  describeEachDatabase,
  json,
  limitsWith,
  mailsIn,
  waitForMails,
} from './helpers.js';
import { LIMITS } from '../src/config.js';

type Err = { error: { code: string; message: string } };

const login = (app: FastifyInstance, email: string, password: string, remoteAddress: string, cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/user/login',
    remoteAddress,
    payload: { email, password },
    headers: cookie ? { cookie } : {},
  });

/** A small per-address limit for the test (the default is 50): every attempt costs a real password hash. */
const FAILURES_PER_IP = 8;

describeEachDatabase(
  'logins: no lockout from elsewhere',
  (ctx) => {
    it('wrong passwords from one address stop that address only: the owner signs in from another', async () => {
      const { app } = ctx();
      const member = await createMember(app);
      for (let i = 0; i < LIMITS.loginFailuresPerAccountAndAddress.max; i++) {
        assert.equal((await login(app, member.email, `wrong password ${i}`, '203.0.113.50')).statusCode, 400);
      }
      const attacker = await login(app, member.email, member.password, '203.0.113.50');
      assert.equal(attacker.statusCode, 429);
      assert.equal(json<Err>(attacker).error.code, 'sign_in_held');
      assert.equal((await login(app, member.email, member.password, '198.51.100.7')).statusCode, 200);
    });

    it('a device the member signed in from is never held up by a network shared with an attacker', async () => {
      const { app } = ctx();
      const member = await createMember(app);
      const wifi = '198.51.100.30';
      const first = await login(app, member.email, member.password, wifi);
      assert.equal(first.statusCode, 200);
      const device = first.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE);
      assert.ok(device, 'the device is remembered');
      assert.equal(device.httpOnly, true);
      // Someone on the same network guesses at many accounts, and at this one.
      for (let i = 0; i < FAILURES_PER_IP; i++) {
        assert.equal(
          (await login(app, i % 2 ? member.email : `someone-${i}@example.org`, 'guess password', wifi)).statusCode,
          400,
        );
      }
      // Past its failures the network gets one attempt every few seconds: a guess takes it, and a new device waits a moment.
      await login(app, 'someone-else@example.org', 'guess password', wifi);
      assert.equal((await login(app, member.email, member.password, wifi)).statusCode, 429, 'a new device on that network waits');
      const known = await login(app, member.email, member.password, wifi, `${KNOWN_DEVICE_COOKIE}=${device.value}`);
      assert.equal(known.statusCode, 200, known.body);
      // The cookie is for that member only: another account on that device is not exempt.
      const other = await createMember(app);
      assert.equal(
        (await login(app, other.email, other.password, wifi, `${KNOWN_DEVICE_COOKIE}=${device.value}`)).statusCode,
        429,
      );
    });

    it('guessing from many addresses slows attempts on the account but still lets the owner in', async () => {
      const { app } = ctx();
      const member = await createMember(app);
      for (let i = 0; i < LOGIN_LIMITS.slowAfterAccountFailures + 1; i++) {
        assert.equal((await login(app, member.email, 'wrong password', `192.0.2.${100 + i}`)).statusCode, 400);
      }
      const started = Date.now();
      const owner = await login(app, member.email, member.password, '198.51.100.99');
      assert.equal(owner.statusCode, 200);
      assert.ok(Date.now() - started >= 250, 'the attempt was slowed');
    });

    it('a password reset clears the counts: the address that was stopped signs in at once', async () => {
      const { app } = ctx();
      const member = await createMember(app);
      const home = '203.0.113.77';
      for (let i = 0; i < LIMITS.loginFailuresPerAccountAndAddress.max; i++)
        await login(app, member.email, `forgot it ${i}`, home);
      assert.equal((await login(app, member.email, member.password, home)).statusCode, 429);
      const token = await createResetToken(app.db, member.id);
      const reset = await app.inject({
        method: 'POST',
        url: '/api/user/reset-password',
        payload: { token, password: 'a brand new password' },
      });
      assert.equal(reset.statusCode, 200);
      assert.equal((await login(app, member.email, 'a brand new password', home)).statusCode, 200);
    });
  },
  { config: { limits: limitsWith({ loginFailuresPerAddress: FAILURES_PER_IP }) } },
);

const PHISHING_NAME = 'Al,\n\nSECURITY NOTICE: your account is locked. Unlock it at https://evil.example/login';

describeEachDatabase('names in our mails', (ctx) => {
  it('sign-up and profile refuse a first name with line breaks or control characters', async () => {
    const { app } = ctx();
    const member = await createMember(app);
    const church = (await app.db.selectFrom('churches').select('id').executeTakeFirstOrThrow()).id;
    const signup = await app.inject({
      method: 'POST',
      url: '/api/user/signup',
      remoteAddress: '192.0.2.200',
      payload: {
        firstname: PHISHING_NAME,
        lastname: 'Smith',
        email: 'al-smith@example.org',
        password: 'a long password',
        birth_date: '1980-01-01',
        gender: 'Male',
        civil_status: 'Single',
        countryOfOrigin: 'Ghana',
        country: 'Ghana',
        city: 'Ashanti',
        church,
        seniority: 5,
        source: '',
      },
    });
    assert.equal(signup.statusCode, 400);
    assert.equal(
      json<{ error: { fields: Record<string, string> } }>(signup).error.fields.firstname,
      'Use one line of ordinary characters',
    );
    for (const firstname of [PHISHING_NAME, 'Ruth\u0007', 'Ruth\u2028Smith']) {
      const update = await app.inject({
        method: 'PUT',
        url: `/api/user/updateBasic/${member.id}`,
        headers: { cookie: member.cookie },
        payload: { firstname },
      });
      assert.equal(update.statusCode, 400, JSON.stringify(firstname));
    }
  });

  it('a name already stored never forms a paragraph or a link in the reset mail', async () => {
    const { app } = ctx();
    const member = await createMember(app, { firstname: PHISHING_NAME });
    const before = mailsIn(app.config.dataDir).length;
    await app.inject({ method: 'PUT', url: '/api/user/forgotpassword', payload: { email: member.email } });
    const mail = (await waitForMails(app.config.dataDir, before + 1)).at(-1)!;
    assert.doesNotMatch(mail, /SECURITY NOTICE|evil\.example/);
    assert.match(mail, /^Hello,$/m);
  });
});

it('greets by a plain first name only', () => {
  assert.equal(greeting('Ruth'), 'Hello Ruth,');
  assert.equal(greeting('  Mary   Ann '), 'Hello Mary Ann,');
  assert.equal(greeting(PHISHING_NAME), 'Hello,');
  assert.equal(greeting('Visit evil.example'), 'Hello,');
  assert.equal(greeting('a@b'), 'Hello,');
  assert.equal(greeting(''), 'Hello,');
});

describeEachDatabase('confirmed e-mail addresses', (ctx) => {
  it('an unconfirmed member signs in but cannot post or buy until the link is opened; the link works once', async () => {
    const { app } = ctx();
    const member = await createMember(app, { verified: false });
    const me = json<{ data: { emailVerified: boolean } }>(
      await app.inject({ url: `/api/user/search/${member.id}`, headers: { cookie: member.cookie } }),
    );
    assert.equal(me.data.emailVerified, false);
    const eventId = await createEvent(app);
    const tryAll = async () => [
      await app.inject({
        method: 'POST',
        url: `/api/prayers/add/${member.id}`,
        headers: { cookie: member.cookie },
        payload: { text: 'Pray for me' },
      }),
      await app.inject({
        method: 'POST',
        url: `/api/story/add/${member.id}`,
        headers: { cookie: member.cookie },
        payload: { content: 'My story' },
      }),
      await app.inject({
        method: 'POST',
        url: '/api/payment/create-checkout-session',
        headers: { cookie: member.cookie },
        payload: { items: [{ quantity: 1, price: null }], user: member.id, event: eventId },
      }),
    ];
    for (const res of await tryAll()) {
      assert.equal(res.statusCode, 403, res.body);
      assert.equal(json<Err>(res).error.code, 'email_not_verified');
      assert.match(json<Err>(res).error.message, /confirm your e-mail address/);
    }

    const resend = await app.inject({ method: 'POST', url: '/api/user/verify-email/resend', headers: { cookie: member.cookie } });
    assert.equal(resend.statusCode, 200, resend.body);
    const token = await confirmationTokenFor(app.config.dataDir, member.email);
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/user/verify-email',
      payload: { token },
      headers: { cookie: member.cookie },
    });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    assert.equal(json<{ data: { user: { emailVerified: boolean } } }>(confirmed).data.user.emailVerified, true);
    for (const res of await tryAll()) assert.ok(res.statusCode === 201 || res.statusCode === 200, res.body);

    const again = await app.inject({ method: 'POST', url: '/api/user/verify-email', payload: { token } });
    assert.equal(again.statusCode, 400);
    assert.match(json<Err>(again).error.message, /invalid, used or expired/);
    assert.equal(
      (await app.inject({ method: 'POST', url: '/api/user/verify-email/resend', headers: { cookie: member.cookie } })).statusCode,
      409,
    );
  });

  it(`sends one account at most ${CONFIRMATION_MAILS_PER_HOUR} confirmation links an hour`, async () => {
    const { app } = ctx();
    const member = await createMember(app, { verified: false });
    const resend = () => app.inject({ method: 'POST', url: '/api/user/verify-email/resend', headers: { cookie: member.cookie } });
    for (let i = 0; i < CONFIRMATION_MAILS_PER_HOUR; i++) assert.equal((await resend()).statusCode, 200);
    assert.equal((await resend()).statusCode, 429);
  });
});

describeEachDatabase('the same answer whether an address is known', (ctx) => {
  it('newsletter and forgot-password answer a known and an unknown address alike', async () => {
    const { app } = ctx();
    const member = await createMember(app);
    const subscribe = (email: string) => app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } });
    await subscribe('already@example.org');
    const known = await subscribe('already@example.org');
    const fresh = await subscribe('brand-new@example.org');
    assert.equal(known.statusCode, fresh.statusCode);
    assert.equal(known.body.replace('already', 'brand-new'), fresh.body);

    await app.afterReply.idle(); // the newsletter's confirmation mails
    const before = mailsIn(app.config.dataDir).length;
    const forgot = (email: string) => app.inject({ method: 'PUT', url: '/api/user/forgotpassword', payload: { email } });
    // Work queued after the answers is held up: the answers do not wait for it, so the
    // time they take cannot tell a known address from an unknown one.
    let release = () => {};
    const hold = new Promise<void>((resolve) => (release = resolve));
    app.afterReply.run('hold the queue', () => hold);
    const answers = await Promise.race([
      Promise.all([forgot(member.email), forgot('nobody-here@example.org')]),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('forgot-password waited for the account lookup')), 5000),
      ),
    ]);
    release();
    assert.equal(answers[0]!.statusCode, 200);
    assert.equal(answers[0]!.body, answers[1]!.body);
    // The answer was sent before the address was even looked up; the mail follows.
    await app.afterReply.idle();
    assert.equal((await waitForMails(app.config.dataDir, before + 1)).length, before + 1);
  });
});
