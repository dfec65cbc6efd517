/**
 * Community posting on both databases: prayers, stories, likes, comments and
 * moderation. Every call is refused signed out (401), with another member's
 * id (403) and with nothing or too much to say (400); pending posts are seen
 * only by their authors until an admin publishes them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Comment, Prayer, Story } from '@ministry/shared/types';
import { POST_MAX } from '@ministry/shared/validation';
import { createMember, describeEachDatabase, json, publishBody } from './helpers.js';

type Err = { error: { code: string; message: string; fields?: Record<string, string> } };
type Member = Awaited<ReturnType<typeof createMember>>;
type Pending = {
  data: Record<
    'prayers' | 'stories' | 'comments',
    { _id: string; text: string; user: { _id: string }; story?: { _id: string } }[]
  >;
};

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

function client(app: FastifyInstance) {
  const as = (who?: Member) => (who ? { cookie: who.cookie } : {});
  return {
    prayers: async (who?: Member) => json<{ data: Prayer[] }>(await app.inject({ url: '/api/prayers/', headers: as(who) })).data,
    stories: async (who?: Member) => json<Story[]>(await app.inject({ url: '/api/story/', headers: as(who) })),
    top: async (who?: Member) => json<Story[]>(await app.inject({ url: '/api/story/top', headers: as(who) })),
    addPrayer: (who: Member | undefined, id: string, payload: unknown) =>
      app.inject({ method: 'POST', url: `/api/prayers/add/${id}`, headers: as(who), payload: payload as object }),
    addStory: (who: Member | undefined, id: string, payload: unknown) =>
      app.inject({ method: 'POST', url: `/api/story/add/${id}`, headers: as(who), payload: payload as object }),
    like: (who: Member | undefined, storyId: string, payload?: { liked: boolean }) =>
      app.inject({ method: 'POST', url: `/api/story/like/${storyId}`, headers: as(who), ...(payload ? { payload } : {}) }),
    comment: (who: Member | undefined, payload: unknown) =>
      app.inject({ method: 'POST', url: '/api/comments/add', headers: as(who), payload: payload as object }),
    pending: (who?: Member) => app.inject({ url: '/api/moderation/pending', headers: as(who) }),
    decide: async (who: Member | undefined, kind: string, id: string, action: string) =>
      app.inject({
        method: 'POST',
        url: `/api/moderation/${kind}/${id}/${action}`,
        headers: as(who),
        ...(action === 'publish' ? { payload: await publishBody(app, kind, id) } : {}),
      }),
  };
}

/** The id of a published sample story. */
async function publishedStoryId(app: FastifyInstance): Promise<string> {
  return json<Story[]>(await app.inject({ url: '/api/story/' }))[0]!._id;
}

async function likesOf(
  app: FastifyInstance,
  storyId: string,
  who?: Member,
): Promise<{ nbLikes: number; userLikesThis: boolean }> {
  const list = json<Story[]>(await app.inject({ url: '/api/story/', headers: who ? { cookie: who.cookie } : {} }));
  const story = list.find((s) => s._id === storyId);
  assert.ok(story, 'story in the list');
  return { nbLikes: story.nbLikes, userLikesThis: story.userLikesThis };
}

describeEachDatabase('community posts with moderation', (ctx) => {
  let ada: Member;
  let ben: Member;
  let admin: Member;
  const api = () => client(ctx().app);

  it('creates the members', async () => {
    const { app } = ctx();
    ada = await createMember(app, { firstname: 'Ada', lastname: 'Mensah' });
    ben = await createMember(app, { firstname: 'Ben', lastname: 'Okafor' });
    admin = await createMember(app, { firstname: 'Grace', lastname: 'Admin', role: 'admin' });
  });

  describe('prayers', () => {
    it('POST /api/prayers/add/{id} saves a pending prayer by the session user and answers it', async () => {
      const res = await api().addPrayer(ada, ada.id, { text: '  Pray for my exams on Friday.  ' });
      assert.equal(res.statusCode, 201, res.body);
      const prayer = json<{ data: Prayer }>(res).data;
      assert.equal(prayer.text, 'Pray for my exams on Friday.');
      assert.equal(prayer.status, 'pending');
      assert.deepEqual([prayer.user!.firstname, prayer.user!.lastname, prayer.user!._id], ['Ada', 'Mensah', ada.id]);
      assert.ok(!Number.isNaN(Date.parse(prayer.date)));
    });

    it('a pending prayer is seen by its author (marked pending) and by nobody else', async () => {
      const mine = (await api().prayers(ada)).filter((p) => p.user!._id === ada.id);
      assert.equal(mine.length, 1);
      assert.equal(mine[0]!.status, 'pending');
      for (const who of [undefined, ben, admin]) {
        assert.ok((await api().prayers(who)).every((p) => p.status === 'published' && p.user!._id !== ada.id));
      }
    });

    it('is refused signed out (401) and with another member id in the path (403)', async () => {
      const out = await api().addPrayer(undefined, ada.id, { text: 'Hello' });
      assert.equal(out.statusCode, 401);
      assert.equal(json<Err>(out).error.code, 'unauthorized');
      const other = await api().addPrayer(ben, ada.id, { text: 'Hello' });
      assert.equal(other.statusCode, 403);
      assert.equal((await api().prayers(ada)).filter((p) => p.user!._id === ada.id).length, 1, 'nothing was saved');
    });

    it('refuses nothing, blank, markup-only and too-long text with a 400 under the field', async () => {
      const cases: [unknown, string][] = [
        [{}, 'Please write something first'],
        [{ text: '' }, 'Please write something first'],
        [{ text: '   \n ' }, 'Please write something first'],
        [{ text: '<b></b><script>x</script>' }, 'Please write something first'],
        [{ text: 'x'.repeat(POST_MAX + 1) }, `Must be at most ${POST_MAX} characters`],
      ];
      for (const [payload, message] of cases) {
        const res = await api().addPrayer(ada, ada.id, payload);
        assert.equal(res.statusCode, 400, JSON.stringify(payload).slice(0, 40));
        assert.equal(json<Err>(res).error.fields?.text, message);
      }
      assert.equal(
        (await api().addPrayer(ada, ada.id, { text: 'x'.repeat(POST_MAX) })).statusCode,
        201,
        'the limit itself is fine',
      );
    });

    it('a malformed id in the path is a 400, an unknown one a 403', async () => {
      assert.equal((await api().addPrayer(ada, 'not-an-id', { text: 'Hello' })).statusCode, 400);
      assert.equal((await api().addPrayer(ada, UNKNOWN_ID, { text: 'Hello' })).statusCode, 403);
    });

    it('keeps no markup: the text is stored as plain text', async () => {
      const res = await api().addPrayer(ada, ada.id, { text: '<img src=x onerror=alert(1)>Heal <b>my</b> friend & family <3' });
      assert.equal(res.statusCode, 201);
      assert.equal(json<{ data: Prayer }>(res).data.text, 'Heal my friend & family <3');
    });

    it('rejects a body that is not JSON', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: `/api/prayers/add/${ada.id}`,
        headers: { cookie: ada.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'text=hello',
      });
      assert.equal(res.statusCode, 415);
    });
  });

  describe('stories', () => {
    let storyId: string;

    it('POST /api/story/add/{id} saves a pending story and answers it with no likes or comments', async () => {
      const res = await api().addStory(ada, ada.id, { content: 'God provided a job after <i>two</i> years of waiting.' });
      assert.equal(res.statusCode, 201, res.body);
      const story = json<{ data: Story }>(res).data;
      storyId = story._id;
      assert.equal(story.content, 'God provided a job after two years of waiting.');
      assert.equal(story.status, 'pending');
      assert.equal(story.nbLikes, 0);
      assert.equal(story.userLikesThis, false);
      assert.deepEqual(story.comments, []);
      assert.equal(story.user.firstname, 'Ada');
    });

    it('a pending story is seen by its author only, and never among the best stories', async () => {
      assert.equal((await api().stories(ada)).find((s) => s._id === storyId)?.status, 'pending');
      for (const who of [undefined, ben, admin]) assert.ok(!(await api().stories(who)).some((s) => s._id === storyId));
      for (const who of [undefined, ada]) assert.ok((await api().top(who)).every((s) => s.status === 'published'));
    });

    it('is refused signed out (401), for another member (403), and empty or too long (400)', async () => {
      assert.equal((await api().addStory(undefined, ada.id, { content: 'Hi' })).statusCode, 401);
      assert.equal((await api().addStory(ben, ada.id, { content: 'Hi' })).statusCode, 403);
      for (const [payload, message] of [
        [{ content: ' ' }, 'Please write something first'],
        [{ text: 'wrong field' }, 'Please write something first'],
        [{ content: 'y'.repeat(POST_MAX + 1) }, `Must be at most ${POST_MAX} characters`],
      ] as const) {
        const res = await api().addStory(ada, ada.id, payload);
        assert.equal(res.statusCode, 400);
        assert.equal(json<Err>(res).error.fields?.content, message);
      }
    });

    it('a pending story takes no likes and no comments yet (404)', async () => {
      assert.equal((await api().like(ben, storyId)).statusCode, 404);
      assert.equal((await api().comment(ben, { text: 'Amen', story: storyId, user: ben.id })).statusCode, 404);
    });
  });

  describe('likes', () => {
    it('POST /api/story/like/{storyId} toggles and answers the number to add to the count', async () => {
      const { app } = ctx();
      const id = await publishedStoryId(app);
      const before = await likesOf(app, id, ben);
      assert.equal(before.userLikesThis, false);

      const first = await api().like(ben, id);
      assert.equal(first.statusCode, 200);
      assert.equal(json<number>(first), 1);
      assert.deepEqual(await likesOf(app, id, ben), { nbLikes: before.nbLikes + 1, userLikesThis: true });
      assert.equal((await likesOf(app, id)).userLikesThis, false, 'others do not see it as theirs');

      const second = await api().like(ben, id);
      assert.equal(json<number>(second), -1);
      assert.deepEqual(await likesOf(app, id, ben), before);
    });

    it('{ liked } asks for a state: repeating it changes nothing and answers 0', async () => {
      const { app } = ctx();
      const id = await publishedStoryId(app);
      const before = await likesOf(app, id, ben);
      assert.equal(json<number>(await api().like(ben, id, { liked: true })), 1);
      assert.equal(json<number>(await api().like(ben, id, { liked: true })), 0);
      assert.equal((await likesOf(app, id)).nbLikes, before.nbLikes + 1);
      assert.equal(json<number>(await api().like(ben, id, { liked: false })), -1);
      assert.equal(json<number>(await api().like(ben, id, { liked: false })), 0);
      assert.equal((await likesOf(app, id)).nbLikes, before.nbLikes);
    });

    it('100 concurrent likes by one member count once', async () => {
      const { app } = ctx();
      const id = await publishedStoryId(app);
      const before = (await likesOf(app, id)).nbLikes;
      const answers = await Promise.all(Array.from({ length: 100 }, () => api().like(ben, id, { liked: true })));
      assert.ok(answers.every((r) => r.statusCode === 200));
      const deltas = answers.map((r) => json<number>(r));
      assert.equal(deltas.filter((d) => d === 1).length, 1);
      assert.equal(deltas.filter((d) => d === 0).length, 99);
      assert.deepEqual(await likesOf(app, id, ben), { nbLikes: before + 1, userLikesThis: true });
      await api().like(ben, id, { liked: false });
    });

    it('100 concurrent toggles by one member leave at most one like, and the answers add up to the count', async () => {
      const { app } = ctx();
      const id = await publishedStoryId(app);
      const before = (await likesOf(app, id, ben)).nbLikes;
      const answers = await Promise.all(Array.from({ length: 100 }, () => api().like(ben, id)));
      assert.ok(answers.every((r) => r.statusCode === 200));
      const sum = answers.reduce((total, r) => total + json<number>(r), 0);
      const after = await likesOf(app, id, ben);
      assert.ok(after.nbLikes === before || after.nbLikes === before + 1, `count ${after.nbLikes}`);
      assert.equal(after.nbLikes - before, sum);
      assert.equal(after.userLikesThis, after.nbLikes === before + 1);
      if (after.userLikesThis) await api().like(ben, id, { liked: false });
    });

    it("GET /api/story/top: published stories somebody liked, most liked first, with the viewer's liked state", async () => {
      const { app } = ctx();
      const id = await publishedStoryId(app);
      await api().like(ben, id, { liked: true });
      const top = await api().top(ben);
      assert.ok(top.length > 0 && top.length <= 6);
      assert.ok(top.every((s) => s.status === 'published' && s.nbLikes > 0));
      assert.deepEqual(
        top.map((s) => s.nbLikes),
        [...top.map((s) => s.nbLikes)].sort((a, b) => b - a),
      );
      assert.equal(top.find((s) => s._id === id)?.userLikesThis, true);
      await api().like(ben, id, { liked: false });
    });

    it('is refused signed out (401); an unknown story is a 404; a GET changes nothing', async () => {
      const { app } = ctx();
      const id = await publishedStoryId(app);
      const before = (await likesOf(app, id)).nbLikes;
      assert.equal((await api().like(undefined, id)).statusCode, 401);
      assert.equal((await api().like(ben, UNKNOWN_ID)).statusCode, 404);
      assert.equal((await api().like(ben, 'nope')).statusCode, 400);
      const get = await app.inject({ url: `/api/story/like/${id}`, headers: { cookie: ben.cookie } });
      assert.equal(get.statusCode, 404);
      assert.equal((await likesOf(app, id)).nbLikes, before);
    });
  });

  describe('comments', () => {
    it('POST /api/comments/add saves a pending comment whose author is the session user', async () => {
      const { app } = ctx();
      const story = await publishedStoryId(app);
      const res = await api().comment(ben, { text: 'Amen, <b>praise God</b>!', story, user: ben.id });
      assert.equal(res.statusCode, 201, res.body);
      const comment = json<{ data: Comment }>(res).data;
      assert.equal(comment.text, 'Amen, praise God!');
      assert.equal(comment.status, 'pending');
      assert.equal(comment.user._id, ben.id);
      assert.equal(comment.user.firstname, 'Ben');

      const forBen = (await api().stories(ben)).find((s) => s._id === story)!;
      assert.equal(forBen.comments.find((c) => c._id === comment._id)?.status, 'pending');
      for (const who of [undefined, ada]) {
        const seen = (await api().stories(who)).find((s) => s._id === story)!;
        assert.ok(!seen.comments.some((c) => c._id === comment._id));
      }
    });

    it('takes the author from the session when the body names no user', async () => {
      const story = await publishedStoryId(ctx().app);
      const res = await api().comment(ada, { text: 'So good to read.', story });
      assert.equal(res.statusCode, 201);
      assert.equal(json<{ data: Comment }>(res).data.user._id, ada.id);
    });

    it('is refused signed out (401) and for another member in the body (403)', async () => {
      const story = await publishedStoryId(ctx().app);
      assert.equal((await api().comment(undefined, { text: 'Hi', story, user: ben.id })).statusCode, 401);
      const res = await api().comment(ada, { text: 'Hi', story, user: ben.id });
      assert.equal(res.statusCode, 403);
      assert.ok(!(await api().stories(ben)).find((s) => s._id === story)!.comments.some((c) => c.text === 'Hi'));
    });

    it('refuses empty or too-long text and a missing story (400), and an unknown story (404)', async () => {
      const story = await publishedStoryId(ctx().app);
      for (const [payload, field, message] of [
        [{ text: '', story, user: ada.id }, 'text', 'Please write something first'],
        [{ text: 'z'.repeat(POST_MAX + 1), story, user: ada.id }, 'text', `Must be at most ${POST_MAX} characters`],
        [{ text: 'Hello', user: ada.id }, 'story', 'Required'],
      ] as const) {
        const res = await api().comment(ada, payload);
        assert.equal(res.statusCode, 400);
        assert.equal(json<Err>(res).error.fields?.[field], message);
      }
      assert.equal((await api().comment(ada, { text: 'Hello', story: UNKNOWN_ID, user: ada.id })).statusCode, 404);
      assert.equal((await api().comment(ada, { text: 'Hello', story: 'not-an-id', user: ada.id })).statusCode, 404);
    });
  });

  describe('moderation', () => {
    it('is a 401 for visitors and a 403 for members, before anything is validated', async () => {
      for (const [who, status, code] of [
        [undefined, 401, 'unauthorized'],
        [ada, 403, 'forbidden'],
      ] as const) {
        const res = await api().pending(who);
        assert.equal(res.statusCode, status);
        assert.equal(json<Err>(res).error.code, code);
        assert.equal((await api().decide(who, 'prayers', UNKNOWN_ID, 'publish')).statusCode, status);
        assert.equal((await api().decide(who, 'nonsense', 'x', 'y')).statusCode, status, 'not even validated');
      }
    });

    it('lists every pending post with its author for an admin', async () => {
      const res = await api().pending(admin);
      assert.equal(res.statusCode, 200);
      const { data } = json<Pending>(res);
      assert.ok(data.prayers.some((p) => p.text === 'Pray for my exams on Friday.' && p.user._id === ada.id));
      assert.ok(data.stories.some((s) => s.text.startsWith('God provided a job')));
      assert.ok(data.comments.some((c) => c.text === 'Amen, praise God!' && c.story?._id));
    });

    it('publishing shows a post to everyone; rejecting hides it from its author too', async () => {
      const { data } = json<Pending>(await api().pending(admin));
      const prayer = data.prayers.find((p) => p.text === 'Pray for my exams on Friday.')!;
      const story = data.stories.find((s) => s.text.startsWith('God provided a job'))!;
      const comment = data.comments.find((c) => c.text === 'Amen, praise God!')!;
      const rejected = data.prayers.find((p) => p.text.startsWith('Heal my friend'))!;

      for (const [kind, id] of [
        ['prayers', prayer._id],
        ['stories', story._id],
        ['comments', comment._id],
      ]) {
        const res = await api().decide(admin, kind!, id!, 'publish');
        assert.equal(res.statusCode, 200, res.body);
        assert.deepEqual(json(res), { data: { _id: id, kind, status: 'published' } });
      }
      assert.equal((await api().decide(admin, 'prayers', rejected._id, 'reject')).statusCode, 200);

      for (const who of [undefined, ben]) {
        assert.equal((await api().prayers(who)).find((p) => p._id === prayer._id)?.status, 'published');
        const seen = (await api().stories(who)).find((s) => s._id === story._id);
        assert.equal(seen?.status, 'published');
        assert.ok(
          (await api().stories(who)).some((s) => s.comments.some((c) => c._id === comment._id && c.status === 'published')),
        );
      }
      assert.ok(!(await api().prayers(ada)).some((p) => p._id === rejected._id), 'rejected: hidden from its author too');
      assert.ok(!(await api().prayers()).some((p) => p._id === rejected._id));

      const left = json<Pending>(await api().pending(admin)).data;
      assert.ok(
        ![...left.prayers, ...left.stories, ...left.comments].some((p) =>
          [prayer._id, story._id, comment._id, rejected._id].includes(p._id),
        ),
      );
    });

    it('a published story now takes likes and comments', async () => {
      const story = (await api().stories()).find((s) => s.content.startsWith('God provided a job'))!;
      assert.equal(json<number>(await api().like(ben, story._id)), 1);
      assert.equal((await api().comment(ben, { text: 'Wonderful!', story: story._id, user: ben.id })).statusCode, 201);
    });

    it('an unknown post is a 404 and an unknown kind or action a 400 for an admin', async () => {
      assert.equal((await api().decide(admin, 'stories', UNKNOWN_ID, 'publish')).statusCode, 404);
      assert.equal((await api().decide(admin, 'events', UNKNOWN_ID, 'publish')).statusCode, 400);
      assert.equal((await api().decide(admin, 'stories', UNKNOWN_ID, 'delete')).statusCode, 400);
    });

    it("an admin's own posts need no review", async () => {
      const res = await api().addPrayer(admin, admin.id, { text: 'Pray for our volunteers.' });
      assert.equal(json<{ data: Prayer }>(res).data.status, 'published');
      assert.ok((await api().prayers()).some((p) => p.text === 'Pray for our volunteers.'));
    });
  });
});

describeEachDatabase(
  'community posts with MODERATION=off',
  (ctx) => {
    it('publishes prayers, stories and comments at once, for everyone to see', async () => {
      const { app } = ctx();
      const api = client(app);
      const member = await createMember(app, { firstname: 'Ruth' });
      const prayer = json<{ data: Prayer }>(await api.addPrayer(member, member.id, { text: 'Pray for rain.' })).data;
      assert.equal(prayer.status, 'published');
      const story = json<{ data: Story }>(await api.addStory(member, member.id, { content: 'He answered.' })).data;
      assert.equal(story.status, 'published');
      const comment = json<{ data: Comment }>(
        await api.comment(member, { text: 'Amen', story: story._id, user: member.id }),
      ).data;
      assert.equal(comment.status, 'published');

      assert.ok((await api.prayers()).some((p) => p._id === prayer._id));
      const seen = (await api.stories()).find((s) => s._id === story._id);
      assert.ok(seen?.comments.some((c) => c._id === comment._id));
      assert.ok((await api.top()).length > 0);
    });
  },
  { config: { moderation: false } },
);
