import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import sharp from 'sharp';
import { createMember, describeEachDatabase, json, login } from './helpers.js';
import { outboxDir } from '../src/lib/mailer.js';
import type { User } from '@ministry/shared/types';

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
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeEachDatabase('signup and login', (ctx) => {
  it('creates an account with both steps, never answers the password, and refuses a taken e-mail whatever its case', async () => {
    const { app } = ctx();
    const body = signupBody(await churchId(app));
    const res = await app.inject({ method: 'POST', url: '/api/user/signup', payload: body });
    assert.equal(res.statusCode, 201, res.body);
    const user = json<{ data: User & { password?: string; password_hash?: string } }>(res).data;
    assert.equal(user.email, body.email);
    assert.equal(user.city, 'Ontario');
    assert.equal(user.seniority, 12);
    assert.equal(user.birth_date, '1990-05-04');
    assert.equal(user.role, 'member');
    assert.ok(!('password' in user) && !('password_hash' in user));
    assert.ok(!res.body.includes('scrypt$'));

    const again = await app.inject({ method: 'POST', url: '/api/user/signup', payload: { ...body, email: body.email.toUpperCase() } });
    assert.equal(again.statusCode, 409);
    assert.equal(json<Err>(again).error.message, 'This email already exists, please try again with a different email.');
  });

  it('applies the rules of both steps on the server, with a message per field', async () => {
    const { app } = ctx();
    const church = await churchId(app);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'nope' }, 'email', 'Invalid email'],
      [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
      [{ birth_date: '2010-01-01' }, 'birth_date', 'Birth date must be lower than 2004'],
      [{ birth_date: '1900-01-01' }, 'birth_date', 'Birth date must be on or after 1910'],
      [{ seniority: 500 }, 'seniority', 'Must be between 1 and 100'],
      [{ source: 'x'.repeat(301) }, 'source', 'Must be at most 300 characters'],
      [{ gender: 'Other' }, 'gender', 'Required'],
      [{ city: '' }, 'city', 'Required'],
      [{ church: 'not-a-church' }, 'church', 'Please choose one of our churches.'],
    ];
    for (const [change, field, message] of cases) {
      const res = await app.inject({ method: 'POST', url: '/api/user/signup', payload: signupBody(church, change) });
      assert.equal(res.statusCode, 400, `${field}: ${res.body}`);
      assert.equal(json<Err>(res).error.fields?.[field], message, field);
    }
  });

  it('logs in with a session cookie (HttpOnly, SameSite=Lax), persistent only when asked', async () => {
    const { app } = ctx();
    const member = await createMember(app);
    const kept = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email: member.email, password: member.password, remember: true } });
    assert.equal(kept.statusCode, 200);
    const cookie = kept.cookies.find((c) => c.name === 'sid')!;
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, 'Lax');
    assert.ok(cookie.expires && cookie.expires.getTime() > Date.now() + 7 * 86_400_000);
    assert.equal(json<{ data: User }>(kept).data._id, member.id);

    const browserOnly = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email: member.email, password: member.password, remember: false } });
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

  it('limits login attempts per e-mail: after 5 failures even the right password waits (429)', async () => {
    const { app } = ctx();
    const member = await createMember(app);
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email: member.email, password: `wrong-${i}-password` } });
      assert.equal(res.statusCode, 400);
    }
    const blocked = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email: member.email.toUpperCase(), password: member.password } });
    assert.equal(blocked.statusCode, 429);
    assert.match(json<Err>(blocked).error.message, /Too many attempts/);
  });
});

describeEachDatabase('login rate limit per address', (ctx) => {
  it('answers 429 after 30 logins from one IP in 15 minutes', async () => {
    const { app } = ctx();
    let last = 0;
    for (let i = 0; i < 31; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email: `n${i}@example.org`, password: 'x' } });
      last = res.statusCode;
      if (i < 30) assert.equal(res.statusCode, 400);
    }
    assert.equal(last, 429);
  });
});

describeEachDatabase('sessions and the current user', (ctx) => {
  it('answers the current user only for its own session', async () => {
    const { app } = ctx();
    const me = await createMember(app);
    const other = await createMember(app);
    assert.equal((await app.inject({ url: `/api/user/search/${me.id}`, headers: { cookie: me.cookie } })).statusCode, 200);
    assert.equal((await app.inject({ url: `/api/user/search/${other.id}`, headers: { cookie: me.cookie } })).statusCode, 403);
    assert.equal((await app.inject({ url: `/api/user/search/${me.id}` })).statusCode, 401);
    assert.equal((await app.inject({ url: `/api/user/search/${me.id}`, headers: { cookie: 'sid=forged-token-value' } })).statusCode, 401);
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
      payload: { firstname: 'Abena', city: 'Accra', country: 'Ghana', seniority: 7, church, _id: me.id, role: 'admin', email: 'x@y.org' },
    });
    assert.equal(res.statusCode, 200, res.body);
    const user = json<{ data: User }>(res).data;
    assert.equal(user.firstname, 'Abena');
    assert.equal(user.lastname, 'Member');
    assert.equal(user.church, church);
    assert.equal(user.role, 'member', 'the role cannot be set by the member');
    assert.equal(user.email, me.email, 'the e-mail changes only through the security section');
    const reread = json<{ data: User }>(await app.inject({ url: `/api/user/search/${me.id}`, headers: { cookie: me.cookie } })).data;
    assert.equal(reread.city, 'Accra');

    const bad = await app.inject({ method: 'PUT', url: `/api/user/updateBasic/${me.id}`, headers: { cookie: me.cookie }, payload: { seniority: 'abc' } });
    assert.equal(bad.statusCode, 400);
    assert.equal(json<Err>(bad).error.fields?.seniority, 'Must be a number');

    for (const url of [`/api/user/updateBasic/${other.id}`, `/api/user/updateSecurity/${other.id}`, `/api/user/deletePhoto/${other.id}`]) {
      const refused = await app.inject({ method: 'PUT', url, headers: { cookie: me.cookie }, payload: { firstname: 'Mallory' } });
      assert.equal(refused.statusCode, 403, url);
    }
    const anonymous = await app.inject({ method: 'PUT', url: `/api/user/updateBasic/${me.id}`, payload: { firstname: 'Anon' } });
    assert.equal(anonymous.statusCode, 401);
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
    assert.equal(json<{ data: User }>(ok).data.email, newEmail);
    const fresh = ok.cookies.find((c) => c.name === 'sid')!;
    assert.equal((await app.inject({ url: `/api/user/search/${me.id}`, headers: { cookie: `sid=${fresh.value}` } })).statusCode, 200);
    assert.equal((await app.inject({ url: `/api/user/search/${me.id}`, headers: { cookie: secondDevice } })).statusCode, 401);
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
    const res = await app.inject({ method: 'PUT', url: `/api/user/updatePhoto/${me.id}`, headers: { cookie: me.cookie, ...upload.headers }, payload: upload.payload });
    assert.equal(res.statusCode, 200, res.body);
    const photo = json<{ data: User }>(res).data.photo!;
    assert.match(photo, /^\/media\/uploads\/[0-9a-f-]{36}\.webp$/);
    const stored = readFileSync(path.join(app.config.dataDir, 'uploads', path.basename(photo)));
    const meta = await sharp(stored).metadata();
    assert.equal(meta.format, 'webp');
    assert.ok(meta.width! <= 512 && meta.height! <= 512);
    assert.ok(!stored.includes('secret-metadata'));

    const disguised = multipart('photo', 'cute.png', 'image/png', Buffer.from('<script>alert(1)</script> definitely a png'));
    const refused = await app.inject({ method: 'PUT', url: `/api/user/updatePhoto/${me.id}`, headers: { cookie: me.cookie, ...disguised.headers }, payload: disguised.payload });
    assert.equal(refused.statusCode, 400);
    assert.equal(json<Err>(refused).error.fields?.photo, 'Please choose a JPEG, PNG, WebP or GIF picture.');

    const other = await createMember(app);
    const forbidden = await app.inject({ method: 'PUT', url: `/api/user/updatePhoto/${other.id}`, headers: { cookie: me.cookie, ...upload.headers }, payload: upload.payload });
    assert.equal(forbidden.statusCode, 403);

    const deleted = await app.inject({ method: 'PUT', url: `/api/user/deletePhoto/${me.id}`, headers: { cookie: me.cookie } });
    assert.equal(deleted.statusCode, 200);
    assert.equal(json<{ data: User }>(deleted).data.photo, null);
    assert.ok(!readdirSync(path.join(app.config.dataDir, 'uploads')).includes(path.basename(photo)));
  });

  it('refuses a picture over 5 MB with 413', async () => {
    const { app } = ctx();
    const me = await createMember(app);
    const upload = multipart('photo', 'huge.jpg', 'image/jpeg', Buffer.alloc(6 * 1024 * 1024, 1));
    const res = await app.inject({ method: 'PUT', url: `/api/user/updatePhoto/${me.id}`, headers: { cookie: me.cookie, ...upload.headers }, payload: upload.payload });
    assert.ok([413].includes(res.statusCode), `${res.statusCode} ${res.body}`);
  });
});

describeEachDatabase('forgot and reset password', (ctx) => {
  const lastResetLink = (dataDir: string): string => {
    const dir = outboxDir({ dataDir } as never);
    const files = readdirSync(dir).sort();
    const mail = readFileSync(path.join(dir, files.at(-1)!), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    return mail.match(/\/reset-password\/([A-Za-z0-9_-]{43})/)![1]!;
  };
  const waitForMail = async (dataDir: string, count: number) => {
    for (let i = 0; i < 100; i++) {
      try {
        if (readdirSync(outboxDir({ dataDir } as never)).length >= count) return;
      } catch {
        /* not there yet */
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('no mail written');
  };

  it('answers the same for known and unknown e-mails, and mails a single-use link that ends every session', async () => {
    const { app } = ctx();
    const me = await createMember(app);
    const known = await app.inject({ method: 'PUT', url: '/api/user/forgotpassword', payload: { email: me.email.toUpperCase() } });
    const unknown = await app.inject({ method: 'PUT', url: '/api/user/forgotpassword', payload: { email: 'nobody-here@example.org' } });
    assert.equal(known.statusCode, 200);
    assert.equal(unknown.statusCode, 200);
    assert.equal(known.body, unknown.body);

    await waitForMail(app.config.dataDir, 1);
    const token = lastResetLink(app.config.dataDir);
    const reset = await app.inject({ method: 'POST', url: '/api/user/reset-password', payload: { token, password: 'my new password' } });
    assert.equal(reset.statusCode, 200, reset.body);
    assert.equal((await app.inject({ url: `/api/user/search/${me.id}`, headers: { cookie: me.cookie } })).statusCode, 401, 'old sessions end');
    await login(app, me.email, 'my new password');

    const twice = await app.inject({ method: 'POST', url: '/api/user/reset-password', payload: { token, password: 'another new password' } });
    assert.equal(twice.statusCode, 400);
    assert.match(json<Err>(twice).error.message, /invalid or has expired/);
  });

  it('refuses an expired link', async () => {
    const { app } = ctx();
    const me = await createMember(app);
    await app.inject({ method: 'PUT', url: '/api/user/forgotpassword', payload: { email: me.email } });
    await waitForMail(app.config.dataDir, 1);
    const token = lastResetLink(app.config.dataDir);
    await app.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    const res = await app.inject({ method: 'POST', url: '/api/user/reset-password', payload: { token, password: 'my new password' } });
    assert.equal(res.statusCode, 400);
    await login(app, me.email, me.password);
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
    const me = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email: 'pastor@example.org', password: 'a long password' } });
    assert.equal(json<{ data: User }>(me).data.role, 'admin');
    assert.ok(cookie);

    const member = await createMember(app);
    assert.equal(await ensureAdmin(app.db, member.email, 'whatever password'), 'promoted');
    await login(app, member.email, member.password); // the member's own password still works
    await assert.rejects(ensureAdmin(app.db, 'weak@example.org', 'short'));
  });
});
