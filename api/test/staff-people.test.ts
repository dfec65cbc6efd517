/**
 * The staff's pages about people: moderation (editors and admins), church
 * locations (editors and admins), members and newsletter subscribers
 * (admins). Every staff route answers 401 signed out and 403 to a role
 * that may not use it; bad input is a clear 400; every change is recorded
 * in the activity log; public answers show a change at once.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type {
  ActivityPage,
  ChurchLocation,
  MemberDetail,
  MemberPage,
  Prayer,
  StaffLocation,
  SubscriberPage,
} from '@ministry/shared/types';
import { newId } from '../src/lib/ids.js';
import { createEvent, createMember, describeEachDatabase, json, login, publishBody, waitForMailTo } from './helpers.js';

type Member = Awaited<ReturnType<typeof createMember>>;
type Err = { error: { code: string; message: string; fields?: Record<string, string> } };

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** The staff routes of these pages, with a valid id where one is needed. */
const EDITOR_ROUTES = (id: string) => [
  ['GET', '/api/moderation/pending'],
  ['POST', `/api/moderation/prayers/${id}/publish`],
  ['POST', `/api/moderation/members/${id}/posting`],
  ['POST', `/api/moderation/members/${id}/reject-pending`],
  ['GET', '/api/admin/locations'],
  ['GET', `/api/admin/locations/${id}`],
  ['POST', '/api/admin/locations'],
  ['PUT', `/api/admin/locations/${id}`],
  ['DELETE', `/api/admin/locations/${id}`],
];
const ADMIN_ROUTES = (id: string) => [
  ['GET', '/api/admin/members'],
  ['GET', `/api/admin/members/${id}`],
  ['PUT', `/api/admin/members/${id}/role`],
  ['PUT', `/api/admin/members/${id}/disabled`],
  ['GET', '/api/admin/subscribers'],
  ['GET', '/api/admin/subscribers.csv'],
];

const LOCATION = {
  church_name: 'Luminaries Riverside',
  adress: '8 Mill Lane, Newark, DE 19711, United States',
  main_contact: ['+1 (302) 555-0199'],
  email: 'riverside@luminaries.example.org',
  parking: 'The mill car park, free on Sundays.',
  latitude: 39.6837,
  longitude: -75.7497,
  serviceTimes: [
    { name: 'Sunday Service', weekday: 0, time: '10:00', language: 'English' },
    { name: 'Servicio en español', weekday: 0, time: '12:30', language: 'Spanish' },
  ],
};

describeEachDatabase('staff pages: people', (ctx) => {
  const app = (): FastifyInstance => ctx().app;
  const as = (who?: Member) => (who ? { cookie: who.cookie } : {});
  const call = (who: Member | undefined, method: string, url: string, payload?: object) =>
    app().inject({ method: method as 'GET', url, headers: as(who), ...(payload ? { payload } : {}) });
  const activity = async (who: Member, subject: string) =>
    json<{ data: ActivityPage }>(
      await call(who, 'GET', `/api/admin/activity?subject=${encodeURIComponent(subject)}`),
    ).data.items.map((i) => i.summary);
  const publicLocations = async () => json<{ data: ChurchLocation[] }>(await call(undefined, 'GET', '/api/locations')).data;

  let member: Member;
  let editor: Member;
  let admin: Member;

  before(async () => {
    member = await createMember(app(), { firstname: 'Mary', lastname: 'Member' });
    editor = await createMember(app(), { firstname: 'Eddie', lastname: 'Editor', role: 'editor' });
    admin = await createMember(app(), { firstname: 'Ada', lastname: 'Admin', role: 'admin' });
  });

  describe('who may call what', () => {
    it('every staff route answers 401 signed out and 403 to a member, before reading the request', async () => {
      const staffRoutes = app().routeList.filter((r) => /^\/api\/(admin|moderation)\//.test(r.url));
      assert.ok(staffRoutes.length >= EDITOR_ROUTES('x').length + ADMIN_ROUTES('x').length);
      for (const route of staffRoutes) {
        const url = route.url.replace(/:\w+/g, UNKNOWN_ID);
        const out = await call(undefined, route.method, url, route.method === 'GET' ? undefined : {});
        assert.equal(out.statusCode, 401, `${route.method} ${url} signed out`);
        assert.equal(json<Err>(out).error.code, 'unauthorized');
        const refused = await call(member, route.method, url, route.method === 'GET' ? undefined : {});
        assert.equal(refused.statusCode, 403, `${route.method} ${url} for a member`);
        assert.equal(json<Err>(refused).error.code, 'forbidden');
      }
      for (const [method, url] of [...EDITOR_ROUTES(UNKNOWN_ID), ...ADMIN_ROUTES(UNKNOWN_ID)]) {
        assert.ok(
          staffRoutes.some((r) => r.method === method && url!.startsWith(r.url.replace(/:\w+.*$/, ''))),
          `${method} ${url} exists`,
        );
      }
    });

    it('editors moderate and edit locations; members and subscribers are for admins only', async () => {
      for (const [method, url] of ADMIN_ROUTES(member.id)) {
        const res = await call(editor, method!, url!, method === 'GET' ? undefined : { role: 'admin', disabled: true });
        assert.equal(res.statusCode, 403, `${method} ${url} for an editor`);
        assert.match(json<Err>(res).error.message, /Only an admin/);
      }
      assert.equal((await call(editor, 'GET', '/api/moderation/pending')).statusCode, 200);
      assert.equal((await call(editor, 'GET', '/api/admin/locations')).statusCode, 200);
      assert.equal((await call(admin, 'GET', '/api/admin/locations')).statusCode, 200, 'an admin may do all an editor may');
      const still = json<{ data: MemberDetail }>(await call(admin, 'GET', `/api/admin/members/${member.id}`)).data;
      assert.equal(still.role, 'member', 'the editor changed nothing');
      assert.equal(still.disabledAt, null);
    });
  });

  describe('locations', () => {
    it('bad input is a clear 400 under its field', async () => {
      const cases: [object, string, RegExp][] = [
        [{ ...LOCATION, church_name: '' }, 'church_name', /Required/],
        [{ ...LOCATION, church_name: '<b></b>' }, 'church_name', /Required/],
        [{ ...LOCATION, email: 'not an address' }, 'email', /Invalid email/],
        [{ ...LOCATION, main_contact: ['call us!'] }, 'main_contact[0]', /digits/],
        [{ ...LOCATION, latitude: 91 }, 'latitude', /between -90 and 90/],
        [{ ...LOCATION, longitude: null }, 'longitude', /both/],
        [
          { ...LOCATION, serviceTimes: [{ name: 'Vigil', weekday: 0, time: '25:00', language: 'English' }] },
          'serviceTimes[0].time',
          /10:30/,
        ],
        [
          { ...LOCATION, serviceTimes: [{ name: 'Vigil', weekday: 7, time: '22:00', language: 'English' }] },
          'serviceTimes[0].weekday',
          /day/,
        ],
        [{ ...LOCATION, adress: 'Line one\nline two' }, 'adress', /one line/],
      ];
      const before = (await publicLocations()).length;
      for (const [payload, field, message] of cases) {
        const res = await call(editor, 'POST', '/api/admin/locations', payload);
        assert.equal(res.statusCode, 400, `${field}: ${res.body}`);
        assert.match(json<Err>(res).error.fields?.[field] ?? '', message, `${field}: ${res.body}`);
      }
      assert.equal((await call(editor, 'GET', '/api/admin/locations/not-an-id')).statusCode, 400);
      assert.equal((await call(editor, 'DELETE', `/api/admin/locations/${UNKNOWN_ID}?moveMembersTo=nope`)).statusCode, 400);
      assert.equal((await call(editor, 'PUT', `/api/admin/locations/${UNKNOWN_ID}`, LOCATION)).statusCode, 404);
      assert.equal((await call(editor, 'DELETE', `/api/admin/locations/${UNKNOWN_ID}`)).statusCode, 404);
      assert.equal((await publicLocations()).length, before, 'nothing was added');
    });

    it('an editor adds and edits a location; the public list shows it at once; both changes are recorded', async () => {
      await publicLocations(); // the public answer is cached now
      const created = await call(editor, 'POST', '/api/admin/locations', LOCATION);
      assert.equal(created.statusCode, 201, created.body);
      const location = json<{ data: StaffLocation }>(created).data;
      assert.deepEqual(location.map, { latitude: LOCATION.latitude, longitude: LOCATION.longitude });
      assert.equal(location.memberCount, 0);
      let shown = (await publicLocations()).find((l) => l._id === location._id);
      assert.ok(shown, 'the public list shows the new location at once');
      assert.deepEqual(shown.serviceTimes, [
        { name: 'Sunday Service', weekday: 0, time: '10:00', language: 'English' },
        { name: 'Servicio en español', weekday: 0, time: '12:30', language: 'Spanish' },
      ]);
      assert.equal((await publicLocations()).at(-1)?._id, location._id, 'a new location comes last');

      const edited = await call(editor, 'PUT', `/api/admin/locations/${location._id}`, {
        ...LOCATION,
        church_name: 'Luminaries Riverside Chapel',
        main_contact: ['+1 (302) 555-0199', '+1 (302) 555-0198'],
        parking: '',
        latitude: '',
        longitude: '',
        serviceTimes: [{ name: 'Evening Prayer', weekday: 3, time: '19:30', language: 'English' }],
      });
      assert.equal(edited.statusCode, 200, edited.body);
      shown = (await publicLocations()).find((l) => l._id === location._id);
      assert.equal(shown?.church_name, 'Luminaries Riverside Chapel');
      assert.deepEqual(shown?.main_contact, ['+1 (302) 555-0199', '+1 (302) 555-0198']);
      assert.equal(shown?.parking, null);
      assert.equal(shown?.map, null);
      assert.deepEqual(shown?.serviceTimes, [{ name: 'Evening Prayer', weekday: 3, time: '19:30', language: 'English' }]);

      const log = await activity(admin, 'location');
      assert.ok(log.includes('Location "Luminaries Riverside" added'), log.join('\n'));
      assert.ok(log.includes('Location "Luminaries Riverside Chapel" updated'));
    });

    it('a location members chose is not removed unless they move to another; one with events ahead is not removed', async () => {
      const staying = json<{ data: StaffLocation }>(
        await call(editor, 'POST', '/api/admin/locations', { ...LOCATION, church_name: 'Luminaries Hillside' }),
      ).data;
      const closing = json<{ data: StaffLocation }>(
        await call(editor, 'POST', '/api/admin/locations', { ...LOCATION, church_name: 'Luminaries Old Town' }),
      ).data;
      const faithful = await createMember(app(), { firstname: 'Faith', lastname: 'Ful' });
      await app().db.updateTable('users').set({ church: closing._id }).where('id', 'in', [faithful.id, member.id]).execute();

      const listed = json<{ data: StaffLocation[] }>(await call(editor, 'GET', '/api/admin/locations')).data.find(
        (l) => l._id === closing._id,
      );
      assert.equal(listed?.memberCount, 2);

      const refused = await call(editor, 'DELETE', `/api/admin/locations/${closing._id}`);
      assert.equal(refused.statusCode, 409);
      assert.equal(json<Err>(refused).error.code, 'location_in_use');
      assert.match(json<Err>(refused).error.message, /2 members have chosen Luminaries Old Town as their church/);
      assert.ok(
        (await publicLocations()).some((l) => l._id === closing._id),
        'still there',
      );

      assert.equal(
        (await call(editor, 'DELETE', `/api/admin/locations/${closing._id}?moveMembersTo=${closing._id}`)).statusCode,
        400,
      );
      assert.equal(
        (await call(editor, 'DELETE', `/api/admin/locations/${closing._id}?moveMembersTo=${UNKNOWN_ID}`)).statusCode,
        400,
      );

      const eventId = await createEvent(app(), { title: 'Old Town harvest' });
      await app().db.updateTable('events').set({ church_id: closing._id }).where('id', '=', eventId).execute();
      const withEvent = await call(editor, 'DELETE', `/api/admin/locations/${closing._id}?moveMembersTo=${staying._id}`);
      assert.equal(withEvent.statusCode, 409);
      assert.equal(json<Err>(withEvent).error.code, 'location_has_events');
      assert.match(json<Err>(withEvent).error.message, /1 event ahead takes place at Luminaries Old Town/);
      await app().db.updateTable('events').set({ church_id: null }).where('id', '=', eventId).execute();

      const removed = await call(editor, 'DELETE', `/api/admin/locations/${closing._id}?moveMembersTo=${staying._id}`);
      assert.equal(removed.statusCode, 200, removed.body);
      assert.deepEqual(json(removed), { data: { removed: true, moved: 2 } });
      assert.ok(!(await publicLocations()).some((l) => l._id === closing._id), 'the public list drops it at once');
      const churches = await app().db.selectFrom('users').select('church').where('id', 'in', [faithful.id, member.id]).execute();
      assert.deepEqual(
        churches.map((c) => c.church),
        [staying._id, staying._id],
      );
      assert.equal(
        (await app().db.selectFrom('church_services').select('id').where('church_id', '=', closing._id).execute()).length,
        0,
        'its services went with it',
      );
      assert.ok(
        (await activity(admin, 'location')).includes(
          'Location "Luminaries Old Town" removed; its 2 members moved to "Luminaries Hillside"',
        ),
      );

      const empty = json<{ data: StaffLocation }>(
        await call(editor, 'POST', '/api/admin/locations', { ...LOCATION, church_name: 'Luminaries Pop-up' }),
      ).data;
      assert.equal(
        (await call(editor, 'DELETE', `/api/admin/locations/${empty._id}`)).statusCode,
        200,
        'nobody chose it: it goes',
      );
    });
  });

  describe('moderation by editors', () => {
    it('an editor publishes, rejects with a reason mailed to the author, hides, and stops a member posting; each decision is recorded', async () => {
      const author = await createMember(app(), { firstname: 'Paul', lastname: 'Poster' });
      const post = async (text: string) =>
        json<{ data: Prayer }>(await call(author, 'POST', `/api/prayers/add/${author.id}`, { text })).data;
      const first = await post('Pray for my new job interview.');
      const second = await post('Buy cheap watches at my shop.');
      assert.equal(first.status, 'pending');

      assert.equal(
        (
          await call(
            editor,
            'POST',
            `/api/moderation/prayers/${first._id}/publish`,
            await publishBody(app(), 'prayers', first._id),
          )
        ).statusCode,
        200,
      );
      const rejected = await call(editor, 'POST', `/api/moderation/prayers/${second._id}/reject`, {
        reason: 'Advertising is not allowed.',
      });
      assert.equal(rejected.statusCode, 200);
      const mail = await waitForMailTo(app().config.dataDir, author.email, /not on the site/);
      assert.match(mail, /Advertising is not allowed\./);
      assert.equal(
        (await call(editor, 'POST', `/api/moderation/prayers/${first._id}/reject`, { reason: 'Names a third person.' }))
          .statusCode,
        200,
      );
      assert.equal(
        (await call(editor, 'POST', `/api/moderation/members/${author.id}/posting`, { stopped: true })).statusCode,
        200,
      );
      assert.equal((await call(author, 'POST', `/api/prayers/add/${author.id}`, { text: 'One more.' })).statusCode, 403);
      assert.equal(
        (await call(editor, 'POST', `/api/moderation/members/${author.id}/posting`, { stopped: false })).statusCode,
        200,
      );
      assert.equal((await call(editor, 'POST', `/api/moderation/members/${UNKNOWN_ID}/reject-pending`)).statusCode, 404);

      const prayers = await activity(admin, 'prayer request');
      assert.ok(
        prayers.includes('Prayer request by Paul Poster published: "Pray for my new job interview."'),
        prayers.join('\n'),
      );
      assert.ok(
        prayers.includes(
          'Prayer request by Paul Poster rejected: "Buy cheap watches at my shop." (reason: Advertising is not allowed.)',
        ),
      );
      assert.ok(
        prayers.includes(
          'Prayer request by Paul Poster hidden: "Pray for my new job interview." (reason: Names a third person.)',
        ),
      );
      const members = await activity(admin, 'member');
      assert.ok(members.includes('Paul Poster stopped from posting'));
      assert.ok(members.includes('Paul Poster may post again'));
      const entry = json<{ data: ActivityPage }>(await call(admin, 'GET', '/api/admin/activity?subject=prayer%20request')).data
        .items[0]!;
      assert.equal(entry.actor.name, 'Eddie Editor');
    });

    it("an editor's own posts are published at once and not held to the posting limits", async () => {
      for (let i = 0; i < 22; i++) {
        const res = await call(editor, 'POST', `/api/prayers/add/${editor.id}`, { text: `Church notice number ${i}.` });
        assert.equal(res.statusCode, 201, res.body);
        assert.equal(json<{ data: Prayer }>(res).data.status, 'published');
      }
    });
  });

  describe('members', () => {
    it('finds members by name or e-mail, newest first, a page at a time', async () => {
      const rows = Array.from({ length: 30 }, (_, i) => ({
        id: newId(),
        firstname: `Zebulon${i}`,
        lastname: 'Quartermaine',
        email: `zq${i}@pages.example.org`,
        password_hash: 'x',
        created_at: new Date(Date.UTC(2025, 0, 1 + i)),
      }));
      await app().db.insertInto('users').values(rows).execute();
      const find = async (query: string) =>
        json<{ data: MemberPage }>(await call(admin, 'GET', `/api/admin/members?${query}`)).data;

      const first = await find('q=quartermaine');
      assert.equal(first.total, 30);
      assert.equal(first.items.length, 25);
      assert.equal(first.items[0]!.firstname, 'Zebulon29', 'newest first');
      const second = await find('q=QUARTERMAINE&page=2');
      assert.deepEqual(
        second.items.map((m) => m.firstname),
        ['Zebulon4', 'Zebulon3', 'Zebulon2', 'Zebulon1', 'Zebulon0'],
      );
      assert.equal((await find('q=zebulon7%20quarter')).items[0]?.email, 'zq7@pages.example.org', 'by full name');
      assert.equal((await find('q=zq12%40pages')).total, 1, 'by e-mail');
      assert.equal((await find('q=%25')).total, 0, 'a % is a character, not a wildcard');
      assert.equal((await find('q=_')).total, 0);
      assert.ok((await find('')).total >= 33, 'everyone without a search');

      const res = await call(admin, 'GET', '/api/admin/members?page=0');
      assert.equal(res.statusCode, 400);
      assert.equal((await call(admin, 'GET', `/api/admin/members?q=${'x'.repeat(101)}`)).statusCode, 400);
      assert.equal((await call(admin, 'GET', `/api/admin/members/${UNKNOWN_ID}`)).statusCode, 404);
    });

    it("shows a member's state and every post of theirs with its state", async () => {
      const author = await createMember(app(), { firstname: 'Sade', lastname: 'Storyteller', verified: true });
      const prayer = json<{ data: Prayer }>(
        await call(author, 'POST', `/api/prayers/add/${author.id}`, { text: 'Pray for my mother.', anonymous: true }),
      ).data;
      await call(author, 'POST', `/api/story/add/${author.id}`, { content: 'God healed my mother.' });
      await call(admin, 'POST', `/api/moderation/prayers/${prayer._id}/reject`, {
        reason: 'Please post it again without her full name.',
      });
      const unconfirmed = await createMember(app(), { verified: false });

      const detail = json<{ data: MemberDetail }>(await call(admin, 'GET', `/api/admin/members/${author.id}`)).data;
      assert.deepEqual(detail.posts, { prayers: 1, stories: 1, comments: 0 });
      assert.equal(detail.emailConfirmed, true);
      const states = Object.fromEntries(detail.postList.map((p) => [p.kind, [p.status, p.reason, p.anonymous ?? null]]));
      assert.deepEqual(states, {
        prayers: ['rejected', 'Please post it again without her full name.', true],
        stories: ['pending', null, null],
      });
      const listed = json<{ data: MemberPage }>(
        await call(admin, 'GET', `/api/admin/members?q=${encodeURIComponent(unconfirmed.email)}`),
      ).data.items[0];
      assert.equal(listed?.emailConfirmed, false);
      assert.equal(listed?.role, 'member');
      assert.match(listed?.joined ?? '', /^\d{4}-\d{2}-\d{2}T/);
    });

    it('an admin makes a member an editor, who may then moderate at once; every role change is recorded', async () => {
      const helper = await createMember(app(), { firstname: 'Helen', lastname: 'Helper' });
      assert.equal((await call(helper, 'GET', '/api/moderation/pending')).statusCode, 403);
      const res = await call(admin, 'PUT', `/api/admin/members/${helper.id}/role`, { role: 'editor' });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(json<{ data: MemberDetail }>(res).data.role, 'editor');
      assert.equal((await call(helper, 'GET', '/api/moderation/pending')).statusCode, 200, 'the same session is an editor now');
      assert.equal((await call(helper, 'GET', '/api/admin/members')).statusCode, 403);
      assert.equal((await call(admin, 'PUT', `/api/admin/members/${helper.id}/role`, { role: 'member' })).statusCode, 200);
      assert.equal((await call(helper, 'GET', '/api/moderation/pending')).statusCode, 403, 'and back');

      const log = await activity(admin, 'member');
      assert.ok(log.includes("Helen Helper's role changed from member to editor"));
      assert.ok(log.includes("Helen Helper's role changed from editor to member"));

      for (const body of [{ role: 'pope' }, {}, { role: 'editor', extra: 1 }]) {
        const bad = await call(admin, 'PUT', `/api/admin/members/${helper.id}/role`, body);
        assert.equal(bad.statusCode, 400, JSON.stringify(body));
        assert.match(json<Err>(bad).error.message, /role|extra|must/);
      }
      assert.equal((await call(admin, 'PUT', `/api/admin/members/${UNKNOWN_ID}/role`, { role: 'editor' })).statusCode, 404);
    });

    it('an admin cannot change their own role, and the site never loses its last admin', async () => {
      const own = await call(admin, 'PUT', `/api/admin/members/${admin.id}/role`, { role: 'member' });
      assert.equal(own.statusCode, 403);
      assert.match(json<Err>(own).error.message, /your own role/);
      assert.equal((await call(admin, 'PUT', `/api/admin/members/${admin.id}/disabled`, { disabled: true })).statusCode, 403);

      // Two admins demote each other at the same moment: one of them stays an admin.
      const [one, two] = [await createMember(app(), { role: 'admin' }), await createMember(app(), { role: 'admin' })];
      const answers = await Promise.all([
        call(one, 'PUT', `/api/admin/members/${two.id}/role`, { role: 'member' }),
        call(two, 'PUT', `/api/admin/members/${one.id}/role`, { role: 'member' }),
      ]);
      assert.deepEqual(answers.map((a) => a.statusCode).sort(), [200, 403], answers.map((a) => a.body).join('\n'));
      const roles = await app().db.selectFrom('users').select('role').where('id', 'in', [one.id, two.id]).execute();
      assert.deepEqual(roles.map((r) => r.role).sort(), ['admin', 'member']);
    });

    it("a disabled member's session is refused on its next request and cannot sign in; enabling lets them in again", async () => {
      const leaving = await createMember(app(), { firstname: 'Dan', lastname: 'Disabled' });
      assert.equal((await call(leaving, 'GET', `/api/user/search/${leaving.id}`)).statusCode, 200);
      const res = await call(admin, 'PUT', `/api/admin/members/${leaving.id}/disabled`, { disabled: true });
      assert.equal(res.statusCode, 200, res.body);
      assert.ok(json<{ data: MemberDetail }>(res).data.disabledAt);
      assert.equal(
        (await call(leaving, 'GET', `/api/user/search/${leaving.id}`)).statusCode,
        401,
        'the open session ends at once',
      );
      assert.equal((await call(leaving, 'POST', `/api/prayers/add/${leaving.id}`, { text: 'Still here?' })).statusCode, 401);
      const sessions = await app().db.selectFrom('sessions').select('user_id').where('user_id', '=', leaving.id).execute();
      assert.equal(sessions.length, 0, 'its sessions are gone');
      const signIn = await app().inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: leaving.email, password: leaving.password },
      });
      assert.equal(signIn.statusCode, 403);
      assert.match(json<Err>(signIn).error.message, /disabled/);

      assert.equal((await call(admin, 'PUT', `/api/admin/members/${leaving.id}/disabled`, { disabled: false })).statusCode, 200);
      assert.equal(
        (await call(leaving, 'GET', `/api/user/search/${leaving.id}`)).statusCode,
        401,
        'the old session does not come back',
      );
      const cookie = await login(app(), leaving.email, leaving.password);
      assert.equal((await app().inject({ url: `/api/user/search/${leaving.id}`, headers: { cookie } })).statusCode, 200);

      const log = await activity(admin, 'member');
      assert.ok(log.includes("Dan Disabled's account disabled"));
      assert.ok(log.includes("Dan Disabled's account enabled"));
      assert.equal(
        (await call(admin, 'PUT', `/api/admin/members/${leaving.id}/disabled`, { disabled: 'perhaps' })).statusCode,
        400,
      );
    });
  });

  describe('newsletter subscribers', () => {
    it('lists and counts the subscribers, newest first, and finds them by address', async () => {
      for (const email of ['ruth.reader@example.org', 'boaz@example.org', 'naomi@example.org']) {
        assert.equal((await app().inject({ method: 'POST', url: '/api/newsletter', payload: { email } })).statusCode, 200);
      }
      await app().afterReply.idle(); // addresses are stored once the answer is sent
      const page = json<{ data: SubscriberPage }>(await call(admin, 'GET', '/api/admin/subscribers')).data;
      assert.ok(page.total >= 3);
      assert.equal(page.all, page.total);
      assert.equal(page.items[0]?.email, 'naomi@example.org', 'newest first');
      assert.match(page.items[0]?.since ?? '', /^\d{4}-\d{2}-\d{2}T/);
      const found = json<{ data: SubscriberPage }>(await call(admin, 'GET', '/api/admin/subscribers?q=RUTH')).data;
      assert.deepEqual(
        found.items.map((s) => s.email),
        ['ruth.reader@example.org'],
      );
      assert.equal(found.total, 1);
      assert.equal(found.all, page.all);
      assert.equal((await call(admin, 'GET', '/api/admin/subscribers?page=-1')).statusCode, 400);
    });

    it('downloads them as a CSV file a spreadsheet cannot be tricked by; the download is recorded', async () => {
      await app()
        .db.insertInto('newsletter_subscribers')
        .values([
          { email: '=hyperlink("http://evil.example","x")@evil.example', created_at: new Date('2026-01-02T15:00:00Z') },
          { email: '+cmd@evil.example', created_at: new Date('2026-01-03T15:00:00Z') },
          { email: '@sum@evil.example', created_at: new Date('2026-01-04T15:00:00Z') },
        ])
        .execute();
      const res = await call(admin, 'GET', '/api/admin/subscribers.csv');
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['content-type']), /^text\/csv/);
      assert.match(
        String(res.headers['content-disposition']),
        /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
      assert.match(lines[0]!, /^"E-mail","Subscribed \(.+\)"$/);
      assert.ok(
        lines.includes('"\'=hyperlink(""http://evil.example"",""x"")@evil.example","2026-01-02 10:00"'),
        lines.join('\n'),
      );
      assert.ok(lines.some((l) => l.startsWith('"\'+cmd@evil.example",')));
      assert.ok(lines.some((l) => l.startsWith('"\'@sum@evil.example",')));
      assert.ok(lines.some((l) => l.startsWith('"boaz@example.org",')));
      assert.equal(lines.at(-1), '', 'ends with a line break');
      const found = await call(admin, 'GET', '/api/admin/subscribers.csv?q=boaz');
      assert.equal(
        found.body
          .replace(/^\uFEFF/, '')
          .trim()
          .split('\r\n').length,
        2,
        'the header and the one found',
      );
      const log = await activity(admin, 'subscribers');
      assert.ok(log.some((l) => /^Newsletter subscribers downloaded \(\d+ addresses\)$/.test(l)));
      assert.ok(log.includes('Newsletter subscribers downloaded (1 address, matching "boaz")'));
    });
  });
});
