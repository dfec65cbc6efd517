/**
 * Prayers, stories, news and press releases a page at a time: following the
 * pages reaches every item once, newest first, the oldest on the last page;
 * the spec's list calls keep their answer for the first page.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { NewsItem, Prayer, Story } from '@ministry/shared/types';
import { newId } from '../src/lib/ids.js';
import { addArchive } from '../src/seed/archive.js';
import { createMember, describeEachDatabase, json } from './helpers.js';

interface Paging {
  page: number;
  pageSize: number;
  total: number;
  pages: number;
}
interface PageAnswer<T> {
  data: T[];
  paging: Paging;
}

const PRAYERS = 60;
const STORIES = 50;
const ARTICLES = 30;

describeEachDatabase('lists a page at a time', (ctx) => {
  const get = (url: string, cookie?: string) => ctx().app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const page = async <T>(url: string, cookie?: string) => {
    const res = await get(url, cookie);
    assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    return json<PageAnswer<T>>(res);
  };
  /** Every page of a list, by following `paging` from the first. */
  const everyPage = async <T>(base: string, cookie?: string) => {
    const seen: T[] = [];
    const first = await page<T>(base, cookie);
    let answer = first;
    for (;;) {
      assert.equal(answer.paging.total, first.paging.total);
      assert.ok(answer.data.length <= answer.paging.pageSize);
      seen.push(...answer.data);
      if (answer.paging.page >= answer.paging.pages) break;
      answer = await page<T>(`${base}${base.includes('?') ? '&' : '?'}page=${answer.paging.page + 1}`, cookie);
    }
    assert.equal(seen.length, first.paging.total);
    return { seen, first };
  };
  const newestFirst = (dates: string[]) => assert.deepEqual([...dates].sort().reverse(), dates);
  const oldest = async (table: 'prayers' | 'stories') =>
    (
      await ctx()
        .database.db.selectFrom(table)
        .select('id')
        .where('status', '=', 'published')
        .orderBy('created_at')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).id;

  it('setup: an archive of older prayers and stories, news and press releases', async () => {
    const db = ctx().database.db;
    await addArchive(db, { devotionals: 0, prayers: PRAYERS, stories: STORIES, members: 4 });
    const day = 86_400_000;
    for (const table of ['news', 'press_releases'] as const) {
      await db
        .insertInto(table)
        .values(
          Array.from({ length: ARTICLES }, (_, i) => ({
            id: newId(),
            title: `Archive ${table} ${i + 1}`,
            description: `Item ${i + 1}.`,
            photo: '/media/news-1.svg',
            created_at: new Date(Date.now() - (900 - i) * day),
            status: 'published' as const,
          })),
        )
        .execute();
    }
  });

  it('the prayer wall: every prayer once by following the pages, newest first, the oldest last', async () => {
    const { seen, first } = await everyPage<Prayer>('/api/prayers/');
    assert.equal(first.paging.page, 1);
    assert.equal(first.paging.pageSize, 24);
    assert.ok(first.paging.total >= PRAYERS, `${first.paging.total}`);
    assert.equal(new Set(seen.map((p) => p._id)).size, seen.length);
    newestFirst(seen.map((p) => p.date));
    assert.equal(seen.at(-1)?._id, await oldest('prayers'));
    assert.match(seen.at(-1)!.text, /\(archive 1\)$/);
    const small = await page<Prayer>('/api/prayers?limit=7&page=2');
    assert.deepEqual(
      small.data.map((p) => p._id),
      seen.slice(7, 14).map((p) => p._id),
    );
  });

  it('one prayer by its id; a member sees their own awaiting review on the first page, and nobody else does', async () => {
    const member = await createMember(ctx().app);
    const posted = await ctx().app.inject({
      method: 'POST',
      url: `/api/prayers/add/${member.id}`,
      headers: { cookie: member.cookie },
      payload: { text: 'Pray for my exams' },
    });
    assert.equal(posted.statusCode, 201, posted.body);
    const { data: prayer } = json<{ data: Prayer }>(posted);
    assert.equal(prayer.status, 'pending');
    const mine = await page<Prayer>('/api/prayers', member.cookie);
    assert.equal(mine.data[0]?._id, prayer._id);
    const visitors = await page<Prayer>('/api/prayers');
    assert.equal(mine.paging.total, visitors.paging.total + 1);
    assert.ok(!visitors.data.some((p) => p._id === prayer._id));
    assert.equal((await get(`/api/prayers/${prayer._id}`, member.cookie)).statusCode, 200);
    assert.equal((await get(`/api/prayers/${prayer._id}`)).statusCode, 404);
    const old = await get(`/api/prayers/${await oldest('prayers')}`);
    assert.equal(old.statusCode, 200);
    assert.match(json<{ data: Prayer }>(old).data.text, /\(archive 1\)$/);
  });

  it('stories: every story once by following the pages, newest first, the oldest last; the spec call answers a bare first page', async () => {
    const { seen, first } = await everyPage<Story>('/api/stories');
    assert.equal(first.paging.pageSize, 20);
    assert.ok(first.paging.total >= STORIES);
    assert.equal(new Set(seen.map((s) => s._id)).size, seen.length);
    newestFirst(seen.map((s) => s.createdAt));
    assert.equal(seen.at(-1)?._id, await oldest('stories'));
    const bare = await get('/api/story/');
    assert.equal(bare.statusCode, 200);
    assert.deepEqual(
      json<Story[]>(bare).map((s) => s._id),
      first.data.map((s) => s._id),
    );
    const bareLast = json<Story[]>(await get(`/api/story?page=${first.paging.pages}`));
    assert.equal(bareLast.at(-1)?._id, await oldest('stories'));
    const three = await page<Story>('/api/stories?published=true&limit=3');
    assert.deepEqual(
      three.data.map((s) => s._id),
      seen.slice(0, 3).map((s) => s._id),
    );
  });

  it('news and press releases: every item once by following the pages, newest first', async () => {
    for (const base of ['/api/news', '/api/pressrelease']) {
      const { seen, first } = await everyPage<NewsItem>(base);
      assert.equal(first.paging.pageSize, 12, base);
      assert.ok(first.paging.total >= ARTICLES, base);
      assert.equal(new Set(seen.map((n) => n._id)).size, seen.length, base);
      newestFirst(seen.map((n) => n.createdAt));
      assert.match(seen.at(-1)!.title, / 1$/, base);
    }
    const recent = json<NewsItem[]>(await get('/api/news/recent'));
    assert.deepEqual(
      recent.map((n) => n._id),
      (await page<NewsItem>('/api/news')).data.map((n) => n._id),
    );
    const lastPress = await page<NewsItem>('/api/pressrelease?page=3');
    const one = await get(`/api/pressrelease/${lastPress.data.at(-1)!._id}`);
    assert.equal(one.statusCode, 200);
    assert.equal(json<{ data: NewsItem }>(one).data.title, lastPress.data.at(-1)!.title);
    assert.equal((await get(`/api/pressrelease/${newId()}`)).statusCode, 404);
  });

  it('a link to one prayer or story finds the page that holds it; one a visitor may not see is a 404', async () => {
    for (const [list, kind] of [
      ['/api/prayers/', 'prayers'],
      ['/api/stories', 'stories'],
    ] as const) {
      const { seen } = await everyPage<{ _id: string }>(list);
      for (const index of [0, 23, 24, seen.length - 1]) {
        const item = seen[index]!;
        const res = await get(`/api/${kind}/${item._id}/page`);
        assert.equal(res.statusCode, 200, res.body);
        const { page: found } = json<{ data: { page: number } }>(res).data;
        const onIt = await page<{ _id: string }>(`${list}${list.includes('?') ? '&' : '?'}page=${found}`);
        assert.ok(
          onIt.data.some((d) => d._id === item._id),
          `${kind} #${index} is on page ${found}`,
        );
      }
    }
    const waiting = await ctx().database.db.selectFrom('prayers').select('id').where('status', '=', 'pending').executeTakeFirst();
    if (waiting) assert.equal((await get(`/api/prayers/${waiting.id}/page`)).statusCode, 404);
    assert.equal((await get(`/api/prayers/${newId()}/page`)).statusCode, 404);
    assert.equal((await get('/api/stories/not-an-id/page')).statusCode, 400);
  });

  it('a page past the last is empty and says how many pages there are', async () => {
    for (const base of ['/api/prayers', '/api/stories', '/api/news', '/api/pressrelease']) {
      const first = await page<unknown>(base);
      const beyond = await page<unknown>(`${base}?page=${first.paging.pages + 1}`);
      assert.deepEqual(beyond.data, [], base);
      assert.equal(beyond.paging.pages, first.paging.pages, base);
    }
  });

  it('a malformed page or size is a 400 that says why', async () => {
    for (const base of ['/api/prayers', '/api/story', '/api/stories', '/api/news', '/api/pressrelease']) {
      for (const query of ['page=0', 'page=two', 'page=-1', 'page=10001', 'limit=0', 'limit=1000']) {
        const res = await get(`${base}?${query}`);
        assert.equal(res.statusCode, 400, `${base}?${query}`);
        assert.match(json<{ error: { message: string } }>(res).error.message, /page|limit/, `${base}?${query}`);
      }
    }
  });
});
