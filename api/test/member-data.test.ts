/**
 * A member's own data: "Download my data" (GET /api/user/export) holds every
 * kind the site keeps about them and nothing of anyone else's, no secret,
 * and is limited per hour. "Delete my account" (DELETE /api/user/me) keeps
 * each of its rules.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { unzipSync, strFromU8 } from 'fflate';
import { newId } from '../src/lib/ids.js';
import { storePhoto } from '../src/modules/users/photos.js';
import { setPhoto } from '../src/modules/users/service.js';
import {
  confirmationTokenFor,
  createEvent,
  createMember,
  describeEachDatabase,
  json,
  limitsWith,
  login,
  mailsIn,
  plainMail,
} from './helpers.js';

type Data = Record<string, unknown> & {
  profile: Record<string, unknown>;
  church: { church: { _id: string; name: string | null } | null; seniority: number | null };
  prayers: { _id: string; text: string }[];
  stories: { _id: string }[];
  comments: { _id: string }[];
  likes: { story: string }[];
  prayedFor: { prayer: string }[];
  reportsMade: { _id: string }[];
  bookings: { _id: string; event: { title: string } }[];
  waitlist: { _id: string }[];
  gifts: { _id: string; amount: number }[];
  recurringGifts: { _id: string }[];
  newsletter: { subscription: { status: string } | null; consentHistory: { what: string }[]; issuesSent: unknown[] };
  sessions: { thisDevice: boolean }[];
  trustedDevices: unknown[];
  activity: { summary: string }[];
};

let issueNumber = Math.floor(Math.random() * 500);

/** One of each kind of thing a member leaves on the site, written for `who`; answers the ids. */
export async function giveEveryKind(app: FastifyInstance, who: { id: string; email: string }, tag: string) {
  const db = app.db;
  const ids = {
    prayer: newId(),
    story: newId(),
    comment: newId(),
    report: newId(),
    booking: newId(),
    futureBooking: newId(),
    waitlist: newId(),
    gift: newId(),
    monthly: newId(),
    issue: newId(),
  };
  const church = await db.selectFrom('churches').select('id').executeTakeFirstOrThrow();
  await db
    .updateTable('users')
    .set({ church: church.id, seniority: 7, source: `${tag} source` })
    .where('id', '=', who.id)
    .execute();
  await db
    .insertInto('prayers')
    .values({ id: ids.prayer, user_id: who.id, text: `${tag} prayer`, status: 'published' })
    .execute();
  await db
    .insertInto('stories')
    .values({ id: ids.story, user_id: who.id, content: `${tag} story`, status: 'published', prayer_id: ids.prayer })
    .execute();
  await db
    .insertInto('comments')
    .values({ id: ids.comment, story_id: ids.story, user_id: who.id, text: `${tag} comment`, status: 'published' })
    .execute();
  await db.insertInto('story_likes').values({ story_id: ids.story, user_id: who.id }).execute();
  await db.insertInto('prayer_prayed').values({ prayer_id: ids.prayer, user_id: who.id }).execute();
  await db
    .insertInto('post_reports')
    .values({ id: ids.report, kind: 'stories', post_id: ids.story, user_id: who.id, reason: `${tag} report` })
    .execute();
  const past = await createEvent(app, { date: new Date(Date.now() - 20 * 86_400_000), title: `${tag} past event` });
  const future = await createEvent(app, { title: `${tag} future event`, seats: 20 });
  const booking = (id: string, event: string) => ({
    id,
    user_id: who.id,
    event_id: event,
    quantity: 2,
    unit_price: 45,
    status: 'paid' as const,
    provider: 'local',
    provider_session_id: `cs_${tag}_${id.slice(0, 6)}`,
    provider_payment_ref: `pi_${tag}_${id.slice(0, 6)}`,
    checkout_url: null,
    expires_at: new Date(),
    paid_at: new Date(),
    ticket_token: `ticket-secret-${tag}-${id.slice(0, 6)}`,
  });
  await db
    .insertInto('bookings')
    .values([booking(ids.booking, past), booking(ids.futureBooking, future)])
    .execute();
  await db.updateTable('events').set({ seats_sold: 2 }).where('id', '=', future).execute();
  await db.insertInto('waitlist_entries').values({ id: ids.waitlist, event_id: future, user_id: who.id, quantity: 1 }).execute();
  await db
    .insertInto('donations')
    .values([
      {
        id: ids.gift,
        type: 'offering',
        frequency: 'once',
        amount: 25,
        provider: 'local',
        provider_ref: `gift-ref-${tag}`,
        user_id: who.id,
        email: who.email,
      },
      {
        id: ids.monthly,
        type: 'tithing',
        frequency: 'monthly',
        amount: 40,
        provider: 'local',
        provider_ref: `monthly-ref-${tag}`,
        subscription_ref: `sub_${tag}`,
        user_id: who.id,
        email: who.email,
      },
    ])
    .execute();
  await db
    .insertInto('newsletter_subscribers')
    .values({ email: who.email.toLowerCase(), status: 'confirmed', confirmed_at: new Date() })
    .execute();
  await db
    .insertInto('newsletter_issues')
    .values({ id: ids.issue, week: `${2000 + issueNumber++}-01-05`, send_at: new Date(), status: 'sent' })
    .execute();
  await db
    .insertInto('newsletter_deliveries')
    .values({ issue_id: ids.issue, email: who.email.toLowerCase(), status: 'sent' })
    .execute();
  await db
    .insertInto('activity_log')
    .values({
      id: newId(),
      actor_id: null,
      actor_name: 'An admin',
      action: 'updated',
      subject_type: 'member',
      subject_id: who.id,
      summary: `${tag} member changed`,
    })
    .execute();
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  await setPhoto(app.db, who.id, await storePhoto(app.uploads, png));
  return { ...ids, pastEvent: past, futureEvent: future, church: church.id };
}

async function download(app: FastifyInstance, cookie: string) {
  const res = await app.inject({ url: '/api/user/export', headers: { cookie } });
  return res;
}

describeEachDatabase(
  'download my data',
  (ctx) => {
    it('answers a ZIP with data.json holding every kind of data the member left, and their photo', async () => {
      const { app } = ctx();
      const me = await createMember(app, { firstname: 'Priscilla' });
      const other = await createMember(app, { firstname: 'Aquila' });
      const mine = await giveEveryKind(app, me, 'mine');
      const theirs = await giveEveryKind(app, other, 'theirs');
      // Another member's reactions to my posts are theirs, not mine.
      await app.db.insertInto('story_likes').values({ story_id: mine.story, user_id: other.id }).execute();

      const res = await download(app, me.cookie);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['content-type'], 'application/zip');
      assert.match(String(res.headers['content-disposition']), /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
      assert.match(String(res.headers['cache-control']), /no-store/);
      const files = unzipSync(new Uint8Array(res.rawPayload));
      assert.deepEqual(Object.keys(files).sort(), ['data.json', 'photo.webp']);
      const photo = await sharp(Buffer.from(files['photo.webp']!)).metadata();
      assert.equal(photo.format, 'webp');
      const text = strFromU8(files['data.json']!);
      const data = JSON.parse(text) as Data;

      assert.equal(data.profile._id, me.id);
      assert.equal(data.profile.firstname, 'Priscilla');
      assert.equal(data.profile.email, me.email);
      assert.equal(data.profile.photoFile, 'photo.webp');
      assert.equal(data.church.church?._id, mine.church);
      assert.equal(typeof data.church.church?.name, 'string');
      assert.equal(data.church.seniority, 7);
      assert.deepEqual(
        data.prayers.map((p) => p.text),
        ['mine prayer'],
      );
      assert.deepEqual(
        data.stories.map((s) => s._id),
        [mine.story],
      );
      assert.deepEqual(
        data.comments.map((c) => c._id),
        [mine.comment],
      );
      assert.deepEqual(
        data.likes.map((l) => l.story),
        [mine.story],
      );
      assert.deepEqual(
        data.prayedFor.map((p) => p.prayer),
        [mine.prayer],
      );
      assert.deepEqual(
        data.reportsMade.map((r) => r._id),
        [mine.report],
      );
      assert.deepEqual(data.bookings.map((b) => b._id).sort(), [mine.booking, mine.futureBooking].sort());
      assert.ok(data.bookings.some((b) => b.event.title === 'mine future event'));
      assert.deepEqual(
        data.waitlist.map((w) => w._id),
        [mine.waitlist],
      );
      assert.deepEqual(data.gifts.map((g) => g._id).sort(), [mine.gift, mine.monthly].sort());
      assert.deepEqual(
        data.recurringGifts.map((g) => g._id),
        [mine.monthly],
      );
      assert.equal(data.newsletter.subscription?.status, 'confirmed');
      assert.deepEqual(
        data.newsletter.consentHistory.map((c) => c.what),
        ['asked to receive the newsletter', 'confirmed the address'],
      );
      assert.equal(data.newsletter.issuesSent.length, 1);
      assert.equal(data.sessions.length, 1);
      assert.equal(data.sessions[0]!.thisDevice, true);
      assert.ok(Array.isArray(data.trustedDevices));
      assert.deepEqual(
        data.activity.map((a) => a.summary),
        ['mine member changed'],
      );

      // Nothing of the other member's, and no secret of anyone's.
      for (const foreign of [other.id, other.email, 'theirs', theirs.prayer, theirs.booking, theirs.gift]) {
        assert.ok(!text.includes(foreign), `the file holds nothing of another member's (${foreign})`);
      }
      const { password_hash: passwordHash } = await app.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', me.id)
        .executeTakeFirstOrThrow();
      const sessionHashes = (await app.db.selectFrom('sessions').select('token_hash').where('user_id', '=', me.id).execute()).map(
        (s) => s.token_hash,
      );
      const secrets = [
        passwordHash,
        me.cookie.slice('sid='.length),
        ...sessionHashes,
        'ticket-secret',
        'cs_mine',
        'pi_mine',
        'gift-ref',
        'sub_mine',
      ];
      assert.ok(!/password_?hash|token/i.test(text), 'no secret field in the file');
      for (const secret of secrets) {
        assert.ok(!text.toLowerCase().includes(secret), `no secret in the file (${secret})`);
      }
    });

    it('is for signed-in members only, and a few an hour', async () => {
      const { app } = ctx();
      assert.equal((await download(app, '')).statusCode, 401);
      const me = await createMember(app);
      for (let i = 0; i < 3; i++) assert.equal((await download(app, me.cookie)).statusCode, 200);
      const refused = await download(app, me.cookie);
      assert.equal(refused.statusCode, 429);
      assert.match(refused.body, /several times in the last hour/);
      // Another member is not held up by it.
      const other = await createMember(app);
      assert.equal((await download(app, other.cookie)).statusCode, 200);
    });
  },
  { config: { limits: limitsWith({ dataExportsPerAccount: 3 }) } },
);

const remove = (app: FastifyInstance, cookie: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'DELETE', url: '/api/user/me', headers: { cookie }, payload });

/** The newest mail to `to` whose text matches `pattern`, once the work after the answer is done. */
async function mailTo(app: FastifyInstance, to: string, pattern: RegExp): Promise<string | undefined> {
  await app.afterReply.idle();
  return mailsIn(app.config.dataDir)
    .map(plainMail)
    .filter((m) => m.toLowerCase().includes(`to: ${to.toLowerCase()}`) && pattern.test(m))
    .at(-1);
}

describeEachDatabase('delete my account', (ctx) => {
  it('asks for the password (or a code), and changes nothing when it is wrong', async () => {
    const { app } = ctx();
    const me = await createMember(app);
    assert.equal((await app.inject({ method: 'DELETE', url: '/api/user/me', payload: { posts: 'delete' } })).statusCode, 401);
    const none = await remove(app, me.cookie, { posts: 'delete' });
    assert.equal(none.statusCode, 400);
    const wrong = await remove(app, me.cookie, { posts: 'delete', password: 'not my password' });
    assert.equal(wrong.statusCode, 400);
    assert.equal(
      json<{ error: { fields: Record<string, string> } }>(wrong).error.fields.password,
      'Your password is not correct.',
    );
    assert.equal((await remove(app, me.cookie, { posts: 'keep', password: me.password })).statusCode, 400);
    assert.equal((await app.inject({ url: '/api/user/me', headers: { cookie: me.cookie } })).statusCode, 200);
  });

  it('keeps posts anonymous when asked, removes the rest, keeps the gifts for the records, and frees the address', async () => {
    const { app } = ctx();
    const admin = await createMember(app, { role: 'admin' });
    const me = await createMember(app, { firstname: 'Phoebe' });
    const other = await createMember(app);
    const mine = await giveEveryKind(app, me, 'gone');
    await app.db.insertInto('story_likes').values({ story_id: mine.story, user_id: other.id }).execute();
    const photo = (await app.db.selectFrom('users').select('photo').where('id', '=', me.id).executeTakeFirstOrThrow()).photo!;
    const secondSession = await login(app, me.email, me.password);
    const before = json<{ data: { totals: { amount: number } } }>(
      await app.inject({ url: '/api/admin/donations', headers: { cookie: admin.cookie } }),
    ).data.totals.amount;

    const res = await remove(app, me.cookie, { posts: 'anonymous', password: me.password });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.cookies.find((c) => c.name === 'sid')?.value, '', 'this browser is signed out');

    // Sessions end, everywhere; the password opens nothing.
    for (const cookie of [me.cookie, secondSession])
      assert.equal((await app.inject({ url: '/api/user/me', headers: { cookie } })).statusCode, 401);
    assert.equal(
      (await app.inject({ method: 'POST', url: '/api/user/login', payload: { email: me.email, password: me.password } }))
        .statusCode,
      400,
    );
    assert.equal((await app.db.selectFrom('sessions').select('user_id').where('user_id', '=', me.id).execute()).length, 0);

    // The account is emptied: no name, no address, no photo (its file deleted).
    const row = await app.db.selectFrom('users').selectAll().where('id', '=', me.id).executeTakeFirstOrThrow();
    assert.equal(`${row.firstname} ${row.lastname}`, 'Former member');
    assert.notEqual(row.email.toLowerCase(), me.email.toLowerCase());
    assert.equal(row.photo, null);
    assert.equal(row.church, null);
    assert.ok(row.deleted_at);
    assert.equal(await app.uploads.get(photo.split('/').at(-1)!), null, 'the photo file is deleted');

    // Posts kept, with no name: the prayer anonymous, the story and comment the former member's.
    const prayer = await app.db.selectFrom('prayers').selectAll().where('id', '=', mine.prayer).executeTakeFirstOrThrow();
    assert.equal(prayer.anonymous, true);
    assert.ok(await app.db.selectFrom('stories').select('id').where('id', '=', mine.story).executeTakeFirst());
    assert.ok(await app.db.selectFrom('comments').select('id').where('id', '=', mine.comment).executeTakeFirst());
    const stories = await app.inject({ url: '/api/story' });
    assert.ok(!stories.body.includes('Phoebe'), 'the public lists do not name them');
    // Their likes and "I prayed" marks are gone; another member's like on their story stays.
    assert.deepEqual(await app.db.selectFrom('story_likes').select('user_id').where('story_id', '=', mine.story).execute(), [
      { user_id: other.id },
    ]);
    assert.equal((await app.db.selectFrom('prayer_prayed').select('user_id').where('user_id', '=', me.id).execute()).length, 0);

    // The future ticket is cancelled and refunded; the past one stays as it was.
    const future = await app.db.selectFrom('bookings').selectAll().where('id', '=', mine.futureBooking).executeTakeFirstOrThrow();
    assert.equal(future.status, 'refunded');
    assert.equal(future.refund_reason, 'member_cancelled');
    assert.equal(
      (await app.db.selectFrom('bookings').select('status').where('id', '=', mine.booking).executeTakeFirstOrThrow()).status,
      'paid',
    );
    const waiting = await app.db
      .selectFrom('waitlist_entries')
      .select('status')
      .where('id', '=', mine.waitlist)
      .executeTakeFirstOrThrow();
    assert.equal(waiting.status, 'left');

    // Gifts stay for the records (the totals unchanged), shown as a former member's; the recurring one is stopped.
    const report = json<{ data: { items?: unknown[]; donations?: unknown[]; totals: { amount: number } } }>(
      await app.inject({ url: '/api/admin/donations', headers: { cookie: admin.cookie } }),
    ).data;
    assert.equal(report.totals.amount, before);
    const listed = JSON.stringify(report);
    assert.ok(listed.includes('Former member'));
    assert.ok(!listed.includes('Phoebe'));
    const monthly = await app.db.selectFrom('donations').selectAll().where('id', '=', mine.monthly).executeTakeFirstOrThrow();
    assert.ok(monthly.subscription_cancelled_at, 'the recurring gift is stopped');
    assert.equal(monthly.user_id, me.id);

    // The newsletter subscription ends; a mail confirms the deletion.
    assert.equal(
      (await app.db.selectFrom('newsletter_subscribers').select('email').where('email', '=', me.email.toLowerCase()).execute())
        .length,
      0,
    );
    assert.ok(await mailTo(app, me.email, /Your account at .* is deleted/), 'a mail confirms it');

    // The address signs up again as a new member, who inherits nothing.
    const church = mine.church;
    const again = await app.inject({
      method: 'POST',
      url: '/api/user/signup',
      payload: {
        firstname: 'Phoebe',
        lastname: 'Again',
        birth_date: '1990-05-04',
        email: me.email,
        password: 'a new long password',
        gender: 'Female',
        civil_status: 'Married',
        church,
        countryOfOrigin: 'Ghana',
        country: 'Canada',
        city: 'Ontario',
        seniority: 1,
        source: '',
      },
    });
    assert.equal(again.statusCode, 202, again.body);
    await app.afterReply.idle();
    const token = await confirmationTokenFor(app.config.dataDir, me.email);
    const confirmed = await app.inject({ method: 'POST', url: '/api/user/verify-email', payload: { token } });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    const sid = confirmed.cookies.find((c) => c.name === 'sid')!.value;
    const fresh = json<{ data: { user: { _id: string } } }>(confirmed).data.user;
    assert.notEqual(fresh._id, me.id);
    const gifts = await app.inject({ url: '/api/giving/mine', headers: { cookie: `sid=${sid}` } });
    assert.equal(gifts.statusCode, 200, gifts.body);
    assert.ok(!gifts.body.includes(mine.gift) && !gifts.body.includes(mine.monthly), "the old gifts are not the new account's");
  });

  it('deletes the posts when asked, with what hangs on them', async () => {
    const { app } = ctx();
    const me = await createMember(app);
    const other = await createMember(app);
    const mine = await giveEveryKind(app, me, 'erased');
    const theirs = newId();
    await app.db
      .insertInto('comments')
      .values({ id: theirs, story_id: mine.story, user_id: other.id, text: 'a reply', status: 'published' })
      .execute();
    await app.db.insertInto('prayer_prayed').values({ prayer_id: mine.prayer, user_id: other.id }).execute();
    const res = await remove(app, me.cookie, { posts: 'delete', password: me.password });
    assert.equal(res.statusCode, 200, res.body);
    for (const table of ['prayers', 'stories', 'comments'] as const)
      assert.equal((await app.db.selectFrom(table).select('id').where('user_id', '=', me.id).execute()).length, 0, table);
    assert.equal((await app.db.selectFrom('comments').select('id').where('id', '=', theirs).execute()).length, 0);
    assert.equal(
      (await app.db.selectFrom('prayer_prayed').select('user_id').where('prayer_id', '=', mine.prayer).execute()).length,
      0,
    );
    assert.equal((await app.db.selectFrom('post_reports').select('id').where('post_id', '=', mine.story).execute()).length, 0);
  });

  it('takes a fresh one-time code from a member who signs in by code', async () => {
    const { app } = ctx();
    const me = await createMember(app);
    assert.equal((await app.inject({ method: 'POST', url: '/api/user/code', payload: { email: me.email } })).statusCode, 200);
    const mail = await mailTo(app, me.email, /sign-in code/i);
    const code = /is:\s+(\d{6})\b/.exec(mail ?? '')?.[1];
    assert.ok(code, 'a code was mailed');
    const wrongDigit = String((Number(code![0]) + 1) % 10);
    assert.equal((await remove(app, me.cookie, { posts: 'delete', code: wrongDigit + code!.slice(1) })).statusCode, 400);
    const res = await remove(app, me.cookie, { posts: 'delete', code });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await app.inject({ url: '/api/user/me', headers: { cookie: me.cookie } })).statusCode, 401);
  });

  it('never deletes the last admin who can sign in', async () => {
    const { app } = ctx();
    const admins = await app.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .where('deleted_at', 'is', null)
      .execute();
    // This database's other admins step down for the test, so one admin is left.
    await app.db.updateTable('users').set({ role: 'member' }).where('role', '=', 'admin').execute();
    try {
      const last = await createMember(app, { role: 'admin' });
      const refused = await remove(app, last.cookie, { posts: 'delete', password: last.password });
      assert.equal(refused.statusCode, 409);
      assert.match(refused.body, /only admin/);
      assert.equal((await app.inject({ url: '/api/user/me', headers: { cookie: last.cookie } })).statusCode, 200);
      await createMember(app, { role: 'admin' });
      assert.equal((await remove(app, last.cookie, { posts: 'delete', password: last.password })).statusCode, 200);
    } finally {
      if (admins.length)
        await app.db
          .updateTable('users')
          .set({ role: 'admin' })
          .where(
            'id',
            'in',
            admins.map((a) => a.id),
          )
          .execute();
    }
  });
});

describeEachDatabase('where I am signed in', (ctx) => {
  const PHONE =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36';
  const LAPTOP =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
  const signIn = async (app: FastifyInstance, who: { email: string; password: string }, userAgent: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'user-agent': userAgent },
      payload: { email: who.email, password: who.password },
    });
    assert.equal(res.statusCode, 200, res.body);
    return `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
  };
  type Device = { _id: string; browser: string; system: string; lastSeenAt: string | null; thisDevice: boolean };
  const devices = async (app: FastifyInstance, cookie: string) => {
    const res = await app.inject({ url: '/api/user/sessions', headers: { cookie } });
    assert.equal(res.statusCode, 200, res.body);
    return json<{ data: Device[] }>(res).data;
  };

  it('lists each device with its browser, system and last use, this one first, and signs out any or all others', async () => {
    const { app } = ctx();
    const me = await createMember(app);
    const other = await createMember(app);
    const phone = await signIn(app, me, PHONE);
    const laptop = await signIn(app, me, LAPTOP);
    const list = await devices(app, phone);
    assert.equal(list.length, 3, 'the helper sign-in, the phone and the laptop');
    assert.deepEqual(
      { browser: list[0]!.browser, system: list[0]!.system, thisDevice: list[0]!.thisDevice },
      { browser: 'Chrome', system: 'Android', thisDevice: true },
    );
    assert.ok(list[0]!.lastSeenAt);
    const mac = list.find((d) => d.system === 'macOS')!;
    assert.equal(mac.browser, 'Safari');
    assert.equal(mac.thisDevice, false);
    assert.ok(!JSON.stringify(list).match(/[0-9a-f]{64}/), 'no token hash is shown');

    // Another member cannot sign out my laptop; nor can I sign out this device by its id.
    const otherCookie = await signIn(app, other, PHONE);
    assert.equal(
      (await app.inject({ method: 'DELETE', url: `/api/user/sessions/${mac._id}`, headers: { cookie: otherCookie } })).statusCode,
      404,
    );
    assert.equal(
      (await app.inject({ method: 'DELETE', url: `/api/user/sessions/${list[0]!._id}`, headers: { cookie: phone } })).statusCode,
      404,
    );

    const one = await app.inject({ method: 'DELETE', url: `/api/user/sessions/${mac._id}`, headers: { cookie: phone } });
    assert.equal(one.statusCode, 200, one.body);
    assert.equal(
      (await app.inject({ url: '/api/user/me', headers: { cookie: laptop } })).statusCode,
      401,
      'the laptop is signed out',
    );
    assert.equal(json<{ data: Device[] }>(one).data.length, 2);

    const all = await app.inject({ method: 'DELETE', url: '/api/user/sessions', headers: { cookie: phone } });
    assert.equal(all.statusCode, 200);
    assert.deepEqual(
      json<{ data: Device[] }>(all).data.map((d) => d.thisDevice),
      [true],
    );
    assert.equal((await app.inject({ url: '/api/user/me', headers: { cookie: me.cookie } })).statusCode, 401);
    assert.equal((await app.inject({ url: '/api/user/me', headers: { cookie: phone } })).statusCode, 200, 'this device stays');
    assert.equal(
      (await app.inject({ url: '/api/user/me', headers: { cookie: otherCookie } })).statusCode,
      200,
      "another member's stay",
    );
    assert.equal((await app.inject({ url: '/api/user/sessions' })).statusCode, 401);
  });
});
