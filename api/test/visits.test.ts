/**
 * A first-time guest plans a visit: a church's coming services on its
 * clock, the guest's address confirmed by a link, a welcome mail, a
 * reminder the day before (once, however many processes run the job),
 * limits against abuse, and the staff's list to mark who came.
 */
import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { buildApp } from '../src/app.js';
import {
  browserLike,
  createMember,
  describeEachDatabase,
  json,
  limitsWith,
  mailsIn,
  plainMail,
  testConfig,
  waitForMailTo,
} from './helpers.js';

interface Service {
  at: string;
  name: string;
  language: string;
}
interface Location {
  _id: string;
  church_name: string;
  timeZone: string;
  services: Service[];
}
interface Group {
  locationId: string;
  at: string;
  adults: number;
  children: number;
  childrenAges: number[];
  came: number;
  visits: { _id: string; name: string; email: string; came: boolean | null; question: string | null }[];
}

const limits = limitsWith({ visitRequestsPerDevice: 4, visitMailsPerEmail: 2 });

describeEachDatabase(
  'planning a visit',
  (ctx) => {
    const app = () => ctx().app;
    const dataDir = () => app().config.dataDir;
    let device = 0;
    /** Each call from a device of its own unless `cookie` says which. */
    const plan = (payload: object, cookie = `device=${String(++device).padStart(43, 'd')}`) =>
      app().inject({ method: 'POST', url: '/api/visits', payload, headers: { cookie } });
    const services = async (now: Date): Promise<Location[]> => {
      app().clock.setNow(now);
      return json<{ data: Location[] }>(await app().inject({ method: 'GET', url: '/api/visits/services' })).data;
    };
    const hqOf = (list: Location[]) => list.find((c) => c.church_name.includes('Headquarters'))!;
    const tokenIn = (mail: string) => /\/visit\/confirm\/([0-9a-f]{64})/.exec(mail)![1]!;
    const confirm = (token: string) => app().inject({ method: 'POST', url: '/api/visits/confirm', payload: { token } });

    // A Wednesday in February 2031, 9:00 in New York: the clocks go forward on Sunday 9 March.
    const WEDNESDAY = new Date('2031-02-26T14:00:00Z');

    it("offers each church's coming services on its clock, across the change to summer time", async () => {
      const hq = hqOf(await services(WEDNESDAY));
      assert.equal(hq.timeZone, 'America/New_York');
      // Wednesday 19:00 (later today), then Sunday 8:00, 10:30, 13:00…
      assert.deepEqual(
        hq.services.slice(0, 4).map((s) => [s.at, s.name.length > 0]),
        [
          ['2031-02-27T00:00:00.000Z', true],
          ['2031-03-02T13:00:00.000Z', true],
          ['2031-03-02T15:30:00.000Z', true],
          ['2031-03-02T18:00:00.000Z', true],
        ],
      );
      // The Sunday after the change, 10:30 in New York is 14:30 UTC.
      assert.ok(hq.services.some((s) => s.at === '2031-03-09T14:30:00.000Z'));
      assert.ok(!hq.services.some((s) => s.at === '2031-03-09T15:30:00.000Z'));
      assert.equal(hq.services.find((s) => s.at === '2031-03-02T18:00:00.000Z')?.language, 'Spanish');
      // Four weeks ahead at most, none starting within the hour.
      assert.ok(hq.services.every((s) => Date.parse(s.at) > WEDNESDAY.getTime() + 3_600_000));
      assert.ok(hq.services.every((s) => Date.parse(s.at) <= WEDNESDAY.getTime() + 28 * 86_400_000));
      const one = json<{ data: Location[] }>(
        await app().inject({ method: 'GET', url: `/api/visits/services?location=${hq._id}` }),
      );
      assert.deepEqual(one.data, [hq]);
      assert.equal((await app().inject({ method: 'GET', url: '/api/visits/services?location=nope' })).statusCode, 400);
    });

    it('says what is wrong with each field', async () => {
      const hq = hqOf(await services(WEDNESDAY));
      const empty = await plan({});
      assert.equal(empty.statusCode, 400);
      const fields = json<{ error: { fields: Record<string, string> } }>(empty).error.fields;
      assert.deepEqual(Object.keys(fields).sort(), ['adults', 'email', 'location', 'name', 'service']);
      assert.match(fields.location!, /Choose the church/);
      assert.match(fields.adults!, /how many adults/);
      const valid = { location: hq._id, service: hq.services[1]!.at, name: 'Ruth', email: 'ruth@example.org', adults: 2 };
      const cases: [object, string, RegExp][] = [
        [{ ...valid, service: '2031-03-02T13:05:00.000Z' }, 'service', /no longer open/],
        [{ ...valid, service: 'soon' }, 'service', /no longer open/],
        [{ ...valid, location: '00000000-0000-4000-8000-000000000000' }, 'location', /not found/],
        [{ ...valid, email: 'not an address' }, 'email', /./],
        [{ ...valid, adults: 0 }, 'adults', /1 to 20/],
        [{ ...valid, adults: 21 }, 'adults', /1 to 20/],
        [{ ...valid, childrenAges: [3, 18] }, 'childrenAges', /from 0 to 17/],
        [{ ...valid, name: '<b></b>' }, 'name', /your name/],
        [{ ...valid, question: 'x'.repeat(1001) }, 'question', /too long/],
      ];
      for (const [payload, field, message] of cases) {
        const res = await plan(payload);
        assert.equal(res.statusCode, 400, JSON.stringify(payload));
        assert.match(json<{ error: { fields: Record<string, string> } }>(res).error.fields[field] ?? '', message, field);
      }
      assert.equal((await plan({ ...valid, extra: 1 })).statusCode, 400);
      assert.equal(mailsIn(dataDir()).filter((m) => /visit\/confirm/.test(m)).length, 0);
    });

    it('confirms the address by a link, then sends the welcome with the address, parking and what to expect, once', async () => {
      const hq = hqOf(await services(WEDNESDAY));
      const sunday = hq.services[2]!; // Sunday 10:30
      const res = await plan({
        location: hq._id,
        service: sunday.at,
        name: 'Naomi',
        email: 'Naomi@Example.org',
        adults: 2,
        childrenAges: [4, 9],
        question: 'Is there a room for babies?',
      });
      assert.equal(res.statusCode, 200);
      assert.match(json<{ data: { message: string } }>(res).data.message, /Check your inbox/);
      const mail = await waitForMailTo(dataDir(), 'naomi@example.org', /Confirm my visit/);
      assert.match(mail, /Sunday 2 March at 10:30 AM/);
      assert.match(mail, /2 adults and 2 children \(ages 9, 4\)/);
      const token = tokenIn(mail);
      // Nothing is listed for the staff before the guest confirms.
      const rows = await app().db.selectFrom('visits').select(['status']).where('email', '=', 'naomi@example.org').execute();
      assert.deepEqual(rows, [{ status: 'pending' }]);

      const first = await confirm(token);
      assert.equal(first.statusCode, 200);
      const answer = json<{ data: { message: string; church_name: string; at: string; childrenAges: number[] } }>(first).data;
      assert.match(answer.message, /confirmed/);
      assert.equal(answer.at, sunday.at);
      assert.deepEqual(answer.childrenAges, [9, 4]);
      const welcome = await waitForMailTo(dataDir(), 'naomi@example.org', /We look forward to welcoming you/);
      assert.match(welcome, /Hello Naomi,/);
      assert.match(welcome, /Where: Luminaries Harbor Light \(Headquarters\), 1200 Harbor Light Avenue/);
      assert.match(welcome, /Parking: Free parking behind the church/);
      assert.match(welcome, /What to expect/);
      assert.match(welcome, /You asked: "Is there a room for babies\?"/);
      assert.match(welcome, /reminder the day before/);

      const again = await confirm(token);
      assert.equal(again.statusCode, 200);
      assert.match(json<{ data: { message: string } }>(again).data.message, /already confirmed/);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const welcomes = mailsIn(dataDir())
        .map(plainMail)
        .filter((m) => /^To: naomi@example\.org$/im.test(m) && /We look forward to welcoming you/.test(m));
      assert.equal(welcomes.length, 1);

      // Planning the same service again changes nothing and sends nothing: the answer is the same.
      const before = mailsIn(dataDir()).length;
      const same = await plan({ location: hq._id, service: sunday.at, name: 'Naomi', email: 'naomi@example.org', adults: 5 });
      assert.equal(same.statusCode, 200);
      assert.deepEqual(json(same), json(res));
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(mailsIn(dataDir()).length, before);

      for (const bad of ['0'.repeat(64), 'nope']) {
        const wrong = await confirm(bad);
        assert.equal(wrong.statusCode, 400);
        assert.match(json<{ error: { message: string } }>(wrong).error.message, /not valid/);
      }
    });

    it('a robot that fills the hidden field is answered as a person, and nothing is kept or sent', async () => {
      const hq = hqOf(await services(WEDNESDAY));
      const res = await plan({
        location: hq._id,
        service: hq.services[1]!.at,
        name: 'Bot',
        email: 'robot@example.org',
        adults: 1,
        website: 'http://spam.example',
      });
      assert.equal(res.statusCode, 200);
      assert.match(json<{ data: { message: string } }>(res).data.message, /Check your inbox/);
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(mailsIn(dataDir()).filter((m) => /robot@example\.org/.test(m)).length, 0);
      const rows = await app().db.selectFrom('visits').select('id').where('email', '=', 'robot@example.org').execute();
      assert.equal(rows.length, 0);
    });

    it('limits the visits one device asks for and the mails one mailbox gets, without locking out others', async () => {
      const hq = hqOf(await services(WEDNESDAY));
      const cookie = `device=${'L'.repeat(43)}`;
      const visit = (i: number, email = `limit-${i}@example.org`) => ({
        location: hq._id,
        service: hq.services[i]!.at,
        name: 'Lydia',
        email,
        adults: 1,
      });
      for (let i = 0; i < 4; i++) assert.equal((await plan(visit(i), cookie)).statusCode, 200);
      const refused = await plan(visit(4), cookie);
      assert.equal(refused.statusCode, 429);
      assert.match(json<{ error: { message: string } }>(refused).error.message, /several visits/);
      // Another device is not held back.
      assert.equal((await plan(visit(5))).statusCode, 200);

      // One mailbox (name+tag@ is the same) is sent two confirmation mails a day; the answers stay the same.
      for (const [i, email] of [
        [6, 'mailbox@example.org'],
        [7, 'mailbox+one@example.org'],
        [8, 'mailbox+two@example.org'],
      ] as const) {
        const res = await plan(visit(i, email));
        assert.equal(res.statusCode, 200);
        assert.match(json<{ data: { message: string } }>(res).data.message, /Check your inbox/);
      }
      await waitForMailTo(dataDir(), 'mailbox+one@example.org', /Confirm my visit/);
      await new Promise((resolve) => setTimeout(resolve, 150));
      assert.equal(mailsIn(dataDir()).filter((m) => /^To: mailbox(\+\w+)?@example\.org$/im.test(m)).length, 2);
    });

    it('sends the reminder the day before once, with two app instances on one database running the job', async () => {
      const hq = hqOf(await services(WEDNESDAY));
      const wednesday = hq.services[0]!; // today 19:00; the Sunday services follow
      const sunday = hq.services[3]!;
      const planned = async (service: Service, email: string) => {
        assert.equal((await plan({ location: hq._id, service: service.at, name: 'Eunice', email, adults: 1 })).statusCode, 200);
        assert.equal((await confirm(tokenIn(await waitForMailTo(dataDir(), email, /Confirm my visit/)))).statusCode, 200);
      };
      await planned(sunday, 'reminded@example.org');
      // Confirmed on the day: the welcome is enough.
      await planned(wednesday, 'sameday@example.org');
      const sameday = await waitForMailTo(dataDir(), 'sameday@example.org', /We look forward/);
      assert.doesNotMatch(sameday, /reminder the day before/);

      const second = browserLike(await buildApp({ database: ctx().database, config: testConfig({ limits }), serveSite: false }));
      after(() => second.close());
      await second.ready();
      const reminders = () =>
        [...mailsIn(dataDir()), ...mailsIn(second.config.dataDir)].map(plainMail).filter((m) => /See you tomorrow/.test(m));

      // Two days before: nothing is due.
      for (const a of [app(), second]) a.clock.setNow(new Date(Date.parse(sunday.at) - 2 * 86_400_000));
      await Promise.all([app().jobs.run('visit-reminders'), second.jobs.run('visit-reminders')]);
      assert.equal(reminders().length, 0);

      // The day before: both instances run the job at once, then again.
      for (const a of [app(), second]) a.clock.setNow(new Date(Date.parse(sunday.at) - 20 * 3_600_000));
      await Promise.all([
        app().jobs.run('visit-reminders'),
        second.jobs.run('visit-reminders'),
        app().jobs.run('visit-reminders'),
      ]);
      await Promise.all([app().jobs.run('visit-reminders'), second.jobs.run('visit-reminders')]);
      const sent = reminders();
      // Naomi (Sunday 10:30) is due too: one reminder each.
      assert.equal(sent.length, 2);
      const mine = sent.filter((m) => /^To: reminded@example\.org$/im.test(m));
      assert.equal(mine.length, 1);
      assert.equal(sent.filter((m) => /^To: naomi@example\.org$/im.test(m)).length, 1);
      assert.match(mine[0]!, /Sunday 2 March at 1:00 PM/);
      assert.match(mine[0]!, /Parking: Free parking/);
      // The same-day guest (and the robot's and unconfirmed visits) got none.
      assert.ok(!sent.some((m) => /sameday@example\.org/.test(m)));
    });

    it('forgets visits never confirmed', async () => {
      app().clock.setNow(new Date(WEDNESDAY.getTime() + 4 * 86_400_000));
      await app().jobs.run('visit-reminders');
      const left = await app().db.selectFrom('visits').select('status').distinct().execute();
      assert.deepEqual(
        left.map((r) => r.status),
        ['confirmed'],
      );
    });

    it('the staff see the visits by service with counts and ages, mark who came, export and remove them', async () => {
      const hq = hqOf(await services(WEDNESDAY));
      const editor = await createMember(app(), { role: 'editor' });
      const member = await createMember(app());
      const staff = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = editor.cookie) =>
        app().inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      assert.equal((await app().inject({ method: 'GET', url: '/api/admin/visits' })).statusCode, 401);
      assert.equal((await staff('GET', '/api/admin/visits', undefined, member.cookie)).statusCode, 403);
      assert.equal((await staff('GET', '/api/admin/visits.csv', undefined, member.cookie)).statusCode, 403);

      // A second family for Naomi's service.
      const sunday = hq.services[2]!;
      await plan({ location: hq._id, service: sunday.at, name: 'Boaz', email: 'boaz@example.org', adults: 1, childrenAges: [2] });
      await confirm(tokenIn(await waitForMailTo(dataDir(), 'boaz@example.org', /Confirm my visit/)));

      const list = async () => json<{ data: { groups: Group[]; pending: number } }>(await staff('GET', '/api/admin/visits')).data;
      const { groups, pending } = await list();
      assert.equal(typeof pending, 'number');
      assert.deepEqual(
        groups.map((g) => g.at),
        [...groups.map((g) => g.at)].sort(),
      );
      const group = groups.find((g) => g.at === sunday.at && g.locationId === hq._id)!;
      // Both families under the service (listed in the order they confirmed, on the site's clock the test moves).
      assert.deepEqual(group.visits.map((v) => v.name).sort(), ['Boaz', 'Naomi']);
      assert.equal(group.adults, 3);
      assert.equal(group.children, 3);
      assert.deepEqual(group.childrenAges, [2, 4, 9]);
      const naomi = group.visits.find((v) => v.name === 'Naomi')!;
      assert.equal(naomi.question, 'Is there a room for babies?');

      const marked = await staff('PUT', `/api/admin/visits/${naomi._id}`, { came: true });
      assert.equal(marked.statusCode, 200);
      const after1 = (await list()).groups.find((g) => g.at === sunday.at && g.locationId === hq._id)!;
      assert.equal(after1.visits.find((v) => v._id === naomi._id)!.came, true);
      assert.equal(after1.came, 4);
      assert.equal((await staff('PUT', `/api/admin/visits/${naomi._id}`, { came: 'yes' })).statusCode, 400);
      assert.equal(
        (await staff('PUT', '/api/admin/visits/00000000-0000-4000-8000-000000000000', { came: true })).statusCode,
        404,
      );

      const csv = await staff('GET', '/api/admin/visits.csv');
      assert.equal(csv.statusCode, 200);
      assert.match(String(csv.headers['content-type']), /^text\/csv/);
      assert.match(String(csv.headers['content-disposition']), /planned-visits-\d{4}-\d{2}-\d{2}\.csv/);
      assert.match(csv.body, /"Name","E-mail","Adults","Children","Children's ages","Question","Came"/);
      assert.match(
        csv.body,
        /"2031-03-02 10:30","Luminaries Harbor Light \(Headquarters\)","[^"]+","Naomi","naomi@example.org","2","2","9 4","Is there a room for babies\?","yes"/,
      );
      const logged = await app().db.selectFrom('activity_log').select('summary').where('subject_type', '=', 'visits').execute();
      assert.equal(logged.length, 1);

      const removed = await staff('DELETE', `/api/admin/visits/${naomi._id}`);
      assert.equal(removed.statusCode, 200);
      assert.equal((await staff('DELETE', `/api/admin/visits/${naomi._id}`)).statusCode, 404);
      const rest = (await list()).groups.find((g) => g.at === sunday.at && g.locationId === hq._id)!;
      assert.deepEqual(
        rest.visits.map((v) => v.name),
        ['Boaz'],
      );
      assert.equal(
        (await app().db.selectFrom('visits').select('id').where('email', '=', 'naomi@example.org').execute()).length,
        0,
      );
    });
  },
  { config: { limits } },
);
