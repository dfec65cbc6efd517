/**
 * The theme of the year (the home page's headline): the theme of the year it
 * is on the ministry's clock for everyone, and the staff set, change and
 * remove each year's on /admin.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { YearTheme } from '@ministry/shared/types';
import { siteYearOf } from '../src/modules/yearThemes/service.js';
import { createMember, describeEachDatabase, json } from './helpers.js';

describeEachDatabase('the theme of the year', (ctx) => {
  let editor: { cookie: string };
  let member: { cookie: string };
  const year = siteYearOf(new Date());
  const current = async () =>
    json<{ data: YearTheme | null }>(await ctx().app.inject({ method: 'GET', url: '/api/year-theme' })).data;
  const put = (cookie: string, forYear: number | string, payload: unknown) =>
    ctx().app.inject({
      method: 'PUT',
      url: `/api/admin/year-themes/${forYear}`,
      headers: { cookie },
      payload: payload as object,
    });

  before(async () => {
    editor = await createMember(ctx().app, { role: 'editor' });
    member = await createMember(ctx().app);
  });

  it("everyone gets this year's theme: the sample site starts with one; 2025's, once written in the code, is kept", async () => {
    assert.deepEqual(await current(), {
      year,
      title: 'The Year of the Luminaries',
      verse: 'Arise, shine, for your light has come. — Isaiah 60:1',
    });
    const list = await ctx().app.inject({ method: 'GET', url: '/api/admin/year-themes', headers: { cookie: editor.cookie } });
    assert.equal(list.statusCode, 200);
    const body = json<{ data: YearTheme[]; currentYear: number }>(list);
    assert.equal(body.currentYear, year);
    assert.ok(body.data.some((t) => t.year === 2025 && t.title === 'The Year of the Luminaries'));
  });

  it("an editor changes this year's theme and sets another year's; the public sees this year's only", async () => {
    const changed = await put(editor.cookie, year, {
      title: '  The Year of   Open Doors ',
      verse: 'I have set before you an open door. — Revelation 3:8',
    });
    assert.equal(changed.statusCode, 200, changed.body);
    assert.deepEqual(await current(), {
      year,
      title: 'The Year of Open Doors',
      verse: 'I have set before you an open door. — Revelation 3:8',
    });

    assert.equal((await put(editor.cookie, year + 1, { title: 'The Year of Harvest' })).statusCode, 200);
    assert.equal((await current())?.title, 'The Year of Open Doors');
    const list = json<{ data: YearTheme[] }>(
      await ctx().app.inject({ method: 'GET', url: '/api/admin/year-themes', headers: { cookie: editor.cookie } }),
    ).data;
    assert.deepEqual(
      list.slice(0, 2).map((t) => [t.year, t.title, t.verse]),
      [
        [year + 1, 'The Year of Harvest', ''],
        [year, 'The Year of Open Doors', 'I have set before you an open door. — Revelation 3:8'],
      ],
    );

    const activity = json<{ data: { items: { summary: string }[] } }>(
      await ctx().app.inject({
        method: 'GET',
        url: '/api/admin/activity',
        headers: { cookie: (await createMember(ctx().app, { role: 'admin' })).cookie },
      }),
    ).data.items;
    assert.ok(activity.some((a) => a.summary === `Theme of ${year} changed to "The Year of Open Doors"`));
  });

  it('bad input gets a clear message; members and visitors may not change it', async () => {
    const empty = await put(editor.cookie, year, { title: '   ' });
    assert.equal(empty.statusCode, 400);
    assert.match(empty.body, /Write the theme of the year/);
    const long = await put(editor.cookie, year, { title: 'x'.repeat(121) });
    assert.equal(long.statusCode, 400);
    assert.match(long.body, /at most 120 characters/);
    assert.equal((await put(editor.cookie, 'next', { title: 'A year' })).statusCode, 400);
    assert.equal((await put(editor.cookie, 1800, { title: 'A year' })).statusCode, 400);
    assert.equal((await put(member.cookie, year, { title: 'Mine now' })).statusCode, 403);
    assert.equal(
      (await ctx().app.inject({ method: 'PUT', url: `/api/admin/year-themes/${year}`, payload: { title: 'x' } })).statusCode,
      401,
    );
    assert.equal((await current())?.title, 'The Year of Open Doors');
  });

  it("removing this year's theme leaves the public none; removing it again is a 404", async () => {
    const removed = await ctx().app.inject({
      method: 'DELETE',
      url: `/api/admin/year-themes/${year}`,
      headers: { cookie: editor.cookie },
    });
    assert.equal(removed.statusCode, 204);
    assert.equal(await current(), null);
    const again = await ctx().app.inject({
      method: 'DELETE',
      url: `/api/admin/year-themes/${year}`,
      headers: { cookie: editor.cookie },
    });
    assert.equal(again.statusCode, 404);
  });
});
