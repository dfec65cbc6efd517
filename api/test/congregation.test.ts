/**
 * "Sign up now and pray with us": 150 people on the church's Wi-Fi, one
 * public address, each on their own phone, sign up, confirm, sign in, post
 * a prayer, press "I prayed", like a story, subscribe to the newsletter and
 * buy a ticket within ten minutes (the site's clock moved, not waited for):
 * nobody is refused. Then someone behind that same address attacks: what
 * they can do is bounded per person (device, account) and per target (an
 * inbox, an account, a post), and the congregation goes on.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { LIMITS } from '../src/config.js';
import { createEvent, createMember, describeEachDatabase, json, mailsIn, plainMail } from './helpers.js';

const CHURCH_WIFI = '203.0.113.10';
const PEOPLE = 150;
const TEN_MINUTES = 10 * 60_000;

interface Person {
  email: string;
  password: string;
  /** The phone's cookies: its device, then its session. */
  cookies: Map<string, string>;
  id?: string;
}

const cookieHeader = (person: Person) => [...person.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
const keep = (person: Person, res: LightMyRequestResponse) => {
  for (const c of res.cookies as { name: string; value: string }[]) person.cookies.set(c.name, c.value);
  return res;
};

describeEachDatabase('Sunday at church: one address, a whole congregation', (ctx) => {
  const people: Person[] = [];
  let eventId = '';

  it(`${PEOPLE} people behind one address sign up, confirm, sign in, pray, like and buy tickets within ten minutes: no refusal`, async () => {
    const { app } = ctx();
    const start = app.clock.now().getTime();
    let step = 0;
    const steps = PEOPLE * 4;
    /** Each action a moment after the last: the whole service fits in ten minutes of the site's clock. */
    const tick = () => app.clock.setNow(new Date(start + Math.round((++step / steps) * TEN_MINUTES)));
    const refused: string[] = [];
    const send = async (person: Person, what: string, options: InjectOptions) => {
      const res = keep(
        person,
        await app.inject({
          ...options,
          remoteAddress: CHURCH_WIFI,
          headers: { ...(options.headers ?? {}), cookie: cookieHeader(person) },
        }),
      );
      if (res.statusCode >= 400) refused.push(`${what} for ${person.email}: ${res.statusCode} ${res.body}`);
      return res;
    };

    const church = json<{ data: { _id: string }[] }>(await app.inject({ url: '/api/locations' })).data[0]!._id;
    eventId = await createEvent(app, { seats: PEOPLE + 50, price: 10 });
    const prayer = await app.db.selectFrom('prayers').select('id').where('status', '=', 'published').executeTakeFirstOrThrow();
    const story = await app.db.selectFrom('stories').select('id').where('status', '=', 'published').executeTakeFirstOrThrow();

    for (let i = 0; i < PEOPLE; i++) {
      const person: Person = { email: `member-${i}@congregation.example.org`, password: `my own words ${i}`, cookies: new Map() };
      people.push(person);
      tick();
      await send(person, 'sign up', {
        method: 'POST',
        url: '/api/user/signup',
        payload: {
          firstname: 'Member',
          lastname: `Number ${i}`,
          birth_date: '1985-03-02',
          email: person.email,
          password: person.password,
          gender: i % 2 ? 'Male' : 'Female',
          civil_status: 'Married',
          church,
          countryOfOrigin: 'Ghana',
          country: 'Canada',
          city: 'Ontario',
          seniority: 3,
          source: 'The pastor asked us to.',
        },
      });
    }

    await app.afterReply.idle();
    const tokens = new Map<string, string>();
    for (const mail of mailsIn(app.config.dataDir).map(plainMail)) {
      const to = /^To: (\S+)$/m.exec(mail)?.[1];
      const token = /\/verify-email\/([A-Za-z0-9_-]{43})/.exec(mail)?.[1];
      if (to && token) tokens.set(to, token);
    }
    for (const person of people) {
      tick();
      const confirmed = await send(person, 'confirm', {
        method: 'POST',
        url: '/api/user/verify-email',
        payload: { token: tokens.get(person.email) ?? 'no mail came' },
      });
      person.id = json<{ data: { user: { _id: string } } }>(confirmed).data?.user?._id;
    }

    for (const [i, person] of people.entries()) {
      tick();
      // A few mistype their password first, as people do.
      if (i % 10 === 0)
        await app.inject({
          method: 'POST',
          url: '/api/user/login',
          remoteAddress: CHURCH_WIFI,
          payload: { email: person.email, password: 'oops' },
        });
      await send(person, 'sign in', {
        method: 'POST',
        url: '/api/user/login',
        payload: { email: person.email, password: person.password, remember: false },
      });
    }

    for (const person of people) {
      tick();
      await send(person, 'post a prayer', {
        method: 'POST',
        url: `/api/prayers/add/${person.id}`,
        payload: { text: 'Please pray for our family.' },
      });
      await send(person, '"I prayed"', { method: 'POST', url: `/api/prayers/${prayer.id}/prayed`, payload: { prayed: true } });
      await send(person, 'like', { method: 'POST', url: `/api/story/like/${story.id}`, payload: { liked: true } });
      await send(person, 'newsletter', { method: 'POST', url: '/api/newsletter', payload: { email: person.email } });
      const checkout = await send(person, 'checkout', {
        method: 'POST',
        url: '/api/payment/create-checkout-session',
        payload: { items: [{ quantity: 1, price: null }], user: person.id, event: eventId },
      });
      const booking = /([0-9a-f-]{36})$/.exec(json<{ data: string }>(checkout).data ?? '')?.[1];
      await send(person, 'pay', { method: 'POST', url: `/pay/checkout/${booking}/complete` });
    }

    assert.deepEqual(refused, []);
    assert.equal(step, steps, 'every action happened within the ten minutes');
    const ids = people.map((p) => p.id!);
    const count = async (table: 'prayers' | 'story_likes' | 'prayer_prayed', column = 'user_id') =>
      Number(
        (
          await app.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where(column as 'user_id', 'in', ids)
            .executeTakeFirstOrThrow()
        ).n,
      );
    assert.equal(await count('prayers'), PEOPLE);
    assert.equal(await count('story_likes'), PEOPLE);
    assert.equal(await count('prayer_prayed'), PEOPLE);
    const paid = await app.db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('event_id', '=', eventId)
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow();
    assert.equal(Number(paid.n), PEOPLE);
    const verified = await app.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('id', 'in', ids)
      .where('email_verified_at', 'is not', null)
      .executeTakeFirstOrThrow();
    assert.equal(Number(verified.n), PEOPLE);
  });

  it('an attacker behind the same address is bounded per person and per target, and the congregation goes on', async () => {
    const { app } = ctx();
    const church = json<{ data: { _id: string }[] }>(await app.inject({ url: '/api/locations' })).data[0]!._id;
    const victim = people[0]!;
    const from = (cookie?: string) => ({ remoteAddress: CHURCH_WIFI, headers: cookie ? { cookie } : {} });
    const signup = (email: string, cookie?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/user/signup',
        ...from(cookie),
        payload: {
          firstname: 'Mal',
          lastname: 'Lory',
          birth_date: '1980-01-01',
          email,
          password: 'not a real person',
          gender: 'Male',
          civil_status: 'Single',
          church,
          countryOfOrigin: 'Ghana',
          country: 'Canada',
          city: 'Ontario',
          seniority: 1,
          source: '',
        },
      });
    const mailsTo = async (pattern: RegExp, subject: RegExp) => {
      await app.afterReply.idle();
      return mailsIn(app.config.dataDir)
        .map(plainMail)
        .filter((m) => pattern.test(/^To: (\S+)$/m.exec(m)?.[1] ?? '') && subject.test(m)).length;
    };

    // Sign-ups: a handful from one device.
    const first = await signup('fake-0@attacker.example.org');
    const device = `device=${first.cookies.find((c) => c.name === 'device')!.value}`;
    for (let i = 1; i < LIMITS.signupsPerDevice.max; i++)
      assert.equal((await signup(`fake-${i}@attacker.example.org`, device)).statusCode, 202);
    assert.equal((await signup('fake-x@attacker.example.org', device)).statusCode, 429);

    // An inbox: signing up again and again with the victim's address, from "new" devices, mails its owner a few notes at most.
    for (let i = 0; i < 8; i++) assert.equal((await signup(victim.email)).statusCode, 202);
    assert.equal(
      await mailsTo(new RegExp(`^${victim.email}$`), /tried to sign up with your address/),
      LIMITS.signupMailsPerEmail.max,
    );

    // An account: five wrong passwords from the church's address, then held; the victim there is offered a code and gets in.
    for (let i = 0; i < LIMITS.loginFailuresPerAccountAndAddress.max; i++) {
      const guess = await app.inject({
        method: 'POST',
        url: '/api/user/login',
        ...from(),
        payload: { email: victim.email, password: `guess ${i}` },
      });
      assert.equal(guess.statusCode, 400);
    }
    const held = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      ...from(),
      payload: { email: victim.email, password: victim.password },
    });
    assert.equal(json<{ error: { code: string } }>(held).error.code, 'sign_in_held');
    // Codes to the victim's inbox: a few, however many devices ask.
    for (let i = 0; i < LIMITS.codeMailsPerEmail.max + 3; i++)
      await app.inject({ method: 'POST', url: '/api/user/code', ...from(), payload: { email: victim.email } });
    assert.equal(await mailsTo(new RegExp(`^${victim.email}$`), /sign-in code/), LIMITS.codeMailsPerEmail.max);
    const code = /is:\s+(\d{6})\b/.exec(
      mailsIn(app.config.dataDir)
        .map(plainMail)
        .filter((m) => m.includes(`To: ${victim.email}`) && /sign-in code/.test(m))
        .at(-1)!,
    )![1]!;
    const back = await app.inject({
      method: 'POST',
      url: '/api/user/code/verify',
      ...from(),
      payload: { email: victim.email, code },
    });
    assert.equal(back.statusCode, 200, back.body);

    // The newsletter: name+tag@ variants are one mailbox, mailed a few times at most.
    for (let i = 0; i < 6; i++)
      await app.inject({ method: 'POST', url: '/api/newsletter', ...from(), payload: { email: `target+${i}@example.org` } });
    assert.equal(await mailsTo(/^target(\+\d)?@example\.org$/, /Confirm your subscription/), LIMITS.newsletterMailsPerEmail.max);

    // Posts and reports: per account. One account's report flags a post but never hides it.
    const attacker = await createMember(app);
    const posted: number[] = [];
    for (let i = 0; i <= LIMITS.postsPerAccount.max; i++) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/prayers/add/${attacker.id}`,
        ...from(attacker.cookie),
        payload: { text: `Flood ${i}` },
      });
      posted.push(res.statusCode);
    }
    assert.ok(posted.filter((s) => s === 201).length <= LIMITS.postsPerAccount.max);
    assert.equal(posted.at(-1), 429);
    const published = (kind: 'prayers' | 'stories') =>
      app.db
        .selectFrom(kind)
        .select('id')
        .where('status', '=', 'published')
        .limit(LIMITS.reportsPerAccount.max + 1)
        .execute();
    const targets = [
      ...(await published('stories')).map((r) => ['stories', r.id] as const),
      ...(await published('prayers')).map((r) => ['prayers', r.id] as const),
    ].slice(0, LIMITS.reportsPerAccount.max + 1);
    assert.equal(targets.length, LIMITS.reportsPerAccount.max + 1);
    const reports = [];
    for (const [kind, id] of targets)
      reports.push(
        (
          await app.inject({
            method: 'POST',
            url: `/api/community/report/${kind}/${id}`,
            ...from(attacker.cookie),
            payload: { reason: 'I do not like it' },
          })
        ).statusCode,
      );
    assert.deepEqual(reports.slice(0, -1), Array(LIMITS.reportsPerAccount.max).fill(200));
    assert.equal(reports.at(-1), 429);
    const stillUp = await app.db
      .selectFrom('stories')
      .select('status')
      .where('id', '=', targets[0]![1])
      .executeTakeFirstOrThrow();
    assert.equal(stillUp.status, 'published', 'one report never hides a post');

    // Meanwhile the congregation goes on: a latecomer signs up and signs in from the same Wi-Fi.
    const late = await signup('latecomer@congregation.example.org');
    assert.equal(late.statusCode, 202);
    const member = people[1]!;
    const again = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      ...from(),
      payload: { email: member.email, password: member.password },
    });
    assert.equal(again.statusCode, 200);
  });
});
