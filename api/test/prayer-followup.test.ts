/**
 * Following up on a prayer request: the requester's updates under it
 * (moderated), the weekly summary ("3 people prayed for your request this
 * week", off by default for a request without a name, stopped in one click),
 * and the "someone prayed" mail, which waits a few minutes so a press taken
 * back sends nothing.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Prayer } from '@ministry/shared/types';
import { createMailer } from '../src/lib/mailer.js';
import { PRAYED_MAIL_DELAY_MS, sendPrayedMails, sendPrayerSummaries } from '../src/modules/prayers/prayerMail.js';
import { createMember, describeEachDatabase, json, mailsIn, plainMail, publishBody } from './helpers.js';

type Member = Awaited<ReturnType<typeof createMember>>;
const DAY = 24 * 3600_000;

describeEachDatabase('following up on a prayer request', (ctx) => {
  let admin: Member;
  const app = (): FastifyInstance => ctx().app;
  const as = (who?: Member) => (who ? { cookie: who.cookie } : {});
  const mailer = () => createMailer(app().config, () => {});
  const mailsTo = (who: Member, pattern: RegExp) =>
    mailsIn(app().config.dataDir)
      .map(plainMail)
      .filter((m) => m.includes(`To: ${who.email}`) && pattern.test(m));
  const press = (who: Member, id: string, prayed?: boolean) =>
    app().inject({
      method: 'POST',
      url: `/api/prayers/${id}/prayed`,
      headers: as(who),
      payload: prayed === undefined ? {} : { prayed },
    });
  /** A request by `who`, on the wall. */
  const ask = async (who: Member, text: string, anonymous = false) => {
    const prayer = json<{ data: Prayer }>(
      await app().inject({ method: 'POST', url: `/api/prayers/add/${who.id}`, headers: as(who), payload: { text, anonymous } }),
    ).data;
    await app().inject({
      method: 'POST',
      url: `/api/moderation/prayers/${prayer._id}/publish`,
      headers: as(admin),
      payload: await publishBody(app(), 'prayers', prayer._id),
    });
    return prayer._id;
  };
  const updates = async (id: string, who?: Member) =>
    json<{
      data: {
        updates: Record<string, { text: string; status: string; reason: string | null }[]>;
        summaryMail: Record<string, boolean>;
      };
    }>(await app().inject({ url: `/api/prayers/updates?ids=${id}`, headers: as(who) })).data;

  before(async () => {
    admin = await createMember(app(), { firstname: 'Grace', lastname: 'Admin', role: 'admin' });
  });

  it('the requester posts updates under their request; they wait for review; the wall shows the published ones', async () => {
    const kofi = await createMember(app(), { firstname: 'Kofi', lastname: 'Mensah' });
    const other = await createMember(app(), { firstname: 'Esi', lastname: 'Other' });
    const id = await ask(kofi, 'Pray for my mother’s surgery on Friday.');
    const postUpdate = (who: Member | undefined, text: string, prayer = id) =>
      app().inject({ method: 'POST', url: `/api/prayers/${prayer}/updates`, headers: as(who), payload: { text } });

    assert.equal((await postUpdate(undefined, 'Hello')).statusCode, 401);
    assert.equal((await postUpdate(other, 'Not mine to tell')).statusCode, 403);
    assert.equal((await postUpdate(kofi, 'x', '00000000-0000-4000-8000-000000000000')).statusCode, 404);
    const empty = await postUpdate(kofi, '  <b></b> ');
    assert.equal(empty.statusCode, 400);
    assert.match(empty.body, /write something/i);

    const posted = await postUpdate(kofi, 'The surgery went well. Keep praying for her recovery!');
    assert.equal(posted.statusCode, 201);
    assert.equal(json<{ data: { status: string } }>(posted).data.status, 'pending');
    assert.deepEqual((await updates(id)).updates[id], [], 'visitors see nothing before review');
    assert.equal((await updates(id, kofi)).updates[id]![0]!.status, 'pending', 'the requester sees theirs waiting');

    // The moderators see it with its request, and publish it as they saw it.
    assert.equal((await app().inject({ url: '/api/moderation/prayer-updates', headers: as(other) })).statusCode, 403);
    const queue = json<{ data: { total: number; updates: { _id: string; version: string; prayer: { _id: string } }[] } }>(
      await app().inject({ url: '/api/moderation/prayer-updates', headers: as(admin) }),
    ).data;
    const waiting = queue.updates.find((u) => u.prayer._id === id)!;
    assert.ok(waiting && queue.total >= 1);
    const decide = (action: string, payload: object) =>
      app().inject({
        method: 'POST',
        url: `/api/moderation/prayer-updates/${waiting._id}/${action}`,
        headers: as(admin),
        payload,
      });
    assert.equal((await decide('publish', {})).statusCode, 400, 'publish names what the moderator saw');
    assert.equal((await decide('publish', { version: 'not-what-was-seen' })).statusCode, 409);
    assert.equal((await decide('publish', { version: waiting.version })).statusCode, 200);
    const seen = (await updates(id)).updates[id]!;
    assert.deepEqual(
      seen.map((u) => [u.text, u.status]),
      [['The surgery went well. Keep praying for her recovery!', 'published']],
    );

    // A rejected update tells its author why; others never see it.
    const second = json<{ data: { _id: string } }>(await postUpdate(kofi, 'Buy my car, cheap!')).data;
    await app().inject({
      method: 'POST',
      url: `/api/moderation/prayer-updates/${second._id}/reject`,
      headers: as(admin),
      payload: { reason: 'Not a prayer update' },
    });
    assert.equal((await updates(id)).updates[id]!.length, 1);
    const own = (await updates(id, kofi)).updates[id]!;
    assert.deepEqual(
      own.map((u) => [u.status, u.reason]),
      [
        ['published', null],
        ['rejected', 'Not a prayer update'],
      ],
    );
  });

  it('the weekly summary counts the week, is sent once, off by default without a name, and stops in one click', async () => {
    const ama = await createMember(app(), { firstname: 'Ama', lastname: 'Boateng' });
    const quiet = await createMember(app(), { firstname: 'Yaw', lastname: 'Quiet' });
    const named = await ask(ama, 'Pray for my new job.');
    const hidden = await ask(quiet, 'Pray for me, nameless.', true);
    const pray = await Promise.all(
      Array.from({ length: 3 }, (_, i) => createMember(app(), { firstname: `Pray${i}`, lastname: 'Er' })),
    );
    for (const p of pray) {
      await press(p, named, true);
      await press(p, hidden, true);
    }
    assert.deepEqual((await updates(named, ama)).summaryMail, { [named]: true });
    assert.deepEqual((await updates(hidden, quiet)).summaryMail, { [hidden]: false }, 'off by default without a name');
    assert.deepEqual((await updates(named)).summaryMail, {}, 'only the requester learns the setting');

    const weekLater = new Date(Date.now() + 7 * DAY + 60_000);
    // Not a week yet: nothing.
    await sendPrayerSummaries(app().db, mailer(), app().config.publicUrl, new Date(Date.now() + 6 * DAY));
    assert.equal(mailsTo(ama, /this week/).length, 0);
    // Two processes at once: one mail.
    await Promise.all([
      sendPrayerSummaries(app().db, mailer(), app().config.publicUrl, weekLater),
      sendPrayerSummaries(app().db, mailer(), app().config.publicUrl, weekLater),
    ]);
    const [mail, ...more] = mailsTo(ama, /this week/);
    assert.equal(more.length, 0);
    assert.match(mail!, /Subject: 3 people prayed for your request this week/);
    assert.match(mail!, /Pray for my new job\./);
    for (const p of pray) assert.ok(!mail!.includes(p.email), 'no names');
    assert.equal(mailsTo(quiet, /this week/).length, 0);

    // Another member cannot change it; the requester can; the mail's link stops it without signing in.
    const set = (who: Member, on: boolean) =>
      app().inject({ method: 'PUT', url: `/api/prayers/${named}/summary`, headers: as(who), payload: { on } });
    assert.equal((await set(quiet, false)).statusCode, 403);
    assert.equal((await set(ama, true)).statusCode, 200);
    const token = /prayer-mail-off\/([A-Za-z0-9_-]+)\?summary=1/.exec(mail!)![1]!;
    assert.equal(
      (await app().inject({ method: 'POST', url: '/api/prayers/summary-off', payload: { token: 'y'.repeat(32) } })).statusCode,
      404,
    );
    assert.equal((await app().inject({ method: 'POST', url: '/api/prayers/summary-off', payload: { token } })).statusCode, 200);
    assert.deepEqual((await updates(named, ama)).summaryMail, { [named]: false });
    await press(quiet, named, true);
    await sendPrayerSummaries(app().db, mailer(), app().config.publicUrl, new Date(weekLater.getTime() + 8 * DAY));
    assert.equal(mailsTo(ama, /this week/).length, 1, 'none once stopped');
  });

  it('"I prayed" pressed and taken back within minutes sends nothing; one left standing is told after the wait', async () => {
    const efua = await createMember(app(), { firstname: 'Efua', lastname: 'Sarpong' });
    const slip = await createMember(app(), { firstname: 'Slip', lastname: 'Thumb' });
    const id = await ask(efua, 'Pray for rain on our farm.');
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    await press(slip, id, true);
    await press(slip, id, false);
    await sendPrayedMails(app().db, mailer(), app().config.publicUrl, later(PRAYED_MAIL_DELAY_MS / 60_000 + 1));
    assert.equal(mailsTo(efua, /prayed/).length, 0, 'a press taken back never reaches the requester');

    await press(slip, id, true);
    await sendPrayedMails(app().db, mailer(), app().config.publicUrl, later(1));
    assert.equal(mailsTo(efua, /prayed/).length, 0, 'not before the wait');
    await sendPrayedMails(app().db, mailer(), app().config.publicUrl, later(PRAYED_MAIL_DELAY_MS / 60_000 + 1));
    const [mail] = mailsTo(efua, /prayed/);
    assert.match(mail!, /Subject: Someone prayed for your request/);
    // The job that sends it is registered and runs.
    assert.equal(await app().jobs.run('prayer-mails'), true);
    assert.equal(await app().jobs.run('prayer-summaries'), true);
  });
});
