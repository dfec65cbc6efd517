import assert from 'node:assert/strict';
import { LOGIN_LIMITS } from '../src/modules/users/loginGuard.js';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { openDatabase } from '../src/db/index.js';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { confirmationTokenFor, createMember, describeEachDatabase, json, limitsWith, login, waitForMailTo } from './helpers.js';
import { latestAdultBirthDate } from '@ministry/shared/validation';
import { RESET_MAILS, SIGNUP_ANSWER } from '../src/modules/users/routes.js';
import type { User } from '@ministry/shared/types';
import { apiBuild } from '../../scripts/lib/build-api.mjs';

type Err = { error: { code: string; message: string; fields?: Record<string, string> } };

async function churchId(app: import('fastify').FastifyInstance): Promise<string> {
  return json<{ data: { _id: string }[] }>(await app.inject({ url: '/api/locations' })).data[0]!._id;
}

function signupBody(church: string, overrides: Record<string, unknown> = {}) {
  return {
    firstname: 'Ruth',
    lastname: 'Mensah',
    birth_date: '1990-05-04',
    email: `ruth-${Math.random().toString(36).slice(2, 8)}@example.org`,
    password: 'a long password',
    gender: 'Female',
    civil_status: 'Married',
    church,
    countryOfOrigin: 'Ghana',
    country: 'Canada',
    city: 'Ontario',
    seniority: 12,
    source: 'A friend brought me.',
    ...overrides,
  };
}

/** A multipart body with one file field. */
function multipart(field: string, filename: string, type: string, content: Buffer) {
  const boundary = '----ministry-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * Signs up through the API and opens the confirmation link of the mail that
 * comes for it: answers the sign-up's answer and the confirmed user.
 */
async function signUpAndConfirm(app: import('fastify').FastifyInstance, body: Record<string, unknown>, remoteAddress?: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/signup',
    payload: body,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (res.statusCode !== 202) return { res, user: undefined };
  const token = await confirmationTokenFor(app.config.dataDir, String(body.email));
  const confirmed = await app.inject({ method: 'POST', url: '/api/user/verify-email', payload: { token } });
  assert.equal(confirmed.statusCode, 200, confirmed.body);
  return { res, user: json<{ data: { user: User } }>(confirmed).data.user, confirmed };
}

/** Opens the confirmation link mailed to `to` (waiting for it to come): answers the verify-email answer. */
async function openConfirmation(app: import('fastify').FastifyInstance, to: string) {
  const token = await confirmationTokenFor(app.config.dataDir, to);
  return app.inject({ method: 'POST', url: '/api/user/verify-email', payload: { token } });
}

describeEachDatabase('signup and login', (ctx) => {
  it('creates an account with both steps once its address is confirmed, never answers the password, and answers a taken e-mail the same way', async () => {
    const { app } = ctx();
    const body = signupBody(await churchId(app));
    const { res, user, confirmed } = await signUpAndConfirm(app, body);
    assert.equal(res.statusCode, 202, res.body);
    assert.equal(json<{ data: { message: string } }>(res).data.message, SIGNUP_ANSWER);
    assert.ok(user);
    assert.equal(user.email, body.email);
    assert.equal(user.city, 'Ontario');
    assert.equal(user.seniority, 12);
    assert.equal(user.birth_date, '1990-05-04');
    assert.equal(user.role, 'member');
    assert.equal(user.emailVerified, true);
    assert.ok(!('password' in user) && !('password_hash' in user));
    assert.ok(!confirmed!.body.includes('scrypt$'));
    // The link signs the member in.
    assert.ok(confirmed!.cookies.some((c) => c.name === 'sid'));

    const again = await app.inject({
      method: 'POST',
      url: '/api/user/signup',
      payload: { ...body, email: body.email.toUpperCase(), password: 'another password' },
    });
    assert.equal(again.statusCode, 202);
    assert.equal(again.body, res.body, 'the same answer for a taken address');
    const note = await waitForMailTo(app.config.dataDir, body.email as string, /tried to create an account/);
    assert.match(note, /Someone \(perhaps you\) tried to create an account/);
    assert.doesNotMatch(note, /verify-email/);
    const rows = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', body.email as string)
      .execute();
    assert.equal(rows.length, 1);
  });

  it("accepts a member who turned 18 yesterday and refuses one who turns 18 tomorrow (on the ministry's clock)", async () => {
    const { app } = ctx();
    const church = await churchId(app);
    const shift = (date: string, days: number) =>
      new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const eighteenToday = latestAdultBirthDate();
    const young = await app.inject({
      method: 'POST',
      url: '/api/user/signup',
      remoteAddress: '192.0.2.180',
      payload: signupBody(church, { email: 'almost-18@example.org', birth_date: shift(eighteenToday, 1) }),
    });
    assert.equal(young.statusCode, 400, young.body);
    assert.equal(json<Err>(young).error.fields?.birth_date, 'You must be at least 18 years old');
    const adult = await app.inject({
      method: 'POST',
      url: '/api/user/signup',
      remoteAddress: '192.0.2.180',
      payload: signupBody(church, { email: 'just-18@example.org', birth_date: shift(eighteenToday, -1) }),
    });
    assert.equal(adult.statusCode, 202, adult.body);
    // The day changes at midnight in the ministry's time zone (New York), not in UTC.
    assert.equal(latestAdultBirthDate(new Date('2026-03-01T03:00:00Z')), '2008-02-28');
    assert.equal(latestAdultBirthDate(new Date('2026-03-01T06:00:00Z')), '2008-03-01');
  });

  it('applies the rules of both steps on the server, with a message per field', async () => {
    const { app } = ctx();
    const church = await churchId(app);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'nope' }, 'email', 'Invalid email'],
      [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
      [{ birth_date: '2010-01-01' }, 'birth_date', 'You must be at least 18 years old'],
      [{ birth_date: '1900-01-01' }, 'birth_date', 'Birth date must be on or after 1910'],
      [{ seniority: 500 }, 'seniority', 'Must be between 1 and 100'],
      [{ source: 'x'.repeat(301) }, 'source', 'Must be at most 300 characters'],
      [{ gender: 'Other' }, 'gender', 'Required'],
      [{ city: '' }, 'city', 'Required'],
      [{ church: 'not-a-church' }, 'church', 'Please choose one of our churches.'],
      [{ countryOfOrigin: 'Atlantis' }, 'countryOfOrigin', 'Please choose a country from the list.'],
      [{ country: 'Wakanda' }, 'country', 'Please choose a country from the list.'],
      [{ country: '<b>Canada</b>' }, 'country', 'Please choose a country from the list.'],
      [{ country: 'CA' }, 'country', 'Please choose a country from the list.'],
      [{ city: 'Toronto' }, 'city', 'Please choose a city of your country of residence.'],
      [{ country: 'Ghana', city: 'Ontario' }, 'city', 'Please choose a city of your country of residence.'],
    ];
    for (const [change, field, message] of cases) {
      const res = await app.inject({ method: 'POST', url: '/api/user/signup', payload: signupBody(church, change) });
      assert.equal(res.statusCode, 400, `${field}: ${res.body}`);
      assert.equal(json<Err>(res).error.fields?.[field], message, field);
    }
  });

  it('takes countries and cities from the lists, spelled as the lists spell them', async () => {
    const { app } = ctx();
    const { user } = await signUpAndConfirm(
      app,
      signupBody(await churchId(app), { countryOfOrigin: 'ghana', country: 'CANADA', city: 'british columbia' }),
    );
    assert.deepEqual([user?.countryOfOrigin, user?.country, user?.city], ['Ghana', 'Canada', 'British Columbia']);
    // A country without states in the data offers itself as the city.
    const noStates = await signUpAndConfirm(app, signupBody(await churchId(app), { country: 'Aruba', city: 'Aruba' }));
    assert.equal(noStates.res.statusCode, 202, noStates.res.body);
    assert.equal(noStates.user?.city, 'Aruba');
  });

  it('logs in with a session cookie (HttpOnly, SameSite=Lax), persistent only when asked', async () => {
    const { app } = ctx();
    const member = await createMember(app);
    const kept = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: member.email, password: member.password, remember: true },
    });
    assert.equal(kept.statusCode, 200);
    const cookie = kept.cookies.find((c) => c.name === 'sid')!;
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, 'Lax');
    assert.ok(cookie.expires && cookie.expires.getTime() > Date.now() + 7 * 86_400_000);
    assert.equal(json<{ data: User }>(kept).data._id, member.id);

    const browserOnly = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: member.email, password: member.password, remember: false },
    });
    const sessionCookie = browserOnly.cookies.find((c) => c.name === 'sid')!;
    assert.equal(sessionCookie.expires, undefined);
    assert.notEqual(sessionCookie.value, cookie.value, 'a new token on every login');
  });

  it('answers 400 with the catalogue message for a wrong password or an unknown e-mail, and refuses sample members', async () => {
    const { app } = ctx();
    const member = await createMember(app);
    for (const payload of [
      { email: member.email, password: 'wrong password' },
      { email: 'nobody@example.org', password: 'whatever123' },
      { email: 'esther.mensah@example.org', password: 'seed-only:' },
    ]) {
      const res = await app.inject({ method: 'POST', url: '/api/user/login', payload });
      assert.equal(res.statusCode, 400);
      assert.equal(json<Err>(res).error.message, 'Incorrect email or password, please try again.');
    }
    const empty = await app.inject({ method: 'POST', url: '/api/user/login', payload: {} });
    assert.equal(empty.statusCode, 400);
    assert.equal(json<Err>(empty).error.fields?.email, 'Required');
  });

  it('limits login attempts per e-mail and address: after 5 failures even the right password waits there (429)', async () => {
    const { app } = ctx();
    const member = await createMember(app);
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: member.email, password: `wrong-${i}-password` },
      });
      assert.equal(res.statusCode, 400);
    }
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: member.email.toUpperCase(), password: member.password },
    });
    assert.equal(blocked.statusCode, 429);
    // The owner is offered a one-time code instead.
    assert.equal(json<Err>(blocked).error.code, 'sign_in_held');
    assert.match(json<Err>(blocked).error.message, /one-time code/);
  });
});

/** A small limit for the test (the default is 50): every attempt costs a real password hash. */
const FAILURES_PER_IP = 8;

describeEachDatabase(
  'login rate limit per address',
  (ctx) => {
    it('counts only failures per IP: a congregation on one network signs in freely', async () => {
      const { app } = ctx();
      const members = await Promise.all([0, 1, 2].map(() => createMember(app)));
      const churchWifi = '198.51.100.20';
      for (let i = 0; i < FAILURES_PER_IP + 10; i++) {
        const member = members[i % members.length]!;
        const res = await app.inject({
          method: 'POST',
          url: '/api/user/login',
          remoteAddress: churchWifi,
          payload: { email: member.email, password: member.password },
        });
        assert.equal(res.statusCode, 200, `login ${i + 1}: ${res.body}`);
      }
      // A few typos among them change nothing either.
      for (let i = 0; i < 3; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/user/login',
          remoteAddress: churchWifi,
          payload: { email: members[i]!.email, password: 'typo password' },
        });
        assert.equal(res.statusCode, 400);
      }
      const after = await app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: churchWifi,
        payload: { email: members[0]!.email, password: members[0]!.password },
      });
      assert.equal(after.statusCode, 200);
    });

    it(`after ${FAILURES_PER_IP} failed logins from one IP, that IP gets one attempt every few seconds, never none; other addresses go on`, async () => {
      const { app } = ctx();
      const member = await createMember(app);
      const guesser = '203.0.113.9';
      const attempt = (email: string, password: string, remoteAddress = guesser) =>
        app.inject({ method: 'POST', url: '/api/user/login', remoteAddress, payload: { email, password } });
      for (let i = 0; i < FAILURES_PER_IP; i++)
        assert.equal((await attempt(`n${i}@example.org`, 'x')).statusCode, 400, `attempt ${i + 1}`);
      // The guesser keeps trying: one attempt goes through, the next at once is refused (and offered a code).
      assert.equal((await attempt('n99@example.org', 'x')).statusCode, 400);
      const blocked = await attempt(member.email, member.password);
      assert.equal(blocked.statusCode, 429);
      assert.equal(json<Err>(blocked).error.code, 'sign_in_held');
      assert.match(json<Err>(blocked).error.message, /one-time code/);
      assert.equal((await attempt(member.email, member.password, '203.0.113.10')).statusCode, 200, 'another address goes on');
      // A member on that network, on a new device, gets in a moment later: slowed, not locked out.
      app.clock.setNow(new Date(app.clock.now().getTime() + LOGIN_LIMITS.overBudgetIntervalMs + 100));
      assert.equal((await attempt(member.email, member.password)).statusCode, 200);
    });
  },
  { config: { limits: limitsWith({ loginFailuresPerAddress: FAILURES_PER_IP }) } },
);

describeEachDatabase('sessions and the current user', (ctx) => {
  it('answers the current user only for its own session', async () => {
    const { app } = ctx();
    const me = await createMember(app);
    const other = await createMember(app);
    assert.equal((await app.inject({ url: `/api/user/search/${me.id}`, headers: { cookie: me.cookie } })).statusCode, 200);
    assert.equal((await app.inject({ url: `/api/user/search/${other.id}`, headers: { cookie: me.cookie } })).statusCode, 403);
    assert.equal((await app.inject({ url: `/api/user/search/${me.id}` })).statusCode, 401);
    assert.equal(
      (await app.inject({ url: `/api/user/search/${me.id}`, headers: { cookie: 'sid=forged-token-value' } })).statusCode,
      401,
    );
    assert.equal((await app.inject({ url: '/api/user/search/not-an-id', headers: { cookie: me.cookie } })).statusCode, 400);
  });

  it('logout ends the session on the server: the old cookie no longer works', async () => {
    const { app } = ctx();
    const me = await createMember(app);
    const out = await app.inject({ method: 'DELETE', url: '/api/user/logout', headers: { cookie: me.cookie } });
    assert.equal(out.statusCode, 200);
    assert.equal(out.cookies.find((c) => c.name === 'sid')?.value, '');
    assert.equal((await app.inject({ url: `/api/user/search/${me.id}`, headers: { cookie: me.cookie } })).statusCode, 401);
  });

  it("GET /api/user/me answers the session's member, never kept by a cache, and 401 once the session ends", async () => {
    const { app } = ctx();
    const me = await createMember(app, { firstname: 'Lydia' });
    const answer = await app.inject({ url: '/api/user/me', headers: { cookie: me.cookie } });
    assert.equal(answer.statusCode, 200);
    const user = json<{ data: User }>(answer).data;
    assert.equal(user._id, me.id);
    assert.equal(user.firstname, 'Lydia');
    assert.equal((user as unknown as Record<string, unknown>).password_hash, undefined);
    assert.match(String(answer.headers['cache-control']), /no-store/);
    assert.equal((await app.inject({ url: '/api/user/me' })).statusCode, 401);
    assert.equal((await app.inject({ url: '/api/user/me', headers: { cookie: 'sid=forged-token-value' } })).statusCode, 401);
    // A password changed elsewhere ends this session: the next question says so.
    const other = await login(app, me.email, me.password);
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/user/updateSecurity/${me.id}`,
      headers: { cookie: other },
      payload: { currentPassword: me.password, password: 'another long password', confirmPassword: 'another long password' },
    });
    assert.equal(changed.statusCode, 200, changed.body);
    assert.equal((await app.inject({ url: '/api/user/me', headers: { cookie: me.cookie } })).statusCode, 401);
  });
});

describeEachDatabase('profile', (ctx) => {
  it('saves basic info and church, keeps what was not sent, and refuses another member', async () => {
    const { app } = ctx();
    const me = await createMember(app);
    const other = await createMember(app);
    const church = await churchId(app);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/user/updateBasic/${me.id}`,
      headers: { cookie: me.cookie },
      payload: {
        firstname: 'Abena',
        city: 'Greater Accra',
        country: 'Ghana',
        seniority: 7,
        church,
        _id: me.id,
        role: 'admin',
        email: 'x@y.org',
      },
    });
    assert.equal(res.statusCode, 200, res.body);
    const user = json<{ data: User }>(res).data;
    assert.equal(user.firstname, 'Abena');
    assert.equal(user.lastname, 'Member');
    assert.equal(user.church, church);
    assert.equal(user.role, 'member', 'the role cannot be set by the member');
    assert.equal(user.email, me.email, 'the e-mail changes only through the security section');
    const reread = json<{ data: User }>(
      await app.inject({ url: `/api/user/search/${me.id}`, headers: { cookie: me.cookie } }),
    ).data;
    assert.equal(reread.city, 'Greater Accra');

    const bad = await app.inject({
      method: 'PUT',
      url: `/api/user/updateBasic/${me.id}`,
      headers: { cookie: me.cookie },
      payload: { seniority: 'abc' },
    });
    assert.equal(bad.statusCode, 400);
    assert.equal(json<Err>(bad).error.fields?.seniority, 'Must be a number');

    for (const url of [
      `/api/user/updateBasic/${other.id}`,
      `/api/user/updateSecurity/${other.id}`,
      `/api/user/deletePhoto/${other.id}`,
    ]) {
      const refused = await app.inject({ method: 'PUT', url, headers: { cookie: me.cookie }, payload: { firstname: 'Mallory' } });
      assert.equal(refused.statusCode, 403, url);
    }
    const anonymous = await app.inject({ method: 'PUT', url: `/api/user/updateBasic/${me.id}`, payload: { firstname: 'Anon' } });
    assert.equal(anonymous.statusCode, 401);
  });

  it('takes countries and cities from the lists; a new country of residence needs its city', async () => {
    const { app } = ctx();
    const me = await createMember(app);
    const update = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: `/api/user/updateBasic/${me.id}`, headers: { cookie: me.cookie }, payload });
    const saved = await update({ countryOfOrigin: 'nigeria', country: 'Ghana', city: 'Volta' });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual(
      [
        json<{ data: User }>(saved).data.countryOfOrigin,
        json<{ data: User }>(saved).data.country,
        json<{ data: User }>(saved).data.city,
      ],
      ['Nigeria', 'Ghana', 'Volta'],
    );
    const refused: [Record<string, unknown>, string, string][] = [
      [{ countryOfOrigin: 'Narnia' }, 'countryOfOrigin', 'Please choose a country from the list.'],
      [{ country: 'Narnia', city: 'Volta' }, 'country', 'Please choose a country from the list.'],
      [{ country: 'Canada' }, 'city', 'Required'],
      [{ country: 'Canada', city: '' }, 'city', 'Required'],
      [{ country: 'Canada', city: 'Volta' }, 'city', 'Please choose a city of your country of residence.'],
      [{ city: 'Ontario' }, 'city', 'Please choose a city of your country of residence.'],
      [{ firstname: 'Kofi', city: 'Accra' }, 'city', 'Please choose a city of your country of residence.'],
    ];
    for (const [payload, field, message] of refused) {
      const res = await update(payload);
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      assert.equal(json<Err>(res).error.fields?.[field], message, JSON.stringify(payload));
    }
    const unchanged = json<{ data: User }>(
      await app.inject({ url: `/api/user/search/${me.id}`, headers: { cookie: me.cookie } }),
    ).data;
    assert.deepEqual(
      [unchanged.firstname, unchanged.country, unchanged.city],
      ['Test', 'Ghana', 'Volta'],
      'a refused change saves nothing',
    );

    assert.equal((await update({ city: 'Ashanti' })).statusCode, 200, 'a city of the saved country');
    assert.equal((await update({ country: 'ghana' })).statusCode, 200, 'the same country again keeps its city');
    const moved = await update({ country: 'Canada', city: 'Ontario' });
    assert.equal(moved.statusCode, 200);
    assert.equal(json<{ data: User }>(moved).data.city, 'Ontario');
  });

  it('re-issues the session as the kind it was: a browser-session cookie stays one, a kept one stays kept', async () => {
    const { app } = ctx();
    const me = await createMember(app);
    for (const remember of [false, true]) {
      const cookie = await login(app, me.email, me.password, remember);
      const res = await app.inject({
        method: 'PUT',
        url: `/api/user/updateSecurity/${me.id}`,
        headers: { cookie },
        payload: { password: me.password, currentPassword: me.password },
      });
      assert.equal(res.statusCode, 200, res.body);
      const fresh = res.cookies.find((c) => c.name === 'sid')!;
      const row = await app.db.selectFrom('sessions').select(['persistent', 'expires_at']).where('user_id', '=', me.id).execute();
      assert.equal(row.length, 1);
      assert.equal(row[0]!.persistent, remember);
      if (remember) assert.ok(fresh.expires && fresh.expires.getTime() > Date.now() + 7 * 86_400_000, 'kept for 30 days');
      else assert.equal(fresh.expires, undefined, 'a browser-session cookie');
      assert.equal(
        (await app.inject({ url: `/api/user/search/${me.id}`, headers: { cookie: `sid=${fresh.value}` } })).statusCode,
        200,
      );
    }
  });

  it('changes the e-mail alone or the password alone; the current password is always needed, and some change', async () => {
    const { app } = ctx();
    const me = await createMember(app);
    const put = (cookie: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: `/api/user/updateSecurity/${me.id}`, headers: { cookie }, payload });
    let cookie = me.cookie;
    const sid = (res: { cookies: { name: string; value: string }[] }) =>
      `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;

    const newEmail = `alone-${me.email}`;
    const emailOnly = await put(cookie, { email: newEmail, password: '', currentPassword: me.password });
    assert.equal(emailOnly.statusCode, 200, emailOnly.body);
    // The new address takes effect once its link is opened.
    assert.equal(json<{ data: User }>(emailOnly).data.email, me.email);
    assert.equal(json<{ data: User }>(emailOnly).data.pendingEmail, newEmail);
    await login(app, me.email, me.password);
    const confirmed = await openConfirmation(app, newEmail);
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    assert.equal(json<{ data: { user: User } }>(confirmed).data.user.email, newEmail);
    cookie = sid(confirmed);
    await login(app, newEmail, me.password);
    // The old address was told.
    await waitForMailTo(app.config.dataDir, me.email, /is now/);

    const passwordOnly = await put(cookie, { password: 'only the password changed', currentPassword: me.password });
    assert.equal(passwordOnly.statusCode, 200, passwordOnly.body);
    assert.equal(json<{ data: User }>(passwordOnly).data.email, newEmail);
    cookie = sid(passwordOnly);
    await login(app, newEmail, 'only the password changed');

    const noCurrent = await put(cookie, { email: `x-${newEmail}` });
    assert.equal(noCurrent.statusCode, 400);
    assert.equal(json<Err>(noCurrent).error.fields?.currentPassword, 'Required');
    for (const payload of [
      { currentPassword: 'only the password changed' },
      { email: newEmail.toUpperCase(), password: '', currentPassword: 'only the password changed' },
    ]) {
      const nothing = await put(cookie, payload);
      assert.equal(nothing.statusCode, 400, JSON.stringify(payload));
      assert.equal(json<Err>(nothing).error.fields?.password, 'Enter a new e-mail or a new password');
    }
    const short = await put(cookie, { password: 'short', currentPassword: 'only the password changed' });
    assert.equal(json<Err>(short).error.fields?.password, 'Password must be at least 8 characters');
    // A taken address gets the same answer, and nothing changes.
    const owner = await createMember(app);
    const taken = await put(cookie, { email: owner.email, currentPassword: 'only the password changed' });
    assert.equal(taken.statusCode, 200);
    assert.equal(json<{ data: User }>(taken).data.pendingEmail, owner.email);
    assert.equal(
      (await app.db.selectFrom('users').select('email').where('id', '=', me.id).executeTakeFirstOrThrow()).email,
      newEmail,
    );
  });

  it('changes e-mail and password only with the current password, and ends other sessions', async () => {
    const { app } = ctx();
    const me = await createMember(app);
    const secondDevice = await login(app, me.email, me.password);
    const wrong = await app.inject({
      method: 'PUT',
      url: `/api/user/updateSecurity/${me.id}`,
      headers: { cookie: me.cookie },
      payload: { email: me.email, password: 'brand new password', currentPassword: 'not it at all' },
    });
    assert.equal(wrong.statusCode, 400);
    assert.equal(json<Err>(wrong).error.fields?.currentPassword, 'Your current password is not correct.');

    const newEmail = `new-${me.email}`;
    const ok = await app.inject({
      method: 'PUT',
      url: `/api/user/updateSecurity/${me.id}`,
      headers: { cookie: me.cookie },
      payload: { email: newEmail, password: 'brand new password', currentPassword: me.password },
    });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(json<{ data: User }>(ok).data.pendingEmail, newEmail);
    const fresh = ok.cookies.find((c) => c.name === 'sid')!;
    assert.equal(
      (await app.inject({ url: `/api/user/search/${me.id}`, headers: { cookie: `sid=${fresh.value}` } })).statusCode,
      200,
    );
    assert.equal((await app.inject({ url: `/api/user/search/${me.id}`, headers: { cookie: secondDevice } })).statusCode, 401);
    await login(app, me.email, 'brand new password');
    assert.equal((await openConfirmation(app, newEmail)).statusCode, 200);
    await login(app, newEmail, 'brand new password');
  });

  it('stores a photo re-encoded and shrunk, refuses a file that is not an image, and deletes it', async () => {
    const { app } = ctx();
    const me = await createMember(app);
    const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-metadata' } })
      .toBuffer();
    const upload = multipart('photo', 'holiday.jpg', 'image/jpeg', big);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/user/updatePhoto/${me.id}`,
      headers: { cookie: me.cookie, ...upload.headers },
      payload: upload.payload,
    });
    assert.equal(res.statusCode, 200, res.body);
    const photo = json<{ data: User }>(res).data.photo!;
    assert.match(photo, /^\/media\/uploads\/[0-9a-f-]{36}\.webp$/);
    const stored = (await app.uploads.get(path.basename(photo)))!.data;
    const meta = await sharp(stored).metadata();
    assert.equal(meta.format, 'webp');
    assert.ok(meta.width! <= 512 && meta.height! <= 512);
    assert.ok(!stored.includes('secret-metadata'));

    const disguised = multipart('photo', 'cute.png', 'image/png', Buffer.from('<script>alert(1)</script> definitely a png'));
    const refused = await app.inject({
      method: 'PUT',
      url: `/api/user/updatePhoto/${me.id}`,
      headers: { cookie: me.cookie, ...disguised.headers },
      payload: disguised.payload,
    });
    assert.equal(refused.statusCode, 400);
    assert.equal(json<Err>(refused).error.fields?.photo, 'Please choose a JPEG, PNG, WebP or GIF picture.');

    const other = await createMember(app);
    const forbidden = await app.inject({
      method: 'PUT',
      url: `/api/user/updatePhoto/${other.id}`,
      headers: { cookie: me.cookie, ...upload.headers },
      payload: upload.payload,
    });
    assert.equal(forbidden.statusCode, 403);

    const deleted = await app.inject({ method: 'PUT', url: `/api/user/deletePhoto/${me.id}`, headers: { cookie: me.cookie } });
    assert.equal(deleted.statusCode, 200);
    assert.equal(json<{ data: User }>(deleted).data.photo, null);
    assert.equal(await app.uploads.get(path.basename(photo)), null);
  });

  it('refuses a picture over 5 MB with 413', async () => {
    const { app } = ctx();
    const me = await createMember(app);
    const upload = multipart('photo', 'huge.jpg', 'image/jpeg', Buffer.alloc(6 * 1024 * 1024, 1));
    const res = await app.inject({
      method: 'PUT',
      url: `/api/user/updatePhoto/${me.id}`,
      headers: { cookie: me.cookie, ...upload.headers },
      payload: upload.payload,
    });
    assert.ok([413].includes(res.statusCode), `${res.statusCode} ${res.body}`);
  });
});

describeEachDatabase('forgot and reset password', (ctx) => {
  /** The reset link's token in the newest mail to `to`. */
  const resetTokenFor = async (app: FastifyInstance, to: string): Promise<string> =>
    /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(await waitForMailTo(app.config.dataDir, to, /\/reset-password\//))![1]!;

  it('answers the same for known and unknown e-mails, and mails a single-use link that ends every session', async () => {
    const { app } = ctx();
    const me = await createMember(app);
    const known = await app.inject({
      method: 'PUT',
      url: '/api/user/forgotpassword',
      payload: { email: me.email.toUpperCase() },
    });
    const unknown = await app.inject({
      method: 'PUT',
      url: '/api/user/forgotpassword',
      payload: { email: 'nobody-here@example.org' },
    });
    assert.equal(known.statusCode, 200);
    assert.equal(unknown.statusCode, 200);
    assert.equal(known.body, unknown.body);

    const token = await resetTokenFor(app, me.email);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { token, password: 'my new password' },
    });
    assert.equal(reset.statusCode, 200, reset.body);
    assert.equal(
      (await app.inject({ url: `/api/user/search/${me.id}`, headers: { cookie: me.cookie } })).statusCode,
      401,
      'old sessions end',
    );
    await login(app, me.email, 'my new password');

    const twice = await app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { token, password: 'another new password' },
    });
    assert.equal(twice.statusCode, 400);
    assert.match(json<Err>(twice).error.message, /invalid or has expired/);
  });

  it('using one link voids every other link of that member', async () => {
    const { app } = ctx();
    const me = await createMember(app);
    const { createResetToken } = await import('../src/modules/users/service.js');
    const first = await createResetToken(app.db, me.id);
    const second = await createResetToken(app.db, me.id);
    const someoneElse = await createMember(app);
    const theirs = await createResetToken(app.db, someoneElse.id);
    const used = await app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { token: second, password: 'my new password' },
    });
    assert.equal(used.statusCode, 200, used.body);
    const older = await app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { token: first, password: 'attacker password' },
    });
    assert.equal(older.statusCode, 400);
    assert.match(json<Err>(older).error.message, /invalid or has expired/);
    await login(app, me.email, 'my new password');
    const other = await app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { token: theirs, password: 'their new password' },
    });
    assert.equal(other.statusCode, 200, 'another member\u2019s link is untouched');
  });

  it('a new e-mail or password from the profile voids outstanding links', async () => {
    const { app } = ctx();
    const { createResetToken } = await import('../src/modules/users/service.js');
    for (const change of [{ password: 'changed in the profile' }, { email: `moved-${Date.now()}@example.org` }]) {
      const me = await createMember(app);
      const token = await createResetToken(app.db, me.id);
      const res = await app.inject({
        method: 'PUT',
        url: `/api/user/updateSecurity/${me.id}`,
        headers: { cookie: me.cookie },
        payload: { ...change, currentPassword: me.password },
      });
      assert.equal(res.statusCode, 200, res.body);
      // A new address counts once confirmed.
      if (change.email) assert.equal((await openConfirmation(app, change.email)).statusCode, 200);
      const reset = await app.inject({
        method: 'POST',
        url: '/api/user/reset-password',
        payload: { token, password: 'attacker password' },
      });
      assert.equal(reset.statusCode, 400, JSON.stringify(change));
    }
  });

  it('tells whether a link still works before it is used, without using it up', async () => {
    const { app } = ctx();
    const me = await createMember(app);
    await app.inject({ method: 'PUT', url: '/api/user/forgotpassword', payload: { email: me.email } });
    const token = await resetTokenFor(app, me.email);
    const check = async (t: string) =>
      json<{ data: { valid: boolean } }>(
        await app.inject({ method: 'POST', url: '/api/user/reset-password/check', payload: { token: t } }),
      ).data.valid;
    assert.equal(await check(token), true);
    assert.equal(await check(token), true, 'asking does not use it up');
    assert.equal(await check('x'.repeat(43)), false);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { token, password: 'my new password' },
    });
    assert.equal(reset.statusCode, 200);
    assert.equal(await check(token), false, 'a used link no longer works');
  });

  it('refuses an expired link', async () => {
    const { app } = ctx();
    const me = await createMember(app);
    await app.inject({ method: 'PUT', url: '/api/user/forgotpassword', payload: { email: me.email } });
    const token = await resetTokenFor(app, me.email);
    await app.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { token, password: 'my new password' },
    });
    assert.equal(res.statusCode, 400);
    await login(app, me.email, me.password);
  });

  it(`sends one account at most ${RESET_MAILS.max} reset e-mails an hour, answering every request the same way`, async () => {
    const { app } = ctx();
    const me = await createMember(app);
    const other = await createMember(app);
    const ask = (email: string, remoteAddress: string) =>
      app.inject({ method: 'PUT', url: '/api/user/forgotpassword', remoteAddress, payload: { email } });
    const unknown = await ask('nobody-at-all@example.org', '192.0.2.50');
    // From several addresses, so the per-IP limit is not what stops them.
    for (let i = 0; i < RESET_MAILS.max + 3; i++) {
      const res = await ask(i % 2 ? me.email : me.email.toUpperCase(), `192.0.2.${i + 1}`);
      assert.equal(res.statusCode, 200);
      assert.equal(res.body, unknown.body, 'the same answer as for an unknown e-mail');
    }
    const tokens = async (userId: string) =>
      (await app.db.selectFrom('password_resets').select('token_hash').where('user_id', '=', userId).execute()).length;
    await app.afterReply.idle();
    assert.equal(await tokens(me.id), RESET_MAILS.max);
    assert.equal((await ask(other.email, '192.0.2.99')).statusCode, 200);
    await app.afterReply.idle();
    assert.equal(await tokens(other.id), 1, 'other members are not held up');
  });
});

describeEachDatabase('countries and cities', (ctx) => {
  it('lists countries and the states of one, and 404s an unknown country', async () => {
    const { app } = ctx();
    const countries = json<{ data: { name: string }[] }>(await app.inject({ url: '/api/geo/countries' })).data;
    assert.ok(countries.length > 200);
    const cities = json<{ data: string[] }>(await app.inject({ url: '/api/geo/cities?country=Ghana' })).data;
    assert.ok(cities.includes('Greater Accra'));
    assert.equal((await app.inject({ url: '/api/geo/cities?country=Atlantis' })).statusCode, 404);
    assert.equal((await app.inject({ url: '/api/geo/cities' })).statusCode, 400);
  });
});

describeEachDatabase('the admin role', (ctx) => {
  it('ensureAdmin creates the first admin, promotes an existing member, and refuses a weak password', async () => {
    const { app } = ctx();
    const { ensureAdmin } = await import('../src/modules/users/admin.js');
    assert.equal(await ensureAdmin(app.db, 'pastor@example.org', 'a long password'), 'created');
    assert.equal(await ensureAdmin(app.db, 'PASTOR@example.org', 'a long password'), 'unchanged');
    const cookie = await login(app, 'pastor@example.org', 'a long password');
    const me = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'pastor@example.org', password: 'a long password' },
    });
    assert.equal(json<{ data: User }>(me).data.role, 'admin');
    assert.ok(cookie);

    const member = await createMember(app);
    assert.equal(
      await ensureAdmin(app.db, member.email, 'whatever password'),
      'refused',
      'by default only with the account\u2019s own password',
    );
    assert.equal(await roleOf(app, member.email), 'member');
    assert.equal(await ensureAdmin(app.db, member.email, 'whatever password', { promote: 'any' }), 'promoted');
    assert.equal(await roleOf(app, member.email), 'admin');
    await login(app, member.email, member.password); // the member's own password still works
    await assert.rejects(ensureAdmin(app.db, 'weak@example.org', 'short'));
  });

  it('at start, promotes an existing account only when ADMIN_PASSWORD is its password, and says so when refusing', async () => {
    const { app } = ctx();
    const { adminFromEnvironment } = await import('../src/modules/users/admin.js');
    const squatter = await createMember(app, { email: `first-come-${Date.now()}@example.org` });
    const refused = await adminFromEnvironment(app.db, squatter.email.toUpperCase(), 'the operator password');
    assert.equal(refused.outcome, 'refused');
    assert.match(
      refused.message!,
      /Not making .* an admin: an account with that e-mail already exists and ADMIN_PASSWORD is not its password/,
    );
    assert.equal(await roleOf(app, squatter.email), 'member');
    await login(app, squatter.email, squatter.password);

    const owner = await createMember(app);
    const promoted = await adminFromEnvironment(app.db, owner.email, owner.password);
    assert.equal(promoted.outcome, 'promoted');
    assert.equal(await roleOf(app, owner.email), 'admin');
    assert.deepEqual(await adminFromEnvironment(app.db, owner.email, 'not checked once admin'), {
      outcome: 'unchanged',
      message: undefined,
    });

    const fresh = await adminFromEnvironment(app.db, 'new-admin@example.org', 'a long password');
    assert.equal(fresh.outcome, 'created');
    assert.equal(await roleOf(app, 'new-admin@example.org'), 'admin');
  });
});

async function roleOf(app: import('fastify').FastifyInstance, email: string): Promise<string | undefined> {
  const row = await app.db.selectFrom('users').select('role').where('email', '=', email.toLowerCase()).executeTakeFirst();
  return row?.role;
}

describe('create-admin on the command line', () => {
  const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  // Without tiering PGlite's WebAssembly up to optimised code: a run this short never gains back the second of CPU it costs.
  const v8Flags = ['--no-wasm-dynamic-tiering', '--no-wasm-tier-up'];
  const cli = async (dataDir: string, ...args: string[]) => {
    const cliFile = await apiBuild('cli');
    return new Promise<{ code: number | null; out: string; err: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [...v8Flags, cliFile, ...args], {
        cwd: apiDir,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '', LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (err += d));
      child.on('error', reject);
      child.on('exit', (code) => resolve({ code, out, err }));
    });
  };

  it(
    'prepares the database with the sample content, creates an admin, promotes an existing member whatever the password given (keeping theirs), and refuses bad input',
    // Six runs of the command line, each loading the API and its database: minutes on a busy machine.
    { timeout: 360_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'ministry-cli-'));
      const prepared = await cli(dataDir, 'prepare');
      assert.equal(prepared.code, 0, prepared.err);
      assert.match(prepared.out, /Database ready, with the sample content\./);
      const created = await cli(dataDir, 'create-admin', 'pastor@example.org', 'a long password');
      assert.equal(created.code, 0, created.err);
      assert.match(created.out, /Admin pastor@example.org created\./);
      const again = await cli(dataDir, 'create-admin', 'PASTOR@example.org', 'a long password');
      assert.equal(again.code, 0, again.err);
      assert.match(again.out, /was already an admin/);

      // A member registered through the site, then promoted by the operator.
      const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
      const { createUser } = await import('../src/modules/users/service.js');
      await createUser(database.db, {
        email: 'deacon@example.org',
        password: 'the deacon password',
        firstname: 'Kwame',
        lastname: 'Asante',
      });
      await database.close();
      const promoted = await cli(dataDir, 'create-admin', 'deacon@example.org', 'some other password');
      assert.equal(promoted.code, 0, promoted.err);
      assert.match(promoted.out, /deacon@example.org is now an admin\./);

      const weak = await cli(dataDir, 'create-admin', 'weak@example.org', 'short');
      assert.equal(weak.code, 1);
      assert.match(weak.err, /Password must be at least 8 characters/);
      const usage = await cli(dataDir, 'create-admin');
      assert.equal(usage.code, 2);
      assert.match(usage.err, /Usage:/);

      const check = await openDatabase({ dataDir: path.join(dataDir, 'db') });
      try {
        const devotionals = await check.db
          .selectFrom('devotionals')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        assert.ok(Number(devotionals.n) >= 30, 'prepare added the sample content');
        const rows = await check.db
          .selectFrom('users')
          .select(['email', 'role', 'password_hash'])
          .where('role', '=', 'admin')
          .orderBy('email')
          .execute();
        assert.deepEqual(
          rows.map((r) => [r.email, r.role]),
          [
            ['deacon@example.org', 'admin'],
            ['pastor@example.org', 'admin'],
          ],
        );
        const { verifyPassword } = await import('../src/lib/passwords.js');
        assert.ok(await verifyPassword('the deacon password', rows[0]!.password_hash), 'the member keeps their password');
      } finally {
        await check.close();
      }
    },
  );
});
