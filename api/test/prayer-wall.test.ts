/**
 * The prayer wall beyond posting: "I prayed" (a member counts once per
 * prayer, pressing again takes it back) and prayers posted without a name
 * (no trace of the author in any public answer, which server rendering reads;
 * the author and staff still see who asked).
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Prayer } from '@ministry/shared/types';
import { createMailer } from '../src/lib/mailer.js';
import { PRAYED_MAIL_DELAY_MS, sendPrayedMails } from '../src/modules/prayers/prayerMail.js';
import { createMember, describeEachDatabase, json, mailsIn, plainMail, publishBody, waitForMailTo } from './helpers.js';

type Member = Awaited<ReturnType<typeof createMember>>;

describeEachDatabase('the prayer wall', (ctx) => {
  let ada: Member;
  let ben: Member;
  let admin: Member;
  const app = (): FastifyInstance => ctx().app;
  const as = (who?: Member) => (who ? { cookie: who.cookie } : {});
  const prayers = async (who?: Member) =>
    json<{ data: Prayer[] }>(await app().inject({ url: '/api/prayers/', headers: as(who) })).data;
  const press = (who: Member | undefined, id: string) =>
    app().inject({ method: 'POST', url: `/api/prayers/${id}/prayed`, headers: as(who) });
  const post = (who: Member, payload: object) =>
    app().inject({ method: 'POST', url: `/api/prayers/add/${who.id}`, headers: as(who), payload });
  const publish = async (id: string) =>
    app().inject({
      method: 'POST',
      url: `/api/moderation/prayers/${id}/publish`,
      headers: as(admin),
      payload: await publishBody(app(), 'prayers', id),
    });

  /** The `prayer-mails` job's work, as it runs at `at` (by default once the presses just made are old enough to count). */
  const sendMails = (at = new Date(Date.now() + PRAYED_MAIL_DELAY_MS + 60_000)) =>
    sendPrayedMails(
      app().db,
      createMailer(app().config, () => {}),
      app().config.publicUrl,
      at,
    );

  before(async () => {
    ada = await createMember(app(), { firstname: 'Adaeze', lastname: 'Quillfeather' });
    await app().db.updateTable('users').set({ photo: '/media/uploads/ada-photo.webp' }).where('id', '=', ada.id).execute();
    ben = await createMember(app(), { firstname: 'Ben', lastname: 'Okafor' });
    admin = await createMember(app(), { firstname: 'Grace', lastname: 'Admin', role: 'admin' });
  });

  it('"I prayed" counts a member once; a second press takes it back; the list says what the viewer did', async () => {
    const [first] = await prayers();
    assert.ok(first);
    assert.equal(first.prayedCount, 0);
    const once = await press(ben, first._id);
    assert.equal(once.statusCode, 200);
    assert.deepEqual(json(once), { data: { prayedCount: 1, iPrayed: true } });
    assert.deepEqual(json(await press(ada, first._id)), { data: { prayedCount: 2, iPrayed: true } });
    const seen = (await prayers(ben)).find((p) => p._id === first._id)!;
    assert.deepEqual([seen.prayedCount, seen.iPrayed], [2, true]);
    assert.equal((await prayers()).find((p) => p._id === first._id)!.iPrayed, false);
    assert.deepEqual(json(await press(ben, first._id)), { data: { prayedCount: 1, iPrayed: false } });
    // Naming the state wanted: a repeated call cannot undo itself.
    const set = (prayed: boolean) =>
      app().inject({ method: 'POST', url: `/api/prayers/${first._id}/prayed`, headers: as(ben), payload: { prayed } });
    assert.deepEqual(json(await set(true)), { data: { prayedCount: 2, iPrayed: true } });
    assert.deepEqual(json(await set(true)), { data: { prayedCount: 2, iPrayed: true } });
    assert.deepEqual(json(await set(false)), { data: { prayedCount: 1, iPrayed: false } });
    assert.deepEqual(json(await set(false)), { data: { prayedCount: 1, iPrayed: false } });
  });

  it('40 simultaneous presses by one member change the count by at most one', async () => {
    const [, second] = await prayers();
    const before = second!.prayedCount;
    await Promise.all(Array.from({ length: 40 }, () => press(ben, second!._id)));
    const after = (await prayers()).find((p) => p._id === second!._id)!.prayedCount;
    assert.ok(Math.abs(after - before) <= 1, `${before} → ${after}`);
  });

  it('"I prayed" needs a member (401), a known published prayer (404) and a well-formed id (400)', async () => {
    const [first] = await prayers();
    assert.equal((await press(undefined, first!._id)).statusCode, 401);
    assert.equal((await press(ben, '00000000-0000-4000-8000-000000000000')).statusCode, 404);
    assert.equal((await press(ben, 'nope')).statusCode, 400);
    const pending = json<{ data: Prayer }>(await post(ada, { text: 'Not yet on the wall.' })).data;
    assert.equal((await press(ada, pending._id)).statusCode, 404);
    assert.equal((await press(ben, pending._id)).statusCode, 404);
  });

  it('a prayer posted without a name shows no trace of its author in the public answers (the server renders pages from them)', async () => {
    const res = await post(ada, { text: 'Pray for my family in a hard season.', anonymous: true });
    assert.equal(res.statusCode, 201);
    const mine = json<{ data: Prayer }>(res).data;
    // The author sees their own name on it, and that it is posted without it.
    assert.equal(mine.anonymous, true);
    assert.equal(mine.user?._id, ada.id);
    assert.equal((await publish(mine._id)).statusCode, 200);

    for (const who of [undefined, ben]) {
      const seen = (await prayers(who)).find((p) => p._id === mine._id)!;
      assert.equal(seen.user, null);
      assert.equal(seen.anonymous, true);
      const body = (await app().inject({ url: '/api/prayers/', headers: as(who) })).body;
      for (const trace of [ada.id, 'Adaeze', 'Quillfeather', ada.email, 'ada-photo'])
        assert.ok(!body.includes(trace), `the answer holds "${trace}"`);
    }
    // Staff and the author still see who asked.
    assert.equal((await prayers(admin)).find((p) => p._id === mine._id)!.user?.firstname, 'Adaeze');
    assert.equal((await prayers(ada)).find((p) => p._id === mine._id)!.user?._id, ada.id);
    // Members may still pray for it.
    assert.deepEqual(json(await press(ben, mine._id)), { data: { prayedCount: 1, iPrayed: true } });
  });

  it('the requester marks a prayer answered and tells the story; the story and the prayer link each other once published', async () => {
    const asked = json<{ data: Prayer }>(await post(ada, { text: 'Pray that I find work.' })).data;
    await publish(asked._id);
    const answer = (who: Member, note: string) =>
      app().inject({ method: 'POST', url: `/api/prayers/${asked._id}/answered`, headers: as(who), payload: { note } });
    // Nobody but the requester may mark it answered.
    assert.equal((await answer(ben, 'Not mine')).statusCode, 403);
    assert.equal((await answer(admin, 'Not mine either')).statusCode, 403);
    const marked = await answer(ada, '  I start on Monday! <b>Praise God</b>  ');
    assert.equal(marked.statusCode, 200);
    const prayer = json<{ data: Prayer }>(marked).data;
    assert.equal(prayer.answered?.note, 'I start on Monday! Praise God');
    assert.ok(Date.parse(prayer.answered!.date) > 0);
    assert.equal((await prayers()).find((p) => p._id === asked._id)!.answered?.note, 'I start on Monday! Praise God');

    // A story may tell only of one's own answered prayer.
    const story = (who: Member, prayer: string) =>
      app().inject({
        method: 'POST',
        url: `/api/story/add/${who.id}`,
        headers: as(who),
        payload: { content: 'God gave me work.', prayer },
      });
    assert.equal((await story(ben, asked._id)).statusCode, 400);
    const unanswered = json<{ data: Prayer }>(await post(ada, { text: 'Still waiting.' })).data;
    assert.equal((await story(ada, unanswered._id)).statusCode, 400);
    const told = await story(ada, asked._id);
    assert.equal(told.statusCode, 201);
    const storyId = json<{ data: { _id: string; answeredPrayer: string } }>(told).data;
    assert.equal(storyId.answeredPrayer, asked._id);
    // The prayer links to the story only once the story is published.
    assert.equal((await prayers()).find((p) => p._id === asked._id)!.storyId, null);
    await app().inject({
      method: 'POST',
      url: `/api/moderation/stories/${storyId._id}/publish`,
      headers: as(admin),
      payload: await publishBody(app(), 'stories', storyId._id),
    });
    assert.equal((await prayers()).find((p) => p._id === asked._id)!.storyId, storyId._id);
    const published = json<{ _id: string; answeredPrayer: string | null }[]>(await app().inject({ url: '/api/story/' })).find(
      (s) => s._id === storyId._id,
    );
    assert.equal(published?.answeredPrayer, asked._id);
  });

  it("the requester hears how many prayed, at most once a day, with no names; the mail's link and the profile turn it off", async () => {
    const cleo = await createMember(app(), { firstname: 'Cleo', lastname: 'Asante' });
    const asked = json<{ data: Prayer }>(await post(cleo, { text: 'Pray for my exams.' })).data;
    await publish(asked._id);
    const dataDir = app().config.dataDir;
    const toCleo = () =>
      mailsIn(dataDir)
        .map(plainMail)
        .filter((m) => /^To: .*cleo/im.test(m) || m.includes(cleo.email));
    const others = await Promise.all(
      Array.from({ length: 5 }, (_, i) => createMember(app(), { firstname: `Pray${i}`, lastname: 'Er' })),
    );
    await Promise.all(others.map((o) => press(o, asked._id)));
    // The presses wait a few minutes (one taken back in that time never counts); then one mail, from any process.
    await sendMails(new Date());
    assert.equal(toCleo().length, 0, 'nothing while the presses are fresh');
    await Promise.all([sendMails(), sendMails()]);
    const mail = await waitForMailTo(dataDir, cleo.email, /prayed/);
    assert.equal(toCleo().length, 1, 'one mail however many pray at once');
    assert.match(mail, /Hello Cleo,/);
    assert.match(mail, /(\d+ members of the church family have|A member of the church family has) prayed/);
    for (const [i, o] of others.entries())
      assert.ok(!mail.includes(o.email) && !mail.includes(`Pray${i}`), 'no names in the mail');
    // More prayers the same day: no second mail.
    await press(ben, asked._id);
    await sendMails();
    assert.equal(toCleo().length, 1);

    // A day later, the next press sends the next mail.
    await app()
      .db.updateTable('users')
      .set({ prayer_mail_sent_at: new Date(Date.now() - 25 * 3600_000) })
      .where('id', '=', cleo.id)
      .execute();
    await press(admin, asked._id);
    await sendMails();
    assert.equal(toCleo().length, 2);

    // The mail's link turns it off, without signing in.
    const token = /\/prayer-mail-off\/([A-Za-z0-9_-]+)/.exec(mail)![1]!;
    assert.equal(
      (await app().inject({ method: 'POST', url: '/api/prayers/mail-off', payload: { token: 'x'.repeat(32) } })).statusCode,
      404,
    );
    assert.equal((await app().inject({ method: 'POST', url: '/api/prayers/mail-off', payload: { token } })).statusCode, 200);
    const me = json<{ data: { prayerMail: boolean } }>(
      await app().inject({ url: `/api/user/search/${cleo.id}`, headers: as(cleo) }),
    ).data;
    assert.equal(me.prayerMail, false);
    await app()
      .db.updateTable('users')
      .set({ prayer_mail_sent_at: new Date(Date.now() - 25 * 3600_000) })
      .where('id', '=', cleo.id)
      .execute();
    await press(ada, asked._id);
    await sendMails();
    assert.equal(toCleo().length, 2, 'no mail once turned off');

    // The profile's switch turns it back on (and off).
    const turn = (on: boolean) => app().inject({ method: 'PUT', url: '/api/prayers/mail', headers: as(cleo), payload: { on } });
    assert.equal((await app().inject({ method: 'PUT', url: '/api/prayers/mail', payload: { on: true } })).statusCode, 401);
    assert.deepEqual(json(await turn(true)), { data: { prayerMail: true } });
    assert.equal(
      json<{ data: { prayerMail: boolean } }>(await app().inject({ url: `/api/user/search/${cleo.id}`, headers: as(cleo) })).data
        .prayerMail,
      true,
    );
  });

  it('"My posts": a member sees their own posts in every state, corrects one while it waits, deletes their own; never another\'s', async () => {
    const dee = await createMember(app(), { firstname: 'Dee', lastname: 'Owusu' });
    const mine = () => app().inject({ url: '/api/community/mine', headers: as(dee) });
    const edit = (who: Member, kind: string, id: string, text: string) =>
      app().inject({ method: 'PUT', url: `/api/community/mine/${kind}/${id}`, headers: as(who), payload: { text } });
    const remove = (who: Member, kind: string, id: string) =>
      app().inject({ method: 'DELETE', url: `/api/community/mine/${kind}/${id}`, headers: as(who) });

    assert.equal((await app().inject({ url: '/api/community/mine' })).statusCode, 401);
    const waiting = json<{ data: Prayer }>(await post(dee, { text: 'First words' })).data;
    const story = json<{ data: { _id: string } }>(
      await app().inject({ method: 'POST', url: `/api/story/add/${dee.id}`, headers: as(dee), payload: { content: 'A story' } }),
    ).data;
    const rejected = json<{ data: Prayer }>(await post(dee, { text: 'Not for the wall' })).data;
    await app().inject({ method: 'POST', url: `/api/moderation/prayers/${rejected._id}/reject`, headers: as(admin) });

    const list = json<{ data: { _id: string; kind: string; status: string; text: string }[] }>(await mine()).data;
    assert.deepEqual(
      list.map((p) => [p.kind, p.status, p.text]),
      [
        ['prayers', 'rejected', 'Not for the wall'],
        ['stories', 'pending', 'A story'],
        ['prayers', 'pending', 'First words'],
      ],
    );
    // Nobody sees another member's list (it is always the session's own) or edits another's post.
    assert.ok(
      !json<{ data: { _id: string }[] }>(await app().inject({ url: '/api/community/mine', headers: as(ben) })).data.some(
        (p) => p._id === waiting._id,
      ),
    );
    assert.equal((await edit(ben, 'prayers', waiting._id, 'Hijacked')).statusCode, 404);
    assert.equal((await remove(ben, 'prayers', waiting._id)).statusCode, 404);

    // Corrected while it waits; not once it is reviewed.
    assert.equal((await edit(dee, 'prayers', waiting._id, '  Better words  ')).statusCode, 200);
    assert.equal((await edit(dee, 'stories', story._id, 'A better story')).statusCode, 200);
    assert.equal((await edit(dee, 'prayers', waiting._id, '')).statusCode, 400);
    const texts = json<{ data: { _id: string; text: string }[] }>(await mine()).data;
    assert.equal(texts.find((p) => p._id === waiting._id)!.text, 'Better words');
    assert.equal(texts.find((p) => p._id === story._id)!.text, 'A better story');
    await publish(waiting._id);
    assert.equal((await edit(dee, 'prayers', waiting._id, 'Too late')).statusCode, 409);

    // Deleted at any time, published or not.
    assert.equal((await remove(dee, 'prayers', waiting._id)).statusCode, 200);
    assert.equal((await remove(dee, 'prayers', rejected._id)).statusCode, 200);
    assert.ok(!(await prayers()).some((p) => p._id === waiting._id));
    assert.deepEqual(
      json<{ data: { _id: string }[] }>(await mine()).data.map((p) => p._id),
      [story._id],
    );
  });

  it('a report flags a published post for the moderators with its reason; the moderator hides it with a reason the author is mailed, or stops the author posting', async () => {
    const eli = await createMember(app(), { firstname: 'Eli', lastname: 'Boateng' });
    const storyId = json<{ _id: string }[]>(await app().inject({ url: '/api/story/' }))[0]!._id;
    const comment = json<{ data: { _id: string } }>(
      await app().inject({
        method: 'POST',
        url: '/api/comments/add',
        headers: as(eli),
        payload: { text: 'Buy cheap watches at spam.example', story: storyId, user: eli.id },
      }),
    ).data;
    await app().inject({
      method: 'POST',
      url: `/api/moderation/comments/${comment._id}/publish`,
      headers: as(admin),
      payload: await publishBody(app(), 'comments', comment._id),
    });
    const report = (who: Member | undefined, reason: string) =>
      app().inject({
        method: 'POST',
        url: `/api/community/report/comments/${comment._id}`,
        headers: as(who),
        payload: { reason },
      });
    const visibleComment = async () =>
      json<{ _id: string; comments: { _id: string }[] }[]>(await app().inject({ url: '/api/story/' }))
        .find((s) => s._id === storyId)!
        .comments.some((c) => c._id === comment._id);
    assert.equal(await visibleComment(), true);

    assert.equal((await report(undefined, 'Spam')).statusCode, 401);
    assert.equal((await report(ben, '   ')).statusCode, 400);
    assert.equal((await report(ben, 'Spam, an advert')).statusCode, 200);
    assert.equal((await report(ben, 'Spam again')).statusCode, 200, 'a second report by the same member changes nothing');
    assert.equal(await visibleComment(), true, 'one member flags it; it stays up until the staff decide');
    const queue = json<{ data: { comments: { _id: string; reports: { reason: string }[] }[] } }>(
      await app().inject({ url: '/api/moderation/pending?kind=comments', headers: as(admin) }),
    ).data.comments;
    assert.deepEqual(
      queue.find((c) => c._id === comment._id)?.reports.map((r) => r.reason),
      ['Spam, an advert'],
    );

    // Rejected with a reason: the author is told by mail and sees it in their posts.
    const reject = await app().inject({
      method: 'POST',
      url: `/api/moderation/comments/${comment._id}/reject`,
      headers: as(admin),
      payload: { reason: 'Advertising is not allowed.' },
    });
    assert.equal(reject.statusCode, 200);
    const mail = await waitForMailTo(app().config.dataDir, eli.email, /not publish/);
    assert.match(mail, /Advertising is not allowed\./);
    assert.match(mail, /\/community\/my-posts/);
    const mine = json<{ data: { _id: string; status: string; reason: string | null }[] }>(
      await app().inject({ url: '/api/community/mine', headers: as(eli) }),
    ).data;
    assert.deepEqual(
      mine.find((p) => p._id === comment._id),
      { ...mine.find((p) => p._id === comment._id), status: 'rejected', reason: 'Advertising is not allowed.' },
    );

    // Stopped from posting, then allowed again.
    const stop = (stopped: boolean) =>
      app().inject({
        method: 'POST',
        url: `/api/moderation/members/${eli.id}/posting`,
        headers: as(admin),
        payload: { stopped },
      });
    assert.equal(
      (
        await app().inject({
          method: 'POST',
          url: `/api/moderation/members/${eli.id}/posting`,
          headers: as(ben),
          payload: { stopped: true },
        })
      ).statusCode,
      403,
    );
    assert.equal((await stop(true)).statusCode, 200);
    const refused = await post(eli, { text: 'Another advert' });
    assert.equal(refused.statusCode, 403);
    assert.equal(json<{ error: { code: string } }>(refused).error.code, 'posting_stopped');
    assert.equal((await stop(false)).statusCode, 200);
    assert.equal((await post(eli, { text: 'I am sorry.' })).statusCode, 201);
  });

  it("a member reports at most 10 posts a day, and reported posts do not count against their author's waiting limit", async () => {
    const fay = await createMember(app(), { firstname: 'Fay', lastname: 'Mensah' });
    const reporter = await createMember(app(), { firstname: 'Rex', lastname: 'Porter' });
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) {
      const p = json<{ data: Prayer }>(await post(fay, { text: `Request ${i}` })).data;
      await publish(p._id);
      ids.push(p._id);
    }
    const answers = [];
    for (const id of ids)
      answers.push(
        (
          await app().inject({
            method: 'POST',
            url: `/api/community/report/prayers/${id}`,
            headers: as(reporter),
            payload: { reason: 'Too many' },
          })
        ).statusCode,
      );
    assert.deepEqual(answers, [...Array(10).fill(200), 429]);
    // Ten of Fay's posts are back in review because of someone else: she may still post.
    assert.equal((await post(fay, { text: 'One more request' })).statusCode, 201);
  });

  it("a story's comments can all be read, oldest first (newest last), with author and time", async () => {
    const storyId = json<{ _id: string }[]>(await app().inject({ url: '/api/story/' }))[0]!._id;
    const before = json<{ _id: string; comments: unknown[] }[]>(await app().inject({ url: '/api/story/' })).find(
      (s) => s._id === storyId,
    )!.comments.length;
    for (let i = 1; i <= 8; i++) {
      const res = await app().inject({
        method: 'POST',
        url: '/api/comments/add',
        headers: as(admin),
        payload: { text: `Comment number ${i}`, story: storyId, user: admin.id },
      });
      assert.equal(res.statusCode, 201);
    }
    const comments = json<{ _id: string; comments: { text: string; date: string; user: { firstname: string } }[] }[]>(
      await app().inject({ url: '/api/story/' }),
    ).find((s) => s._id === storyId)!.comments;
    assert.equal(comments.length, before + 8);
    assert.deepEqual(
      comments.slice(-8).map((c) => c.text),
      Array.from({ length: 8 }, (_, i) => `Comment number ${i + 1}`),
    );
    assert.ok(comments.every((c) => c.user.firstname && Date.parse(c.date) > 0));
  });
});
