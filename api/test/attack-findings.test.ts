/**
 * What an outside attack found (as a hostile visitor, member and editor
 * would try it against a running site), each closed and kept closed:
 * - the waitlist path around the seat cap;
 * - one report hiding any post, staff posts included;
 * - a post edited after staff opened it in the queue, published unseen;
 * - staff image paths pointing at any same-origin address;
 * - door check-ins, CSV downloads and reports missing from the activity log.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { newId } from '../src/lib/ids.js';
import { createEvent, createMember, describeEachDatabase, json } from './helpers.js';

type Member = Awaited<ReturnType<typeof createMember>>;
type Err = { error: { code: string; message: string; fields?: Record<string, string> } };

const checkout = (app: FastifyInstance, member: Member, eventId: string, quantity: number) =>
  app.inject({
    method: 'POST',
    url: '/api/payment/create-checkout-session',
    headers: { cookie: member.cookie },
    payload: { items: [{ quantity, price: null }], user: member.id, event: eventId },
  });
const bookingIdOf = (res: { body: string }) => /([0-9a-f-]{36})$/.exec(json<{ data: string }>(res).data)![1]!;
const pay = (app: FastifyInstance, member: Member, bookingId: string) =>
  app.inject({ method: 'POST', url: `/pay/checkout/${bookingId}/complete`, headers: { cookie: member.cookie } });
const wait = (app: FastifyInstance, member: Member, eventId: string, quantity: number) =>
  app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/waitlist`,
    headers: { cookie: member.cookie },
    payload: { quantity },
  });
const entryOf = async (app: FastifyInstance, member: Member, eventId: string) =>
  json<{ data: { status: string; bookingId: string | null } }>(
    await app.inject({ url: `/api/events/${eventId}/waitlist`, headers: { cookie: member.cookie } }),
  ).data;

describeEachDatabase(
  'the seat cap holds on the waitlist path',
  (ctx) => {
    it('seats a member gives back go to the next person waiting, never back to her, and the offer says its real length', async () => {
      const { app } = ctx();
      const [alice, bob, carol] = [await createMember(app), await createMember(app), await createMember(app)];
      const eventId = await createEvent(app, { seats: 4 });
      const aliceHold = await checkout(app, alice, eventId, 2);
      assert.equal(aliceHold.statusCode, 200);
      assert.equal((await checkout(app, bob, eventId, 2)).statusCode, 200);
      // Sold out: Alice joins the waitlist first, Carol after her.
      assert.equal((await wait(app, alice, eventId, 2)).statusCode, 200);
      assert.equal((await wait(app, carol, eventId, 2)).statusCode, 200);
      // Alice lets her hold go: the two seats are offered, to Carol.
      const cancelled = await app.inject({
        method: 'POST',
        url: `/api/payment/bookings/${bookingIdOf(aliceHold)}/cancel`,
        headers: { cookie: alice.cookie },
      });
      assert.equal(cancelled.statusCode, 200);
      assert.equal((await entryOf(app, alice, eventId)).status, 'waiting');
      const offer = await entryOf(app, carol, eventId);
      assert.equal(offer.status, 'offered');
      // The offer's hold says its length as people say it.
      const page = await app.inject({ url: `/pay/checkout/${offer.bookingId}`, headers: { cookie: carol.cookie } });
      assert.match(page.body, /held for you for 24 hours/);
      assert.doesNotMatch(page.body, /1440|more minute/);
    });

    it('seats held, offered and bought count together against the cap', async () => {
      const { app } = ctx();
      const [dan, erin, frank] = [await createMember(app), await createMember(app), await createMember(app)];
      const eventId = await createEvent(app, { seats: 10 });
      assert.equal((await pay(app, dan, bookingIdOf(await checkout(app, dan, eventId, 3)))).statusCode, 303);
      const more = await checkout(app, dan, eventId, 2);
      assert.equal(more.statusCode, 400);
      assert.match(json<Err>(more).error.message, /You have 3 seats of this event already.*you can book 1 more/);
      assert.equal((await checkout(app, dan, eventId, 1)).statusCode, 200, 'up to the cap');

      // Sold out (4 + 6): Erin has 3 bought and waits for 1; Frank waits for 1 after her.
      assert.equal((await pay(app, erin, bookingIdOf(await checkout(app, erin, eventId, 3)))).statusCode, 303);
      const hold = await checkout(app, frank, eventId, 3);
      assert.equal(hold.statusCode, 200);
      assert.equal((await wait(app, dan, eventId, 1)).statusCode, 409, 'Dan has his four');
      assert.equal((await wait(app, erin, eventId, 1)).statusCode, 200);
      assert.equal((await wait(app, frank, eventId, 2)).statusCode, 409, 'Frank holds three: two more would pass the cap');
      const gina = await createMember(app);
      assert.equal((await wait(app, gina, eventId, 1)).statusCode, 200);
      // Erin gets a seat some other way meanwhile (a staff booking, say): an offer would take her past the cap.
      await app.db
        .insertInto('bookings')
        .values({
          id: newId(),
          user_id: erin.id,
          event_id: eventId,
          quantity: 1,
          unit_price: 45,
          status: 'paid',
          provider: 'local',
          expires_at: new Date(),
        })
        .execute();
      // Frank lets his hold go: the seat goes to Gina, not Erin.
      assert.equal(
        (
          await app.inject({
            method: 'POST',
            url: `/api/payment/bookings/${bookingIdOf(hold)}/cancel`,
            headers: { cookie: frank.cookie },
          })
        ).statusCode,
        200,
      );
      assert.equal((await entryOf(app, erin, eventId)).status, 'waiting');
      assert.equal((await entryOf(app, gina, eventId)).status, 'offered');
    });
  },
  { config: { seatsPerMember: 4 } },
);

const report = (app: FastifyInstance, member: Member, kind: string, id: string) =>
  app.inject({
    method: 'POST',
    url: `/api/community/report/${kind}/${id}`,
    headers: { cookie: member.cookie },
    payload: { reason: 'Not kind' },
  });
const storyStatus = async (app: FastifyInstance, id: string) =>
  (await app.db.selectFrom('stories').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

/** A member whose account is more than a week old: in good standing once confirmed. */
async function longStanding(app: FastifyInstance): Promise<Member> {
  const member = await createMember(app);
  await app.db
    .updateTable('users')
    .set({ created_at: new Date(Date.now() - 8 * 86_400_000) })
    .where('id', '=', member.id)
    .execute();
  return member;
}

describeEachDatabase(
  'reports flag a post; several members in good standing hide it',
  (ctx) => {
    it('fresh accounts flag a post for the staff but cannot take it down', async () => {
      const { app } = ctx();
      const author = await createMember(app);
      const admin = await createMember(app, { role: 'admin' });
      const story = json<{ data: { _id: string } }>(
        await app.inject({
          method: 'POST',
          url: `/api/story/add/${author.id}`,
          headers: { cookie: author.cookie },
          payload: { content: 'God kept us.' },
        }),
      ).data._id;
      assert.equal(await storyStatus(app, story), 'published');
      for (let i = 0; i < 4; i++) assert.equal((await report(app, await createMember(app), 'stories', story)).statusCode, 200);
      assert.equal(await storyStatus(app, story), 'published', 'new accounts flag, they do not hide');
      type Queue = { data: { stories: { _id: string; status: string; reports: unknown[] }[] } };
      const queued = json<Queue>(
        await app.inject({ url: '/api/moderation/pending', headers: { cookie: admin.cookie } }),
      ).data.stories.find((s) => s._id === story);
      assert.equal(queued?.status, 'published');
      assert.equal(queued?.reports.length, 4);
      // An unconfirmed account cannot report at all.
      const unconfirmed = await createMember(app, { verified: false });
      assert.equal((await report(app, unconfirmed, 'stories', story)).statusCode, 403);
    });

    it('three in good standing (a week old, or with a post on the site) hide it, the log says so; a staff post is never hidden', async () => {
      const { app } = ctx();
      const author = await createMember(app);
      const editor = await createMember(app, { role: 'editor' });
      const admin = await createMember(app, { role: 'admin' });
      const post = async (who: Member, content: string) =>
        json<{ data: { _id: string } }>(
          await app.inject({
            method: 'POST',
            url: `/api/story/add/${who.id}`,
            headers: { cookie: who.cookie },
            payload: { content },
          }),
        ).data._id;
      const story = await post(author, 'A story some dislike.');
      const staffStory = await post(editor, 'From the pastor.');
      const poster = await createMember(app);
      await post(poster, 'My own testimony.');
      const reporters = [await longStanding(app), await longStanding(app), poster];
      for (const [i, reporter] of reporters.entries()) {
        const res = await report(app, reporter, 'stories', story);
        assert.equal(json<{ data: { hidden: boolean } }>(res).data.hidden, i === 2);
        assert.equal((await report(app, reporter, 'stories', staffStory)).statusCode, 200);
      }
      assert.equal(await storyStatus(app, story), 'pending', 'hidden until the staff decide');
      assert.equal(await storyStatus(app, staffStory), 'published', "the staff's own posts are never hidden by reports");
      const log = json<{ data: { items: { action: string; summary: string }[] } }>(
        await app.inject({ url: '/api/admin/activity', headers: { cookie: admin.cookie } }),
      ).data.items;
      assert.ok(log.some((e) => e.action === 'reported' && /hidden until the staff decide/.test(e.summary)));
      assert.equal(
        log.filter((e) => e.action === 'reported' && /A story some dislike|From the pastor/.test(e.summary)).length,
        6,
      );
    });

    it('publishing names the version the moderator saw: a post changed since is not published unseen', async () => {
      const { app } = ctx();
      const author = await createMember(app);
      const admin = await createMember(app, { role: 'admin' });
      const story = json<{ data: { _id: string } }>(
        await app.inject({
          method: 'POST',
          url: `/api/story/add/${author.id}`,
          headers: { cookie: author.cookie },
          payload: { content: 'Kind words.' },
        }),
      ).data._id;
      for (const reporter of [await longStanding(app), await longStanding(app), await longStanding(app)])
        await report(app, reporter, 'stories', story);
      type Queue = { data: { stories: { _id: string; version: string; text: string }[] } };
      const seen = json<Queue>(
        await app.inject({ url: '/api/moderation/pending', headers: { cookie: admin.cookie } }),
      ).data.stories.find((s) => s._id === story)!;
      assert.equal(seen.text, 'Kind words.');
      // The author swaps the words while the moderator reads.
      const edited = await app.inject({
        method: 'PUT',
        url: `/api/community/mine/stories/${story}`,
        headers: { cookie: author.cookie },
        payload: { text: 'Spam, spam, spam: https://evil.example' },
      });
      assert.equal(edited.statusCode, 200, edited.body);
      const publish = (version?: string) =>
        app.inject({
          method: 'POST',
          url: `/api/moderation/stories/${story}/publish`,
          headers: { cookie: admin.cookie },
          payload: version === undefined ? {} : { version },
        });
      assert.equal((await publish()).statusCode, 400, 'a publish names what it approves');
      const stale = await publish(seen.version);
      assert.equal(stale.statusCode, 409);
      assert.equal(json<Err>(stale).error.code, 'post_changed');
      assert.equal(await storyStatus(app, story), 'pending');
      const fresh = json<Queue>(
        await app.inject({ url: '/api/moderation/pending', headers: { cookie: admin.cookie } }),
      ).data.stories.find((s) => s._id === story)!;
      assert.equal((await publish(fresh.version)).statusCode, 200);
      assert.equal(await storyStatus(app, story), 'published');
    });
  },
  { config: { moderation: false } },
);

describeEachDatabase('staff pages: image paths and the activity log', (ctx) => {
  it('an image path must name media the site has, never another same-origin address', async () => {
    const { app } = ctx();
    const editor = await createMember(app, { role: 'editor' });
    const article = (photo: string) =>
      app.inject({
        method: 'POST',
        url: '/api/admin/news',
        headers: { cookie: editor.cookie },
        payload: { title: 'Harvest', description: 'The harvest festival.', photo, date: '2026-05-01' },
      });
    for (const photo of ['/media/uploads/img-nobody-uploaded-10x10.jpg', '/media/not-a-sample.svg', '/media/../api/user/logout'])
      assert.equal((await article(photo)).statusCode, 400, photo);
    assert.equal((await article('/media/news-1.svg')).statusCode, 201);
    const event = (photo: string) =>
      app.inject({
        method: 'POST',
        url: '/api/admin/events',
        headers: { cookie: editor.cookie },
        payload: {
          title: 'Picnic',
          description: 'Bring a dish.',
          date: '2031-06-01',
          time: '12:00',
          durationMinutes: 120,
          place: 'address',
          churchId: null,
          address: '1 Park Road',
          photo,
          price: 20,
          seats: 20,
        },
      });
    for (const photo of ['/media/x/../../api/admin/members', '/media/uploads/img-gone-1x1.jpg'])
      assert.equal((await event(photo)).statusCode, 400, photo);
    assert.equal((await event('/media/event-1.svg')).statusCode, 201);
  });

  it('records door check-ins, CSV downloads and "stop posting"', async () => {
    const { app } = ctx();
    const admin = await createMember(app, { role: 'admin', firstname: 'Ada' });
    const member = await createMember(app, { firstname: 'Mary', lastname: 'Door' });
    const eventId = await createEvent(app, { seats: 10, title: 'Night of Worship' });
    const booking = bookingIdOf(await checkout(app, member, eventId, 2));
    assert.equal((await pay(app, member, booking)).statusCode, 303);
    const { ticket_token: token } = await app.db
      .selectFrom('bookings')
      .select('ticket_token')
      .where('id', '=', booking)
      .executeTakeFirstOrThrow();
    const as = { headers: { cookie: admin.cookie } };
    assert.equal(
      (await app.inject({ method: 'POST', url: `/api/admin/events/${eventId}/check-in`, ...as, payload: { code: token } }))
        .statusCode,
      200,
    );
    assert.equal((await app.inject({ url: `/api/admin/events/${eventId}/attendees.csv`, ...as })).statusCode, 200);
    assert.equal((await app.inject({ url: '/api/admin/donations.csv', ...as })).statusCode, 200);
    assert.equal(
      (
        await app.inject({
          method: 'POST',
          url: `/api/moderation/members/${member.id}/posting`,
          ...as,
          payload: { stopped: true },
        })
      ).statusCode,
      200,
    );
    const log = json<{ data: { items: { action: string; summary: string; actor: { name: string } }[] } }>(
      await app.inject({ url: '/api/admin/activity', ...as }),
    ).data.items;
    const find = (action: string, pattern: RegExp) => log.find((e) => e.action === action && pattern.test(e.summary));
    assert.ok(
      find('checked in', /Mary Door checked in at "Night of Worship" \(ticket 1 of 2, booking [0-9A-F]{8}\)/),
      JSON.stringify(log),
    );
    assert.ok(find('downloaded', /Attendees of "Night of Worship" downloaded \(1 booking\)/));
    assert.ok(find('downloaded', /Donations downloaded/));
    assert.ok(find('stopped from posting', /Mary Door stopped from posting/));
    assert.equal(find('checked in', /Mary Door/)!.actor.name, 'Ada Member');
  });
});
