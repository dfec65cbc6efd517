/**
 * Small groups: the finder (filters and pages), a group's page (never a
 * member's address), joining (a request its leaders accept or decline, the
 * member told by mail), leaving, the roster (leaders and staff only, with
 * the addresses members chose to share), group mails (limited per leader,
 * each with a link that stops that group's mails), the staff's side, and
 * an account's deletion and data export.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { loggedUrl } from '../src/lib/requestLog.js';
import { createMember, describeEachDatabase, json, limitsWith, mailsIn, plainMail, waitForMailTo } from './helpers.js';

type Member = Awaited<ReturnType<typeof createMember>>;
interface Group {
  _id: string;
  slug: string;
  name: string;
  kind: string;
  weekday: number;
  lifeStage: string;
  location: { _id: string; name: string } | null;
  memberCount: number;
  open: boolean;
  full: boolean;
  membership?: string | null;
  manages?: boolean;
  leaders: { firstname: string; lastname: string }[];
  meetingPlace?: string | null;
  distanceKm?: number | null;
}
interface Paged {
  data: Group[];
  paging: { page: number; pageSize: number; total: number; pages: number };
}
interface Mine {
  groups: (Group & { role: string; shareEmail: boolean; mail: boolean })[];
  myRequests: { _id: string; group: { _id: string } }[];
  toAnswer: { _id: string; group: { _id: string }; member: { firstname: string }; message: string }[];
}

describeEachDatabase(
  'small groups',
  (ctx) => {
    let staff: Member;
    let leader: Member;
    let ada: Member;
    let ben: Member;
    let group: Group;
    const app = (): FastifyInstance => ctx().app;
    const as = (who?: Member) => (who ? { cookie: who.cookie } : {});
    const finder = async (query = '') => json<Paged>(await app().inject({ url: `/api/groups${query}` }));
    const mine = async (who: Member) =>
      json<{ data: Mine }>(await app().inject({ url: '/api/groups/mine', headers: as(who) })).data;
    const join = (who: Member | undefined, id: string, payload: object = {}) =>
      app().inject({ method: 'POST', url: `/api/groups/${id}/join`, headers: as(who), payload });
    const decide = (who: Member, requestId: string, decision: 'accept' | 'decline', note?: string) =>
      app().inject({
        method: 'POST',
        url: `/api/groups/requests/${requestId}/${decision}`,
        headers: as(who),
        payload: note ? { note } : {},
      });
    const roster = (who: Member | undefined, id: string) => app().inject({ url: `/api/groups/${id}/roster`, headers: as(who) });
    const newGroup = (payload: object) =>
      app().inject({
        method: 'POST',
        url: '/api/admin/groups',
        headers: as(staff),
        payload: {
          kind: 'bible-study',
          lifeStage: 'everyone',
          meetingPlace: '12 Elm Street',
          weekday: 2,
          time: '19:00',
          frequency: 'weekly',
          open: true,
          ...payload,
        },
      });

    before(async () => {
      staff = await createMember(app(), { firstname: 'Grace', lastname: 'Staff', role: 'editor' });
      leader = await createMember(app(), { firstname: 'Lydia', lastname: 'Leader' });
      ada = await createMember(app(), { firstname: 'Ada', lastname: 'Joiner' });
      ben = await createMember(app(), { firstname: 'Ben', lastname: 'Second' });
      const created = await newGroup({
        name: 'Thursday Test Group',
        kind: 'prayer',
        weekday: 4,
        capacity: 2,
        description: 'We pray.',
      });
      assert.equal(created.statusCode, 201, created.body);
      group = json<{ data: Group }>(created).data;
      assert.equal(group.slug, 'thursday-test-group');
      const leaders = await app().inject({
        method: 'PUT',
        url: `/api/admin/groups/${group._id}/leaders`,
        headers: as(staff),
        payload: { emails: [leader.email.toUpperCase()] },
      });
      assert.equal(leaders.statusCode, 200, leaders.body);
    });

    it('the finder filters by kind, day, location and life stage, and pages', async () => {
      const all = await finder();
      assert.ok(all.paging.total >= 11, `${all.paging.total} groups`);
      assert.equal(all.data.length, 9);
      assert.equal(all.paging.pages, Math.ceil(all.paging.total / 9));
      const second = await finder('?page=2');
      assert.equal(second.data.length, all.paging.total - 9);
      assert.ok(!second.data.some((g) => all.data.some((f) => f._id === g._id)), 'pages do not overlap');
      // Open groups come first.
      assert.ok(all.data[0]!.open);

      const prayer = await finder('?kind=prayer');
      assert.ok(prayer.data.length >= 2 && prayer.data.every((g) => g.kind === 'prayer'));
      const thursdays = await finder('?day=4');
      assert.ok(thursdays.data.some((g) => g._id === group._id) && thursdays.data.every((g) => g.weekday === 4));
      const both = await finder('?kind=prayer&day=4');
      assert.deepEqual(
        both.data.map((g) => g._id),
        [group._id],
      );
      const seniors = await finder('?stage=seniors');
      assert.ok(seniors.data.length >= 1 && seniors.data.every((g) => g.lifeStage === 'seniors'));
      const someLocation = all.data.find((g) => g.location)!.location!;
      const there = await finder(`?location=${someLocation._id}`);
      assert.ok(there.data.length >= 1 && there.data.every((g) => g.location?._id === someLocation._id));
      assert.equal((await finder('?kind=nothing-like-it')).paging.total, 0);
      assert.equal((await app().inject({ url: '/api/groups?day=9' })).statusCode, 400);
      assert.equal((await app().inject({ url: '/api/groups?location=nope' })).statusCode, 400);
    });

    it('near me: nearest first with the distance, groups without coordinates last; a bad position is a clear 400', async () => {
      // Beside the Baltimore location (the others are in Wilmington, about 100 km, and Philadelphia, about 150 km).
      const near = await finder('?near=39.2904,-76.6122&limit=50');
      assert.equal(near.paging.total, (await finder()).paging.total);
      const distances = near.data.map((g) => g.distanceKm);
      const known = distances.filter((d): d is number => typeof d === 'number');
      assert.ok(known.length >= 3, 'several groups meet at a location');
      assert.deepEqual(distances.slice(0, known.length), known, 'the groups without coordinates come last');
      assert.ok(
        distances.slice(known.length).every((d) => d === null),
        'the others say they have none',
      );
      assert.deepEqual(
        known,
        [...known].sort((a, b) => a - b),
        'nearest first',
      );
      const first = near.data[0]!;
      assert.match(first.location!.name, /Baltimore/);
      assert.ok(first.distanceKm! < 1, `${first.distanceKm} km`);
      const wilmington = near.data.find((g) => g.location?.name === 'Luminaries Wilmington East' && !g.meetingPlace)!;
      assert.ok(wilmington.distanceKm! > 90 && wilmington.distanceKm! < 110, `${wilmington.distanceKm} km`);
      // Groups at a meeting place of their own (like the one made here) have no coordinates.
      assert.equal(near.data.find((g) => g._id === group._id)!.distanceKm, null);
      // Filters and pages still apply; without `near` there is no distance.
      const prayer = await finder('?kind=prayer&near=39.2904,-76.6122');
      assert.ok(prayer.data.length >= 2 && prayer.data.every((g) => g.kind === 'prayer'));
      assert.equal((await finder()).data[0]!.distanceKm, undefined);
      const paged = await finder('?near=39.9502,-75.1455&page=2');
      assert.equal(paged.paging.page, 2);

      for (const bad of ['abc', '91,0', '0,181', '-90.5,10', '39.29', '1,2,3', '', '39.2904;-76.6122', '1e2,3', 'NaN,NaN']) {
        const res = await app().inject({ url: `/api/groups?near=${encodeURIComponent(bad)}` });
        assert.equal(res.statusCode, 400, `near=${bad}`);
        assert.match(json<{ error: { message: string } }>(res).error.message, /near must be a latitude and a longitude/);
      }
      assert.equal((await app().inject({ url: '/api/groups?near=-90,180' })).statusCode, 200);
      assert.equal((await app().inject({ url: '/api/groups?near=0,0' })).statusCode, 200);

      // The request log keeps the address without the position.
      assert.equal(
        loggedUrl('/api/groups?kind=prayer&near=39.29,-76.61&page=2'),
        '/api/groups?kind=prayer&near=[redacted]&page=2',
      );
      assert.equal(loggedUrl('/api/groups?n%65ar=39.29%2C-76.61'), '/api/groups?n%65ar=[redacted]');
      assert.equal(loggedUrl('/api/groups?day=2'), '/api/groups?day=2');
    });

    it("a group's page names its leaders but never anyone's address, and says where the viewer stands", async () => {
      const visitor = await app().inject({ url: `/api/groups/${group.slug}` });
      assert.equal(visitor.statusCode, 200);
      assert.ok(!visitor.body.includes('@'), 'no address in the answer');
      const seen = json<{ data: Group }>(visitor).data;
      assert.deepEqual(seen.leaders, [{ firstname: 'Lydia', lastname: 'Leader' }]);
      assert.equal(seen.membership, null);
      assert.equal(seen.manages, false);
      const asLeader = json<{ data: Group }>(await app().inject({ url: `/api/groups/${group.slug}`, headers: as(leader) })).data;
      assert.deepEqual([asLeader.membership, asLeader.manages], ['leader', true]);
      assert.ok(!JSON.stringify(await finder()).includes('@'), 'no address in the finder');
      assert.equal((await app().inject({ url: '/api/groups/no-such-group' })).statusCode, 404);
    });

    it('joining: a request the leaders are told of, accept with a note, decline, leave', async () => {
      assert.equal((await join(undefined, group._id, { message: 'Hi' })).statusCode, 401);
      const asked = await join(ada, group._id, { message: 'I would love to pray with you.', shareEmail: true });
      assert.equal(asked.statusCode, 201, asked.body);
      const toLeader = await waitForMailTo(ctx().app.config.dataDir, leader.email, /asks to join Thursday Test Group/);
      assert.match(toLeader, /I would love to pray with you\./);
      assert.match(toLeader, /\/my-groups/);
      assert.equal((await join(ada, group._id)).statusCode, 409, 'one request at a time');
      assert.equal((await join(ben, group._id, { message: 'Me too' })).statusCode, 201);
      assert.equal(
        json<{ data: Group }>(await app().inject({ url: `/api/groups/${group.slug}`, headers: as(ada) })).data.membership,
        'pending',
      );

      const leaderView = await mine(leader);
      const request = leaderView.toAnswer.find((r) => r.member.firstname === 'Ada')!;
      assert.equal(request.member.firstname, 'Ada');
      assert.equal(request.message, 'I would love to pray with you.');
      assert.equal((await mine(ada)).myRequests.length, 1);

      // Only its leaders (or staff) answer.
      assert.equal((await decide(ben, request._id, 'accept')).statusCode, 403);
      const accepted = await decide(leader, request._id, 'accept', 'See you Thursday!');
      assert.equal(accepted.statusCode, 200, accepted.body);
      const welcome = await waitForMailTo(ctx().app.config.dataDir, ada.email, /Welcome to Thursday Test Group/);
      assert.match(welcome, /See you Thursday!/);
      assert.equal((await decide(leader, request._id, 'decline')).statusCode, 409, 'answered once');
      const adaGroups = await mine(ada);
      assert.deepEqual(
        adaGroups.groups.map((g) => [g.name, g.role, g.shareEmail]),
        [['Thursday Test Group', 'member', true]],
      );
      assert.equal(adaGroups.myRequests.length, 0);
      assert.equal((await join(ada, group._id)).statusCode, 409, 'already in it');

      // Ben is declined, with a note.
      const benRequest = (await mine(leader)).toAnswer.find((r) => r.member.firstname === 'Ben')!;
      assert.equal(
        (await decide(leader, benRequest._id, 'decline', 'We are full for now, try the Tuesday study.')).statusCode,
        200,
      );
      const declined = await waitForMailTo(ctx().app.config.dataDir, ben.email, /About your request to join Thursday Test Group/);
      assert.match(declined, /try the Tuesday study/);
      assert.equal((await mine(ben)).groups.length, 0);

      // The group is full at two (Lydia and Ada): nobody else may ask.
      const full = json<{ data: Group }>(await app().inject({ url: `/api/groups/${group.slug}` })).data;
      assert.deepEqual([full.memberCount, full.full], [2, true]);
      assert.equal((await join(ben, group._id)).statusCode, 409);

      // Ada leaves; the group has room again.
      const left = await app().inject({ method: 'DELETE', url: `/api/groups/${group._id}/membership`, headers: as(ada) });
      assert.equal(left.statusCode, 200);
      assert.equal((await mine(ada)).groups.length, 0);
      assert.equal(
        (await app().inject({ method: 'DELETE', url: `/api/groups/${group._id}/membership`, headers: as(ada) })).statusCode,
        404,
      );
      assert.equal(json<{ data: Group }>(await app().inject({ url: `/api/groups/${group.slug}` })).data.full, false);
    });

    it('a closed group takes no requests', async () => {
      const closed = json<{ data: Group }>(await newGroup({ name: 'Closed Circle', open: false })).data;
      const refused = await join(ben, closed._id, { message: 'Please?' });
      assert.equal(refused.statusCode, 409);
      assert.match(json<{ error: { message: string } }>(refused).error.message, /not taking new members/);
    });

    it('the roster: leaders and staff only, with the addresses members chose to share', async () => {
      const g = json<{ data: Group }>(await newGroup({ name: 'Roster Group' })).data;
      await app().inject({
        method: 'PUT',
        url: `/api/admin/groups/${g._id}/leaders`,
        headers: as(staff),
        payload: { emails: [leader.email] },
      });
      for (const [who, shareEmail] of [
        [ada, true],
        [ben, false],
      ] as const) {
        assert.equal((await join(who, g._id, { shareEmail })).statusCode, 201);
      }
      for (const r of (await mine(leader)).toAnswer.filter((r) => r.group._id === g._id))
        assert.equal((await decide(leader, r._id, 'accept')).statusCode, 200);

      assert.equal((await roster(undefined, g._id)).statusCode, 401);
      assert.equal((await roster(ada, g._id)).statusCode, 403, 'a member does not see the roster');
      for (const viewer of [leader, staff]) {
        const list = json<{ data: { firstname: string; role: string; email: string | null }[] }>(
          await roster(viewer, g._id),
        ).data;
        assert.deepEqual(
          list.map((p) => [p.firstname, p.role, p.email]),
          [
            ['Lydia', 'leader', leader.email],
            ['Ada', 'member', ada.email],
            ['Ben', 'member', null],
          ],
        );
      }
      // Ben changes his mind: his address shows from then on.
      const share = await app().inject({
        method: 'PUT',
        url: `/api/groups/${g._id}/membership`,
        headers: as(ben),
        payload: { shareEmail: true },
      });
      assert.deepEqual(json(share), { data: { shareEmail: true, mail: true } });
      const list = json<{ data: { firstname: string; email: string | null }[] }>(await roster(leader, g._id)).data;
      assert.equal(list.find((p) => p.firstname === 'Ben')!.email, ben.email);

      // The staff see the requests waiting, and take someone off the roster.
      const cy = await createMember(app(), { firstname: 'Cy', lastname: 'Waiting' });
      assert.equal((await join(cy, g._id, { message: 'Room for one more?' })).statusCode, 201);
      const waiting = json<{ data: { _id: string; member: { firstname: string }; message: string }[] }>(
        await app().inject({ url: `/api/admin/groups/${g._id}/requests`, headers: as(staff) }),
      ).data;
      assert.deepEqual(
        waiting.map((r) => [r.member.firstname, r.message]),
        [['Cy', 'Room for one more?']],
      );
      assert.equal((await app().inject({ url: `/api/admin/groups/${g._id}/requests`, headers: as(leader) })).statusCode, 403);
      assert.equal((await decide(staff, waiting[0]!._id, 'decline')).statusCode, 200, 'the staff answer too');
      const removeCy = () =>
        app().inject({ method: 'DELETE', url: `/api/admin/groups/${g._id}/members/${cy.id}`, headers: as(staff) });
      assert.equal((await removeCy()).statusCode, 404, 'Cy was never in it');

      // The staff's CSV has the shared addresses only.
      const csv = await app().inject({ url: `/api/admin/groups/rosters.csv?group=${g._id}`, headers: as(staff) });
      assert.equal(csv.statusCode, 200);
      assert.match(csv.headers['content-type'] as string, /text\/csv/);
      assert.ok(csv.body.includes(`"Roster Group","Ada","Joiner","member","${ada.email}"`), csv.body);
      assert.equal((await app().inject({ url: '/api/admin/groups/rosters.csv', headers: as(leader) })).statusCode, 403);
      const removeBen = await app().inject({
        method: 'DELETE',
        url: `/api/admin/groups/${g._id}/members/${ben.id}`,
        headers: as(staff),
      });
      assert.equal(removeBen.statusCode, 200);
      assert.ok(!json<{ data: { firstname: string }[] }>(await roster(leader, g._id)).data.some((p) => p.firstname === 'Ben'));
    });

    it('deleting an account takes the member off every roster; the data export lists their groups', async () => {
      const g = json<{ data: Group }>(await newGroup({ name: 'Farewell Group' })).data;
      const leaving = await createMember(app(), { firstname: 'Gone', lastname: 'Soon' });
      await app().inject({
        method: 'PUT',
        url: `/api/admin/groups/${g._id}/leaders`,
        headers: as(staff),
        payload: { emails: [leaving.email] },
      });
      const exported = await app().inject({ url: '/api/user/export', headers: as(leaving) });
      assert.equal(exported.statusCode, 200);
      const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(exported.rawPayload))['data.json']!)) as {
        groups: { group: { name: string }; role: string }[];
      };
      assert.deepEqual(
        data.groups.map((x) => [x.group.name, x.role]),
        [['Farewell Group', 'leader']],
      );
      const deleted = await app().inject({
        method: 'DELETE',
        url: '/api/user/me',
        headers: as(leaving),
        payload: { password: leaving.password, posts: 'delete' },
      });
      assert.equal(deleted.statusCode, 200, deleted.body);
      const list = json<{ data: { firstname: string }[] }>(await roster(staff, g._id)).data;
      assert.deepEqual(list, []);
      assert.equal(json<{ data: Group }>(await app().inject({ url: `/api/groups/${g.slug}` })).data.memberCount, 0);
    });

    it('the staff edit and delete groups; bad input is refused under its field; members may not', async () => {
      assert.equal((await app().inject({ url: '/api/admin/groups', headers: as(leader) })).statusCode, 403);
      const missing = await newGroup({ name: 'Nowhere', meetingPlace: '' });
      assert.equal(missing.statusCode, 400);
      assert.ok(json<{ error: { fields: Record<string, string> } }>(missing).error.fields.meetingPlace);
      assert.equal((await newGroup({ name: 'Bad time', time: '25:00' })).statusCode, 400);
      assert.equal(
        (
          await app().inject({
            method: 'PUT',
            url: `/api/admin/groups/${group._id}/leaders`,
            headers: as(staff),
            payload: { emails: ['nobody@example.org'] },
          })
        ).statusCode,
        400,
      );
      const twin = json<{ data: Group }>(await newGroup({ name: 'Thursday Test Group' })).data;
      assert.equal(twin.slug, 'thursday-test-group-2');
      const edited = await app().inject({
        method: 'PUT',
        url: `/api/admin/groups/${twin._id}`,
        headers: as(staff),
        payload: {
          name: 'Renamed',
          kind: 'men',
          lifeStage: 'seniors',
          meetingPlace: 'Hall',
          weekday: 1,
          time: '08:00',
          frequency: 'monthly',
          open: false,
        },
      });
      assert.equal(edited.statusCode, 200, edited.body);
      assert.deepEqual([json<{ data: Group }>(edited).data.name, json<{ data: Group }>(edited).data.kind], ['Renamed', 'men']);
      assert.equal(
        (await app().inject({ method: 'DELETE', url: `/api/admin/groups/${twin._id}`, headers: as(staff) })).statusCode,
        200,
      );
      assert.equal((await app().inject({ url: `/api/groups/${twin.slug}` })).statusCode, 404);
    });

    it('a leader mails the group: members who opted out are skipped, each mail stops that group’s mails, limited per day', async () => {
      const g = json<{ data: Group }>(await newGroup({ name: 'Mail Group' })).data;
      await app().inject({
        method: 'PUT',
        url: `/api/admin/groups/${g._id}/leaders`,
        headers: as(staff),
        payload: { emails: [leader.email] },
      });
      for (const who of [ada, ben]) await join(who, g._id);
      for (const r of (await mine(leader)).toAnswer.filter((r) => r.group._id === g._id)) await decide(leader, r._id, 'accept');
      const send = (who: Member, subject: string) =>
        app().inject({
          method: 'POST',
          url: `/api/groups/${g._id}/mail`,
          headers: as(who),
          payload: { subject, text: 'We meet at 7 this week.' },
        });
      assert.equal((await send(ada, 'Not a leader')).statusCode, 403);
      const first = await send(leader, 'This week');
      assert.equal(first.statusCode, 200, first.body);
      assert.deepEqual(json(first), { data: { sent: 2 } });
      const toAda = await waitForMailTo(ctx().app.config.dataDir, ada.email, /\[Mail Group\] This week/);
      assert.match(toAda, /We meet at 7 this week\./);
      assert.match(toAda, /You receive this because you are a member of Mail Group/);
      const token = /\/groups\/mail-off\/([A-Za-z0-9_-]+)/.exec(toAda)![1]!;

      // Ada stops the group's mails from the link, without signing in.
      const off = await app().inject({ method: 'POST', url: '/api/groups/mail-off', payload: { token } });
      assert.deepEqual(json(off), { data: { group: 'Mail Group' } });
      assert.equal(
        (await app().inject({ method: 'POST', url: '/api/groups/mail-off', payload: { token: 'x'.repeat(32) } })).statusCode,
        404,
      );
      const before = mailsIn(ctx().app.config.dataDir).length;
      assert.deepEqual(json(await send(leader, 'Second')), { data: { sent: 1 } });
      await waitForMailTo(ctx().app.config.dataDir, ben.email, /\[Mail Group\] Second/);
      const after = mailsIn(ctx().app.config.dataDir).slice(before).map(plainMail);
      assert.ok(!after.some((m) => m.includes(`To: ${ada.email}`)), 'Ada is not mailed again');

      // The limit (2 a day in this suite) holds the leader to it.
      const third = await send(leader, 'Third');
      assert.equal(third.statusCode, 429);
      assert.match(json<{ error: { message: string } }>(third).error.message, /most group e-mails for today/);
    });

    it('join requests are limited per member', async () => {
      const limited = await createMember(app(), { firstname: 'Eager' });
      const groups = (await finder('?limit=20')).data.filter((g) => g.open && !g.full);
      const codes: number[] = [];
      for (const g of groups.slice(0, 7)) codes.push((await join(limited, g._id)).statusCode);
      assert.deepEqual(codes, [201, 201, 201, 201, 201, 201, 429]);
    });
  },
  { config: { limits: limitsWith({ groupMailsPerAccount: 2, groupJoinsPerAccount: 6 }) } },
);
