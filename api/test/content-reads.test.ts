import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { ChurchLocation, Devotional, MinistryEvent, NewsItem, Prayer, PressRelease, Story } from '@ministry/shared/types';
import { newId } from '../src/lib/ids.js';
import { describeEachDatabase, json } from './helpers.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describeEachDatabase('public reads', (ctx) => {
  const get = (url: string) => ctx().app.inject({ method: 'GET', url });

  it('GET /api/health answers ok with the database kind', async () => {
    const res = await get('/api/health');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(json(res), { status: 'ok', database: ctx().kind });
  });

  it('GET /api/locations lists the five churches with their fields', async () => {
    const res = await get('/api/locations');
    assert.equal(res.statusCode, 200);
    const { data } = json<{ data: ChurchLocation[] }>(res);
    assert.equal(data.length, 5);
    for (const church of data) {
      assert.ok(church._id && church.church_name && church.adress && church.email);
      assert.ok(Array.isArray(church.main_contact) && church.main_contact.length >= 1);
    }
  });

  it('GET /api/events and /api/events/ list six upcoming events, soonest first', async () => {
    for (const url of ['/api/events', '/api/events/']) {
      const res = await get(url);
      assert.equal(res.statusCode, 200);
      const { data } = json<{ data: MinistryEvent[] }>(res);
      assert.equal(data.length, 6);
      const dates = data.map((e) => Date.parse(e.event_date));
      assert.deepEqual(
        [...dates].sort((a, b) => a - b),
        dates,
      );
      assert.ok(dates.every((d) => d > Date.now()));
      for (const e of data) {
        assert.equal(typeof e.seat_price, 'number');
        assert.equal(e.seatsLeft, e.numberOfSeats);
      }
    }
  });

  it('GET /api/events/search/:id answers one event, 404 for an unknown id and 400 for a malformed one', async () => {
    const { data: events } = json<{ data: MinistryEvent[] }>(await get('/api/events'));
    const res = await get(`/api/events/search/${events[0]._id}`);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(json<{ data: MinistryEvent }>(res).data, events[0]);

    const missing = await get(`/api/events/search/${UNKNOWN_ID}`);
    assert.equal(missing.statusCode, 404);
    assert.equal(json<{ error: { code: string } }>(missing).error.code, 'not_found');

    for (const bad of ['nope', '1%27%20OR%201=1', '%00']) {
      const res2 = await get(`/api/events/search/${bad}`);
      assert.equal(res2.statusCode, 400, bad);
      assert.equal(json<{ error: { code: string } }>(res2).error.code, 'bad_request');
    }
  });

  it('GET /api/news/recent is a bare list, newest first, with a limit', async () => {
    const res = await get('/api/news/recent');
    assert.equal(res.statusCode, 200);
    const news = json<NewsItem[]>(res);
    assert.equal(news.length, 8);
    const dates = news.map((n) => Date.parse(n.createdAt));
    assert.deepEqual(
      [...dates].sort((a, b) => b - a),
      dates,
    );
    assert.equal(json<NewsItem[]>(await get('/api/news/recent?limit=3')).length, 3);
    assert.equal((await get('/api/news/recent?limit=0')).statusCode, 400);
    assert.equal((await get('/api/news/recent?limit=abc')).statusCode, 400);
  });

  it('GET /api/news/:id answers any item, even one older than the recent list; 404 when unknown, 400 when malformed', async () => {
    const seeded = json<NewsItem[]>(await get('/api/news/recent?limit=50'));
    const oldest = seeded[seeded.length - 1];
    // Thirteen newer items push every seeded one out of the recent list (the newest 12).
    await ctx()
      .database.db.insertInto('news')
      .values(
        Array.from({ length: 13 }, (_, i) => ({
          id: newId(),
          title: `Fresh news ${i}`,
          description: 'Newer than the rest.',
          photo: '/media/news-1.svg',
          created_at: new Date(Date.now() - i * 60_000),
        })),
      )
      .execute();
    ctx().app.answerCache.clear('news');
    assert.ok(!json<NewsItem[]>(await get('/api/news/recent')).some((n) => n._id === oldest._id));

    for (const id of [oldest._id, oldest._id.toUpperCase()]) {
      const res = await get(`/api/news/${id}`);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(json<{ data: NewsItem }>(res).data, oldest);
    }

    const missing = await get(`/api/news/${UNKNOWN_ID}`);
    assert.equal(missing.statusCode, 404);
    assert.equal(json<{ error: { code: string } }>(missing).error.code, 'not_found');
    for (const bad of ['gone', '%3Cscript%3E', `${oldest._id}x`]) {
      const res = await get(`/api/news/${bad}`);
      assert.equal(res.statusCode, 400, bad);
      assert.equal(json<{ error: { code: string } }>(res).error.code, 'bad_request');
    }
  });

  it('GET /api/pressrelease lists six press releases (data.data)', async () => {
    const res = await get('/api/pressrelease');
    assert.equal(res.statusCode, 200);
    const { data } = json<{ data: PressRelease[] }>(res);
    assert.equal(data.length, 6);
    assert.ok(data.every((p) => p.title && p.description && p.photo && p.createdAt));
  });

  it('GET /api/devotionals lists 30+ tagged devotionals, newest first, with seconds timestamps, a page at a time', async () => {
    const res = await get('/api/devotionals');
    assert.equal(res.statusCode, 200);
    const first = json<{ data: Devotional[]; paging: { page: number; pageSize: number; total: number; pages: number } }>(res);
    assert.equal(first.data.length, 12);
    assert.ok(first.paging.total >= 30);
    assert.deepEqual(first.paging, {
      page: 1,
      pageSize: 12,
      total: first.paging.total,
      pages: Math.ceil(first.paging.total / 12),
    });
    const { data } = json<{ data: Devotional[] }>(await get('/api/devotionals?limit=100'));
    assert.equal(data.length, first.paging.total);
    assert.deepEqual(data.slice(0, 12), first.data);
    assert.ok(new Set(data.map((d) => d.tag)).size >= 5);
    const stamps = data.map((d) => d.timestamp);
    assert.deepEqual(
      [...stamps].sort((a, b) => b - a),
      stamps,
    );
    assert.ok(stamps.every((s) => Number.isInteger(s) && s < Date.now() / 1000 + 1 && s > 1_600_000_000));
    assert.equal(json<{ data: Devotional[] }>(await get('/api/devotionals?limit=3')).data.length, 3);
  });

  it('GET /api/devotionals/:idOrSlug finds by id and by slug; 404 when missing, 400 when malformed', async () => {
    const { data } = json<{ data: Devotional[] }>(await get('/api/devotionals'));
    const first = data[0];
    assert.deepEqual(json<{ data: Devotional }>(await get(`/api/devotionals/${first._id}`)).data, first);
    assert.deepEqual(json<{ data: Devotional }>(await get(`/api/devotionals/${first.slug}`)).data, first);
    assert.equal((await get('/api/devotionals/no-such-devotional')).statusCode, 404);
    assert.equal((await get(`/api/devotionals/${UNKNOWN_ID}`)).statusCode, 404);
    assert.equal((await get('/api/devotionals/%3Cscript%3E')).statusCode, 400);
  });

  it('GET /api/devotionals/tags/:tag filters by tag, whatever its case', async () => {
    const { data: all } = json<{ data: Devotional[] }>(await get('/api/devotionals?limit=100'));
    const tag = all[0].tag;
    const { data } = json<{ data: Devotional[] }>(await get(`/api/devotionals/tags/${tag.toUpperCase()}`));
    assert.equal(data.length, all.filter((d) => d.tag === tag).length);
    assert.ok(data.every((d) => d.tag === tag));
    assert.deepEqual(json<{ data: Devotional[] }>(await get('/api/devotionals/tags/unknown-tag')).data, []);
  });

  it('GET /api/prayers/ lists published prayers with authors (data.data), also without the slash', async () => {
    for (const url of ['/api/prayers/', '/api/prayers']) {
      const { data } = json<{ data: Prayer[] }>(await get(url));
      assert.equal(data.length, 6);
      assert.ok(data.every((p) => p.status === 'published' && p.user!.firstname && p.user!.lastname && p.text && p.date));
      assert.ok(data.every((p) => !('email' in p.user!) && !('password_hash' in p.user!)));
    }
  });

  it('GET /api/story/ is a bare list of published stories with likes and comments', async () => {
    const stories = json<Story[]>(await get('/api/story/'));
    assert.equal(stories.length, 6);
    const liked = stories.find((s) => s.nbLikes === 3);
    assert.ok(liked);
    assert.ok(stories.some((s) => s.comments.length === 2));
    assert.ok(stories.every((s) => s.userLikesThis === false));
  });

  it('GET /api/story/top lists the most liked first, at most six', async () => {
    const top = json<Story[]>(await get('/api/story/top'));
    assert.ok(top.length <= 6 && top.length > 0);
    const likes = top.map((s) => s.nbLikes);
    assert.deepEqual(
      [...likes].sort((a, b) => b - a),
      likes,
    );
  });

  it('an unknown API path is a JSON 404', async () => {
    const res = await get('/api/nothing-here');
    assert.equal(res.statusCode, 404);
    assert.equal(json<{ error: { code: string } }>(res).error.code, 'not_found');
  });
});
