import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Devotional } from '@ministry/shared/types';
import { newId } from '../src/lib/ids.js';
import { siteDay } from '../src/lib/schedule.js';
import { createMember, describeEachDatabase, json } from './helpers.js';

interface PageAnswer {
  data: Devotional[];
  paging: { page: number; pageSize: number; total: number; pages: number };
}

const ARCHIVE = 30;

describeEachDatabase('devotionals a page at a time', (ctx) => {
  const get = (url: string) => ctx().app.inject({ method: 'GET', url });
  const page = async (url: string) => {
    const res = await get(url);
    assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    return json<PageAnswer>(res);
  };

  it('setup: thirty older devotionals tagged Archive, one a day', async () => {
    const day = 86_400_000;
    const start = Date.now() - 400 * day;
    await ctx()
      .database.db.insertInto('devotionals')
      .values(
        Array.from({ length: ARCHIVE }, (_, i) => ({
          id: newId(),
          slug: `archive-word-${i + 1}`,
          title: i === 0 ? 'Archive word 1: 100% sure' : `Archive word ${i + 1}`,
          image: '/media/devotional-1.svg',
          tag: 'Archive',
          tags: ['Archive'],
          detail: `<p>Word ${i + 1}.</p>`,
          published_at: new Date(start + i * day),
        })),
      )
      .execute();
  });

  it('following the pages of a tag reaches every devotional once, the oldest last', async () => {
    const seen: Devotional[] = [];
    let next: number | null = 1;
    while (next) {
      const answer = await page(`/api/devotionals/tags/archive?page=${next}`);
      assert.equal(answer.paging.total, ARCHIVE);
      assert.equal(answer.paging.pages, 3);
      seen.push(...answer.data);
      next = answer.paging.page < answer.paging.pages ? answer.paging.page + 1 : null;
    }
    assert.equal(new Set(seen.map((d) => d._id)).size, ARCHIVE);
    assert.equal(seen.at(-1)?.slug, 'archive-word-1', 'the oldest is on the last page');
    assert.equal(seen[0]?.slug, `archive-word-${ARCHIVE}`);
  });

  it('the pages of all devotionals end with the oldest, and a page past the last is empty', async () => {
    const first = await page('/api/devotionals');
    const last = await page(`/api/devotionals?page=${first.paging.pages}`);
    assert.equal(last.data.at(-1)?.slug, 'archive-word-1');
    const beyond = await page(`/api/devotionals?page=${first.paging.pages + 1}`);
    assert.deepEqual(beyond.data, []);
    assert.equal(beyond.paging.pages, first.paging.pages);
  });

  it('searches the titles whatever their case; % and _ mean themselves', async () => {
    const found = await page('/api/devotionals?q=ARCHIVE%20WORD%202');
    // "Archive word 2" and "Archive word 20" to "29".
    assert.equal(found.paging.total, 11);
    assert.ok(found.data.every((d) => /archive word 2/i.test(d.title)));
    assert.deepEqual(
      (await page('/api/devotionals?q=100%25')).data.map((d) => d.slug),
      ['archive-word-1'],
    );
    assert.equal((await page('/api/devotionals?q=_')).paging.total, 0);
    assert.equal((await page('/api/devotionals?q=no%20such%20title')).paging.total, 0);
  });

  it('lists the tags in use with their counts, the most used first', async () => {
    const res = await get('/api/devotionals/tags');
    assert.equal(res.statusCode, 200);
    const { data } = json<{ data: { tag: string; count: number }[] }>(res);
    assert.deepEqual(data[0], { tag: 'Archive', count: ARCHIVE });
    const counts = data.map((t) => t.count);
    assert.deepEqual(
      [...counts].sort((a, b) => b - a),
      counts,
    );
    for (const { tag, count } of data.slice(1, 4))
      assert.equal((await page(`/api/devotionals/tags/${encodeURIComponent(tag)}`)).paging.total, count, tag);
  });

  it('a malformed page is a 400', async () => {
    for (const url of [
      '/api/devotionals?page=0',
      '/api/devotionals?page=two',
      '/api/devotionals/tags/archive?page=-1',
      '/api/devotionals?limit=1000',
    ]) {
      assert.equal((await get(url)).statusCode, 400, url);
    }
  });

  it('no devotional can take the address of the tags list', async () => {
    const editor = await createMember(ctx().app, { role: 'editor' });
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/devotionals',
      headers: { cookie: editor.cookie },
      payload: {
        title: 'Tags',
        slug: 'tags',
        date: siteDay(new Date()),
        verses: 'Psalm 1',
        tags: ['Faith'],
        image: '/media/devotional-1.svg',
        detail: '<p>x</p>',
      },
    });
    assert.equal(res.statusCode, 400, res.body);
    assert.match(res.body, /already has this address/);
  });
});
