/**
 * What the moderators and a member see around a moderation decision: an
 * anonymous prayer's author and its marker in the queue, a stopped member's
 * state (in the queue and for the member's own post forms), and a rejected
 * post its author corrects and sends again for review.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Prayer, QueuedPost } from '@ministry/shared/types';
import { createMember, describeEachDatabase, json, publishBody, waitForMailTo } from './helpers.js';

type Member = Awaited<ReturnType<typeof createMember>>;

describeEachDatabase('moderation flows', (ctx) => {
  let ruth: Member;
  let admin: Member;
  const app = (): FastifyInstance => ctx().app;
  const as = (who?: Member) => (who ? { cookie: who.cookie } : {});
  const pray = async (who: Member, payload: object) =>
    app().inject({ method: 'POST', url: `/api/prayers/add/${who.id}`, headers: as(who), payload });
  const queue = async () =>
    json<{ data: { prayers: QueuedPost[] } }>(await app().inject({ url: '/api/moderation/pending?', headers: as(admin) })).data
      .prayers;
  const postingOf = async (who?: Member) => app().inject({ url: '/api/community/mine/posting', headers: as(who) });
  const stop = (who: Member, stopped: boolean) =>
    app().inject({
      method: 'POST',
      url: `/api/moderation/members/${who.id}/posting`,
      headers: as(admin),
      payload: { stopped },
    });

  before(async () => {
    ruth = await createMember(app(), { firstname: 'Ruth', lastname: 'Adeyemi' });
    admin = await createMember(app(), { firstname: 'Grace', lastname: 'Admin', role: 'admin' });
  });

  it('the queue names the author of an anonymous prayer and marks it anonymous, and says whether the author is stopped', async () => {
    const hidden = json<{ data: Prayer }>(await pray(ruth, { text: 'Pray for my family, quietly.', anonymous: true })).data;
    const named = json<{ data: Prayer }>(await pray(ruth, { text: 'Pray for my exams.' })).data;
    let listed = await queue();
    const anonymous = listed.find((p) => p._id === hidden._id)!;
    assert.equal(anonymous.anonymous, true);
    assert.equal(anonymous.user.firstname, 'Ruth');
    assert.equal(anonymous.user.email, ruth.email);
    assert.equal(anonymous.authorPostingStopped, false);
    assert.equal(listed.find((p) => p._id === named._id)!.anonymous, false);

    assert.equal((await stop(ruth, true)).statusCode, 200);
    listed = await queue();
    assert.deepEqual(
      listed.filter((p) => p.user._id === ruth.id).map((p) => p.authorPostingStopped),
      [true, true],
      'every card of the member shows the stop',
    );
    assert.equal((await stop(ruth, false)).statusCode, 200);
    assert.equal((await queue()).find((p) => p._id === named._id)!.authorPostingStopped, false);
  });

  it('a member learns before typing that they are stopped from posting; allowed again, they may post', async () => {
    assert.equal((await postingOf()).statusCode, 401);
    assert.deepEqual(json(await postingOf(ruth)), { data: { stopped: false } });
    await stop(ruth, true);
    assert.deepEqual(json(await postingOf(ruth)), { data: { stopped: true } });
    assert.equal((await pray(ruth, { text: 'One more.' })).statusCode, 403);
    await stop(ruth, false);
    assert.deepEqual(json(await postingOf(ruth)), { data: { stopped: false } });
  });

  it('a rejected post is corrected and sent again by its author: it waits for review again, its old reason gone', async () => {
    const sam = await createMember(app(), { firstname: 'Sam', lastname: 'Lee' });
    const prayer = json<{ data: Prayer }>(await pray(sam, { text: 'Call me on 555-0100 to pray.' })).data;
    const reject = await app().inject({
      method: 'POST',
      url: `/api/moderation/prayers/${prayer._id}/reject`,
      headers: as(admin),
      payload: { reason: 'Please leave out phone numbers.' },
    });
    assert.equal(reject.statusCode, 200);
    const mail = await waitForMailTo(app().config.dataDir, sam.email, /not publish/);
    assert.match(mail, /correct it and send it again for review, or delete it/);
    assert.doesNotMatch(mail, /see, correct or delete/);

    const edit = (who: Member, text: string) =>
      app().inject({ method: 'PUT', url: `/api/community/mine/prayers/${prayer._id}`, headers: as(who), payload: { text } });
    assert.equal((await edit(ruth, 'Not mine')).statusCode, 404, 'another member cannot touch it');
    const resent = await edit(sam, 'Pray for me as I look for work.');
    assert.equal(resent.statusCode, 200);
    assert.deepEqual(json(resent), { data: { ok: true, status: 'pending' } });
    const mine = json<{ data: { _id: string; status: string; reason: string | null; text: string }[] }>(
      await app().inject({ url: '/api/community/mine', headers: as(sam) }),
    ).data.find((p) => p._id === prayer._id)!;
    assert.deepEqual([mine.status, mine.reason, mine.text], ['pending', null, 'Pray for me as I look for work.']);
    assert.ok((await queue()).some((p) => p._id === prayer._id && p.text === 'Pray for me as I look for work.'));

    // Published, it is no longer the author's to change.
    await app().inject({
      method: 'POST',
      url: `/api/moderation/prayers/${prayer._id}/publish`,
      headers: as(admin),
      payload: await publishBody(app(), 'prayers', prayer._id),
    });
    assert.equal((await edit(sam, 'Changed after')).statusCode, 409);

    // A stopped member cannot send a rejected post again.
    const again = json<{ data: Prayer }>(await pray(sam, { text: 'Another number 555-0101.' })).data;
    await app().inject({
      method: 'POST',
      url: `/api/moderation/prayers/${again._id}/reject`,
      headers: as(admin),
      payload: {},
    });
    await stop(sam, true);
    const refused = await app().inject({
      method: 'PUT',
      url: `/api/community/mine/prayers/${again._id}`,
      headers: as(sam),
      payload: { text: 'Without the number.' },
    });
    assert.equal(refused.statusCode, 403);
    assert.equal(json<{ error: { code: string } }>(refused).error.code, 'posting_stopped');
  });
});
