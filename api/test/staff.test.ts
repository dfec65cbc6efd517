/**
 * The staff's foundation: roles (member, editor, admin) checked on every
 * staff call (401 signed out, 403 for a role that may not), disabled
 * accounts, the activity log, the dashboard, and the test clock that only
 * tests may turn on.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { loadConfig } from '../src/config.js';
import { recordActivity } from '../src/modules/activity/service.js';
import { createMember, describeEachDatabase, json } from './helpers.js';

describeEachDatabase(
  'staff roles',
  (ctx) => {
    const get = (url: string, cookie?: string) => ctx().app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

    it('a staff call answers 401 signed out and 403 to a member; the activity log is for admins only', async () => {
      const member = await createMember(ctx().app);
      const editor = await createMember(ctx().app, { role: 'editor' });
      const admin = await createMember(ctx().app, { role: 'admin' });
      for (const url of ['/api/admin/dashboard', '/api/admin/activity']) {
        assert.equal((await get(url)).statusCode, 401, url);
        const refused = await get(url, member.cookie);
        assert.equal(refused.statusCode, 403, url);
        assert.match(json<{ error: { message: string } }>(refused).error.message, /staff|admin/);
      }
      assert.equal((await get('/api/admin/dashboard', editor.cookie)).statusCode, 200);
      assert.equal((await get('/api/admin/activity', editor.cookie)).statusCode, 403, 'an editor may not read the activity log');
      assert.equal((await get('/api/admin/activity', admin.cookie)).statusCode, 200);
    });

    it('a disabled account cannot sign in, and its sessions are refused at once', async () => {
      const member = await createMember(ctx().app);
      assert.equal((await get(`/api/user/search/${member.id}`, member.cookie)).statusCode, 200);
      await ctx().app.db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', member.id).execute();
      assert.equal(
        (await get(`/api/user/search/${member.id}`, member.cookie)).statusCode,
        401,
        'the session ends on its next request',
      );
      const login = await ctx().app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: member.email, password: member.password },
      });
      assert.equal(login.statusCode, 403);
      assert.match(json<{ error: { message: string } }>(login).error.message, /disabled/);
      const wrong = await ctx().app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: member.email, password: 'not the password' },
      });
      assert.equal(wrong.statusCode, 400, 'without the password, nothing tells that the account is disabled');
    });

    it('the activity log lists changes newest first, a page at a time', async () => {
      const admin = await createMember(ctx().app, { role: 'admin', firstname: 'Grace', lastname: 'Admin' });
      const actor = {
        id: admin.id,
        role: 'admin' as const,
        email: admin.email,
        firstname: 'Grace',
        lastname: 'Admin',
        verified: true,
      };
      for (let i = 0; i < 55; i++)
        await recordActivity(ctx().app.db, actor, { action: 'updated', subjectType: 'test thing', summary: `Change ${i}` });
      const first = json<{ data: { items: { summary: string; actor: { name: string } }[]; next: string } }>(
        await get('/api/admin/activity?subject=test%20thing', admin.cookie),
      ).data;
      assert.equal(first.items.length, 50);
      assert.equal(first.items[0].summary, 'Change 54');
      assert.equal(first.items[0].actor.name, 'Grace Admin');
      const second = json<{ data: { items: { summary: string }[]; next: unknown } }>(
        await get(`/api/admin/activity?subject=test%20thing&before=${first.next}`, admin.cookie),
      ).data;
      assert.deepEqual(
        second.items.map((i) => i.summary),
        ['Change 4', 'Change 3', 'Change 2', 'Change 1', 'Change 0'],
      );
      assert.equal(second.next, null);
    });

    it("the dashboard shows what waits for moderation, the week's devotionals with their gaps, and the events ahead", async () => {
      const editor = await createMember(ctx().app, { role: 'editor' });
      const data = json<{
        data: {
          moderation: Record<string, number>;
          devotionals: { date: string; items: unknown[] }[];
          events: { seatsSold: number; numberOfSeats: number }[];
        };
      }>(await get('/api/admin/dashboard', editor.cookie)).data;
      assert.deepEqual(Object.keys(data.moderation).sort(), ['comments', 'prayers', 'reports', 'stories']);
      assert.equal(data.devotionals.length, 7);
      assert.match(data.devotionals[0].date, /^\d{4}-\d{2}-\d{2}$/);
      assert.ok(data.events.length > 0, 'the sample events are ahead');
      assert.ok(data.events.every((e) => e.seatsSold <= e.numberOfSeats));
    });

    it('the test clock exists only when turned on', async () => {
      const res = await ctx().app.inject({ method: 'PUT', url: '/api/test/clock', payload: { at: new Date().toISOString() } });
      assert.equal(res.statusCode, 404);
    });
  },
  { seed: true },
);

it('refuses TEST_CLOCK on a public address', () => {
  assert.throws(() => loadConfig({ TEST_CLOCK: 'on', PUBLIC_URL: 'https://church.example' }), /TEST_CLOCK/);
  assert.equal(loadConfig({ TEST_CLOCK: 'on' }).testClock, true);
});
