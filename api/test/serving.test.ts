/**
 * Serving on a volunteer team: staff set up teams, positions and slots; a
 * member signs up (never past a slot's places, even two at once for the
 * last one, nor on a blockout day, nor past their own limit) and cancels
 * until the cut-off; the reminder the day before goes out once however many
 * processes run the job; the member's calendar sits at a secret address;
 * only a team's leaders and the staff see its roster; an account deleted
 * takes its sign-ups and blockouts with it.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { inSiteTimeZone } from '@ministry/shared/format';
import { buildApp } from '../src/app.js';
import { siteDay } from '../src/lib/schedule.js';
import { browserLike, createMember, describeEachDatabase, json, limitsWith, mailsIn, plainMail, testConfig } from './helpers.js';

type Member = Awaited<ReturnType<typeof createMember>>;
type Team = { _id: string; name: string; positions: { _id: string; name: string }[]; slots: Slot[] };
type Slot = { _id: string; startsAt: string; day: string; needed: number; filled: number; position: { name: string } };
type RosterDay = {
  day: string;
  slots: { _id: string; needed: number; people: { _id: string; name: string; email: string }[] }[];
  blockedOut: { _id: string; name: string; teams: string[] }[];
};

const HOUR = 3_600_000;

describeEachDatabase(
  'serving',
  (ctx) => {
    let staff: Member;
    let leader: Member;
    let teamId: string;
    let otherTeamId: string;
    let positionId: string;
    let otherPositionId: string;

    const call = (app: FastifyInstance, who: Member | null, method: string, url: string, payload?: object) =>
      app.inject({
        method: method as 'GET',
        url,
        headers: who ? { cookie: who.cookie } : {},
        ...(payload ? { payload } : {}),
      });

    /** A slot `hoursAhead` from now (on the site's clock, to the minute), `needed` places. */
    const slotIn = (hoursAhead: number, needed = 2, team = teamId, position = positionId): Promise<string> =>
      slotAt(new Date(ctx().app.clock.now().getTime() + hoursAhead * HOUR), needed, team, position);

    async function slotAt(when: Date, needed = 2, team = teamId, position = positionId): Promise<string> {
      const at = inSiteTimeZone(when);
      const res = await call(ctx().app, staff, 'POST', '/api/admin/serving/slots', {
        teamId: team,
        positionId: position,
        churchId: null,
        date: at.format('YYYY-MM-DD'),
        time: at.format('HH:mm'),
        needed,
      });
      assert.equal(res.statusCode, 201, res.body);
      return json<{ data: { _id: string } }>(res).data._id;
    }

    const signUp = (who: Member, slot: string) => call(ctx().app, who, 'POST', `/api/serving/slots/${slot}/signup`);

    it('lists the sample teams with their slots ahead for everyone', async () => {
      const { app } = ctx();
      const res = await app.inject({ method: 'GET', url: '/api/serving' });
      assert.equal(res.statusCode, 200);
      const teams = json<{ data: Team[] }>(res).data;
      const greeters = teams.find((t) => t.name === 'Greeters');
      assert.ok(greeters && greeters.slots.length > 0, 'the seeded greeters have slots');
      assert.ok(greeters.slots.every((s) => new Date(s.startsAt).getTime() > Date.now()));
      assert.ok(greeters.slots.every((s) => s.day === siteDay(s.startsAt)));
      // The sample slots are at 8:30 and 10:30 on the site's clock, whatever the server's zone.
      assert.deepEqual([...new Set(greeters.slots.map((s) => inSiteTimeZone(s.startsAt).format('HH:mm')))].sort(), [
        '08:30',
        '10:30',
      ]);
    });

    it('lets only the staff set up teams, positions, leaders and slots', async () => {
      const { app } = ctx();
      staff = await createMember(app, { role: 'editor', firstname: 'Stella' });
      leader = await createMember(app, { firstname: 'Lydia', lastname: 'Leader' });
      const member = await createMember(app);

      assert.equal((await call(app, null, 'POST', '/api/admin/serving/teams', { name: 'Media' })).statusCode, 401);
      assert.equal((await call(app, member, 'POST', '/api/admin/serving/teams', { name: 'Media' })).statusCode, 403);
      const made = await call(app, staff, 'POST', '/api/admin/serving/teams', { name: 'Media', description: 'Sound and slides' });
      assert.equal(made.statusCode, 201, made.body);
      teamId = json<{ data: { _id: string } }>(made).data._id;
      assert.equal((await call(app, staff, 'POST', '/api/admin/serving/teams', { name: 'media' })).statusCode, 409);
      assert.equal((await call(app, staff, 'POST', '/api/admin/serving/teams', { name: '   ' })).statusCode, 400);

      const position = await call(app, staff, 'POST', `/api/admin/serving/teams/${teamId}/positions`, { name: 'Sound desk' });
      assert.equal(position.statusCode, 201, position.body);
      positionId = json<{ data: { _id: string } }>(position).data._id;

      const other = await call(app, staff, 'POST', '/api/admin/serving/teams', { name: 'Parking' });
      otherTeamId = json<{ data: { _id: string } }>(other).data._id;
      otherPositionId = json<{ data: { _id: string } }>(
        await call(app, staff, 'POST', `/api/admin/serving/teams/${otherTeamId}/positions`, { name: 'Attendant' }),
      ).data._id;

      // A position of another team, a date that does not exist, a time passed: clear refusals.
      const base = { teamId, positionId, churchId: null, date: '2030-01-06', time: '08:30', needed: 3 };
      assert.equal(
        (await call(app, staff, 'POST', '/api/admin/serving/slots', { ...base, positionId: otherPositionId })).statusCode,
        400,
      );
      const bad = await call(app, staff, 'POST', '/api/admin/serving/slots', { ...base, date: '2030-02-30' });
      assert.equal(bad.statusCode, 400);
      assert.match(json<{ error: { message: string } }>(bad).error.message, /date/i);
      assert.equal((await call(app, staff, 'POST', '/api/admin/serving/slots', { ...base, date: '2020-01-05' })).statusCode, 400);
      assert.equal((await call(app, staff, 'POST', '/api/admin/serving/slots', { ...base, needed: 0 })).statusCode, 400);
      assert.equal((await call(app, member, 'POST', '/api/admin/serving/slots', base)).statusCode, 403);

      const slot = await call(app, staff, 'POST', '/api/admin/serving/slots', base);
      assert.equal(slot.statusCode, 201, slot.body);
      // 8:30 on 6 January 2030 in New York is 13:30 UTC.
      const row = await app.db
        .selectFrom('serving_slots')
        .select('starts_at')
        .where('id', '=', json<{ data: { _id: string } }>(slot).data._id)
        .executeTakeFirstOrThrow();
      assert.equal(new Date(row.starts_at).toISOString(), '2030-01-06T13:30:00.000Z');

      assert.equal(
        (await call(app, member, 'POST', `/api/admin/serving/teams/${teamId}/leaders`, { email: leader.email })).statusCode,
        403,
      );
      assert.equal(
        (await call(app, staff, 'POST', `/api/admin/serving/teams/${teamId}/leaders`, { email: 'nobody@example.org' }))
          .statusCode,
        400,
      );
      assert.equal(
        (await call(app, staff, 'POST', `/api/admin/serving/teams/${teamId}/leaders`, { email: leader.email })).statusCode,
        200,
      );
    });

    it('keeps to the places of a slot, even for two sign-ups at once for the last one', async () => {
      const { app } = ctx();
      const slot = await slotIn(72, 2);
      const [a, b, c] = [await createMember(app), await createMember(app), await createMember(app)];
      assert.equal((await call(app, null, 'POST', `/api/serving/slots/${slot}/signup`)).statusCode, 401);
      assert.equal((await signUp(a, slot)).statusCode, 201);
      assert.equal((await signUp(a, slot)).statusCode, 200, 'signing up again is no second place');
      const [first, second] = await Promise.all([signUp(b, slot), signUp(c, slot)]);
      assert.deepEqual([first.statusCode, second.statusCode].sort(), [201, 409]);
      const refused = first.statusCode === 409 ? first : second;
      assert.match(json<{ error: { message: string } }>(refused).error.message, /full/);
      const { n } = await app.db
        .selectFrom('serving_signups')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('slot_id', '=', slot)
        .executeTakeFirstOrThrow();
      assert.equal(Number(n), 2);

      // Many at once for one place: one gets it.
      const last = await slotIn(80, 1);
      const crowd = await Promise.all(Array.from({ length: 5 }, () => createMember(app)));
      const answers = await Promise.all(crowd.map((m) => signUp(m, last)));
      assert.equal(answers.filter((r) => r.statusCode === 201).length, 1);
      assert.equal(answers.filter((r) => r.statusCode === 409).length, 4);
      const listed = json<{ data: Team[] }>(await app.inject({ method: 'GET', url: '/api/serving' })).data;
      const media = listed.find((t) => t._id === teamId)!;
      assert.equal(media.slots.find((s) => s._id === last)?.filled, 1, 'the public list shows the place taken');
    });

    it('lets a member cancel until the cut-off, not after', async () => {
      const { app } = ctx();
      const me = await createMember(app);
      const later = await slotIn(30, 3);
      const soon = await slotIn(10, 3);
      assert.equal((await signUp(me, later)).statusCode, 201);
      assert.equal((await signUp(me, soon)).statusCode, 201);
      const mine = json<{ data: { slots: { _id: string; cancelUntil: string }[]; cancelHours: number } }>(
        await call(app, me, 'GET', '/api/serving/mine'),
      ).data;
      assert.equal(mine.cancelHours, 24);
      assert.deepEqual(
        mine.slots.map((s) => s._id),
        [soon, later],
      );
      const tooLate = await call(app, me, 'DELETE', `/api/serving/slots/${soon}/signup`);
      assert.equal(tooLate.statusCode, 409);
      assert.match(json<{ error: { message: string } }>(tooLate).error.message, /24 hours before/);
      assert.equal((await call(app, me, 'DELETE', `/api/serving/slots/${later}/signup`)).statusCode, 200);
      assert.equal((await call(app, me, 'DELETE', `/api/serving/slots/${later}/signup`)).statusCode, 404);
      // A slot that has begun takes no sign-ups.
      const begun = await slotIn(1, 2);
      app.clock.setNow(new Date(Date.now() + 2 * HOUR));
      try {
        assert.equal((await signUp(me, begun)).statusCode, 409);
      } finally {
        app.clock.setNow(new Date());
      }
    });

    it('refuses sign-ups on a blockout day, and blockouts on a day one serves', async () => {
      const { app } = ctx();
      const me = await createMember(app, { firstname: 'Blocked', lastname: 'Out' });
      const slot = await slotIn(24 * 9, 3);
      const day = siteDay(
        json<{ data: Team[] }>(await app.inject({ method: 'GET', url: '/api/serving' }))
          .data.find((t) => t._id === teamId)!
          .slots.find((s) => s._id === slot)!.startsAt,
      );
      assert.equal((await call(app, me, 'PUT', '/api/serving/blockouts/2020-01-01')).statusCode, 400);
      assert.equal((await call(app, me, 'PUT', '/api/serving/blockouts/2030-02-30')).statusCode, 400);
      assert.equal((await call(app, me, 'PUT', '/api/serving/blockouts/tomorrow')).statusCode, 400);
      assert.equal((await call(app, me, 'PUT', `/api/serving/blockouts/${day}`)).statusCode, 200);
      const refused = await signUp(me, slot);
      assert.equal(refused.statusCode, 409);
      assert.match(json<{ error: { message: string } }>(refused).error.message, /cannot serve/);
      // Nor may a leader put them on it.
      const byLeader = await call(app, leader, 'POST', `/api/admin/serving/slots/${slot}/people`, { email: me.email });
      assert.equal(byLeader.statusCode, 409);
      const mine = json<{ data: { blockouts: string[] } }>(await call(app, me, 'GET', '/api/serving/mine')).data;
      assert.deepEqual(mine.blockouts, [day]);

      assert.equal((await call(app, me, 'DELETE', `/api/serving/blockouts/${day}`)).statusCode, 200);
      assert.equal((await signUp(me, slot)).statusCode, 201);
      const clash = await call(app, me, 'PUT', `/api/serving/blockouts/${day}`);
      assert.equal(clash.statusCode, 409);
      assert.match(json<{ error: { message: string } }>(clash).error.message, /signed up to serve/);
    });

    it('holds each member to their slots ahead and their changes an hour', async () => {
      const { app } = ctx();
      const me = await createMember(app);
      const slots = [];
      for (let i = 0; i < 4; i++) slots.push(await slotIn(100 + i, 5));
      for (const slot of slots.slice(0, 3)) assert.equal((await signUp(me, slot)).statusCode, 201);
      const fourth = await signUp(me, slots[3]!);
      assert.equal(fourth.statusCode, 409);
      assert.match(json<{ error: { message: string } }>(fourth).error.message, /3 slots ahead/);
      // A leader may still put them on it: the limit is on what one asks for oneself.
      assert.equal(
        (await call(app, leader, 'POST', `/api/admin/serving/slots/${slots[3]}/people`, { email: me.email })).statusCode,
        201,
      );

      const busy = await createMember(app);
      const day = inSiteTimeZone(new Date(Date.now() + 40 * 86_400_000)).format('YYYY-MM-DD');
      const answers: number[] = [];
      for (let i = 0; i < 25; i++)
        answers.push((await call(app, busy, i % 2 ? 'DELETE' : 'PUT', `/api/serving/blockouts/${day}`)).statusCode);
      assert.ok(answers.slice(0, 20).every((s) => s === 200));
      assert.ok(answers.slice(20).every((s) => s === 429));
      // Someone else is not held up by it.
      assert.equal((await call(app, me, 'PUT', `/api/serving/blockouts/${day}`)).statusCode, 200);
    });

    it('shows the roster only to the team’s leaders and the staff; leaders fill and clear places; CSV export', async () => {
      const { app } = ctx();
      const member = await createMember(app);
      const helper = await createMember(app, { firstname: 'Helper', lastname: 'One' });
      const away = await createMember(app, { firstname: 'Away', lastname: 'Person' });
      const from = inSiteTimeZone(new Date(Date.now() + 60 * 86_400_000)).format('YYYY-MM-DD');
      // The exact minute, not hours from now: a fraction of an hour can round to 09:14:59.999.
      const at = inSiteTimeZone(`${from}T09:15`).toDate();
      const slot = await slotAt(at, 3);
      const otherSlot = await slotAt(at, 1, otherTeamId, otherPositionId);

      assert.equal((await call(app, null, 'GET', `/api/admin/serving/roster?from=${from}`)).statusCode, 401);
      assert.equal((await call(app, member, 'GET', `/api/admin/serving/roster?from=${from}`)).statusCode, 403);
      assert.equal((await call(app, member, 'GET', `/api/admin/serving/roster.csv?from=${from}`)).statusCode, 403);
      assert.equal(
        (await call(app, member, 'POST', `/api/admin/serving/slots/${slot}/people`, { email: helper.email })).statusCode,
        403,
      );
      // A leader of one team does not run another's.
      assert.equal(
        (await call(app, leader, 'POST', `/api/admin/serving/slots/${otherSlot}/people`, { email: helper.email })).statusCode,
        403,
      );
      assert.equal(
        (await call(app, leader, 'GET', `/api/admin/serving/roster?from=${from}&team=${otherTeamId}`)).statusCode,
        404,
      );

      const filled = await call(app, leader, 'POST', `/api/admin/serving/slots/${slot}/people`, {
        email: helper.email.toUpperCase(),
      });
      assert.equal(filled.statusCode, 201, filled.body);
      // Away served on the team before, and cannot on that day.
      const earlier = await slotIn(5 * 24, 4);
      assert.equal((await signUp(away, earlier)).statusCode, 201);
      assert.equal((await call(app, away, 'PUT', `/api/serving/blockouts/${from}`)).statusCode, 200);

      const led = json<{ data: RosterDay[] }>(
        await call(app, leader, 'GET', `/api/admin/serving/roster?from=${from}&days=1`),
      ).data;
      assert.equal(led.length, 1);
      assert.equal(led[0]!.day, from);
      assert.deepEqual(
        led[0]!.slots.map((s) => s._id),
        [slot],
        'the leader sees their team only',
      );
      assert.deepEqual(
        led[0]!.slots[0]!.people.map((p) => [p.name, p.email]),
        [['Helper One', helper.email]],
      );
      assert.deepEqual(
        led[0]!.blockedOut.map((b) => [b.name, b.teams]),
        [['Away Person', ['Media']]],
      );
      const all = json<{ data: RosterDay[] }>(
        await call(app, staff, 'GET', `/api/admin/serving/roster?from=${from}&days=1`),
      ).data;
      assert.deepEqual(all[0]!.slots.map((s) => s._id).sort(), [slot, otherSlot].sort());
      // The leader's overview holds their team alone; the staff's, every team.
      const overview = json<{ data: { staff: boolean; teams: { _id: string }[] } }>(
        await call(app, leader, 'GET', '/api/admin/serving'),
      ).data;
      assert.equal(overview.staff, false);
      assert.deepEqual(
        overview.teams.map((t) => t._id),
        [teamId],
      );
      // A member who leads no team is refused, as every /api/admin call is (the page then says what it is for).
      assert.equal((await call(app, member, 'GET', '/api/admin/serving')).statusCode, 403);

      const csv = await call(app, leader, 'GET', `/api/admin/serving/roster.csv?from=${from}&days=1`);
      assert.equal(csv.statusCode, 200);
      assert.match(String(csv.headers['content-type']), /^text\/csv/);
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      assert.equal(lines[0], '"Date","Time","Team","Position","Location","Needed","Name","E-mail"');
      assert.equal(lines.length, 4, 'one person and two open places');
      assert.ok(lines[1]!.includes(`"${from}","09:15","Media","Sound desk","","3","Helper One","${helper.email}"`), lines[1]);
      assert.ok(lines[2]!.includes('"(open)"'));

      assert.equal((await call(app, leader, 'DELETE', `/api/admin/serving/slots/${slot}/people/${helper.id}`)).statusCode, 200);
      assert.equal((await call(app, leader, 'DELETE', `/api/admin/serving/slots/${slot}/people/${helper.id}`)).statusCode, 404);
      assert.equal((await call(app, member, 'DELETE', `/api/admin/serving/slots/${slot}/people/${away.id}`)).statusCode, 403);
    });

    it('serves the member’s calendar at a secret address they can reset', async () => {
      const { app } = ctx();
      const me = await createMember(app);
      const slot = await slotIn(24 * 12, 2);
      assert.equal((await signUp(me, slot)).statusCode, 201);
      assert.equal((await call(app, null, 'GET', '/api/serving/feed')).statusCode, 401);
      assert.equal(json<{ data: { url: string | null } }>(await call(app, me, 'GET', '/api/serving/feed')).data.url, null);
      const url = json<{ data: { url: string } }>(await call(app, me, 'POST', '/api/serving/feed')).data.url;
      const path = new URL(url).pathname;
      assert.match(path, /^\/calendar\/serving\/[A-Za-z0-9_-]{32}\.ics$/);
      const feed = await app.inject({ method: 'GET', url: path });
      assert.equal(feed.statusCode, 200);
      assert.match(String(feed.headers['content-type']), /^text\/calendar/);
      assert.match(String(feed.headers['cache-control']), /private/);
      const text = feed.body.replace(/\r\n[ \t]/g, '');
      assert.match(text, /SUMMARY:Serving: Sound desk \(Media\)/);
      assert.match(text, /DTSTART;TZID=America\/New_York:\d{8}T\d{6}/);
      assert.match(text, new RegExp(`UID:serving-${slot}@`));
      assert.match(text, /BEGIN:VTIMEZONE/);
      const again = await app.inject({ method: 'GET', url: path, headers: { 'if-none-match': String(feed.headers.etag) } });
      assert.equal(again.statusCode, 304);

      const renewed = json<{ data: { url: string } }>(await call(app, me, 'POST', '/api/serving/feed')).data.url;
      assert.notEqual(renewed, url);
      assert.equal((await app.inject({ method: 'GET', url: path })).statusCode, 404);
      assert.equal((await app.inject({ method: 'GET', url: new URL(renewed).pathname })).statusCode, 200);
      assert.equal((await app.inject({ method: 'GET', url: '/calendar/serving/not-a-token.ics' })).statusCode, 404);
    });

    it('sends the reminder the day before once, with two app instances on one database', async () => {
      const { app, database } = ctx();
      const second = browserLike(
        await buildApp({ database, config: testConfig({ dataDir: app.config.dataDir }), serveSite: false }),
      );
      await second.ready();
      try {
        const [ruth, boaz] = [await createMember(app, { firstname: 'Ruth' }), await createMember(app, { firstname: 'Boaz' })];
        // 9:00 tomorrow on the site's clock, whatever the hour now.
        const nine = inSiteTimeZone(`${siteDay(new Date())}T09:00`)
          .add(1, 'day')
          .toDate();
        const tomorrow = await slotIn((nine.getTime() - Date.now()) / HOUR + 0.02, 3);
        const nextWeek = await slotIn(24 * 8, 3);
        for (const who of [ruth, boaz]) {
          assert.equal((await signUp(who, tomorrow)).statusCode, 201);
          assert.equal((await signUp(who, nextWeek)).statusCode, 201);
        }
        const before = mailsIn(app.config.dataDir).length;
        // Both processes run the job, twice each, at once.
        await Promise.all([
          app.jobs.run('serving-reminders'),
          second.jobs.run('serving-reminders'),
          app.jobs.run('serving-reminders'),
          second.jobs.run('serving-reminders'),
        ]);
        await Promise.all([app.jobs.run('serving-reminders'), second.jobs.run('serving-reminders')]);
        const mails = mailsIn(app.config.dataDir).slice(before).map(plainMail);
        const to = (who: Member) => mails.filter((m) => new RegExp(`^To: ${who.email}$`, 'im').test(m));
        assert.equal(to(ruth).length, 1, 'one reminder for Ruth');
        assert.equal(to(boaz).length, 1, 'one reminder for Boaz');
        assert.match(to(ruth)[0]!, /Subject: Serving tomorrow: Sound desk/);
        assert.match(to(ruth)[0]!, /serving as Sound desk \(Media\)/);
        assert.match(to(ruth)[0]!, /\/my-schedule/);
      } finally {
        await second.close();
      }
    });

    it('removes the sign-ups and blockouts of a deleted account, and includes them in its data', async () => {
      const { app } = ctx();
      const me = await createMember(app);
      const slot = await slotIn(24 * 20, 2);
      assert.equal((await signUp(me, slot)).statusCode, 201);
      const day = inSiteTimeZone(new Date(Date.now() + 50 * 86_400_000)).format('YYYY-MM-DD');
      assert.equal((await call(app, me, 'PUT', `/api/serving/blockouts/${day}`)).statusCode, 200);
      assert.equal(
        (await call(app, staff, 'POST', `/api/admin/serving/teams/${otherTeamId}/leaders`, { email: me.email })).statusCode,
        200,
      );

      const zip = await call(app, me, 'GET', '/api/user/export');
      assert.equal(zip.statusCode, 200);
      const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(zip.rawPayload))['data.json']!)) as {
        serving: { signUps: { slot: string; position: string }[]; blockoutDays: string[]; teamsYouLead: { team: string }[] };
      };
      assert.deepEqual(
        data.serving.signUps.map((s) => [s.slot, s.position]),
        [[slot, 'Sound desk']],
      );
      assert.deepEqual(data.serving.blockoutDays, [day]);
      assert.deepEqual(
        data.serving.teamsYouLead.map((t) => t.team),
        ['Parking'],
      );

      const gone = await call(app, me, 'DELETE', '/api/user/me', { posts: 'delete', password: me.password });
      assert.equal(gone.statusCode, 200, gone.body);
      for (const table of ['serving_signups', 'serving_blockouts', 'serving_team_leaders', 'serving_feeds'] as const) {
        const left = await app.db.selectFrom(table).select('user_id').where('user_id', '=', me.id).execute();
        assert.equal(left.length, 0, `nothing of theirs left in ${table}`);
      }
    });
  },
  {
    config: {
      servingSlotsPerMember: 3,
      limits: limitsWith({ servingChangesPerAccount: 20 }),
    },
  },
);
