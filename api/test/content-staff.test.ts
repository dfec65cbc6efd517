/**
 * Devotionals, news and press releases written by the staff: every staff
 * call refuses visitors (401) and members (403); bad input is a clear 400
 * (empty title, taken slug, impossible date); a slug never changes once the
 * public could read it; rich text is stored sanitized; a draft or an item
 * dated ahead is in no public answer (lists, tag lists, details, share
 * previews) until its date comes on the site's clock, and the cached lists
 * expire at that moment; every change is in the activity log and shows at
 * once on the public lists.
 */
import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { inSiteTimeZone } from '@ministry/shared/format';
import type { StaffArticle, StaffDevotional } from '@ministry/shared/types';
import { siteDay } from '../src/lib/schedule.js';
import { pagePreview } from '../src/site/sharePreview.js';
import { createMember, describeEachDatabase, json } from './helpers.js';

type Answer<T> = { data: T };
type ErrorAnswer = { error: { code: string; message: string; fields?: Record<string, string> } };
interface PublicDevotional {
  _id: string;
  slug: string;
  title: string;
  tag: string;
  tags: string[];
  verses: string;
  detail: string;
}

/** The day `days` after today on the site's clock, 'YYYY-MM-DD'. */
const dayFrom = (now: Date, days: number) => inSiteTimeZone(now).add(days, 'day').format('YYYY-MM-DD');
/** The first moment of a day on the site's clock. */
const startOf = (day: string) => inSiteTimeZone(day).startOf('day').toDate();

const PHOTO = '/media/devotional-3.svg';
let counter = 0;
const devotionalBody = (overrides: Record<string, unknown> = {}) => ({
  title: `Walking in the light ${++counter}`,
  slug: '',
  date: siteDay(new Date()),
  verses: 'Psalm 23:1-4',
  tags: ['Faith'],
  image: PHOTO,
  detail: '<p>The Lord is my shepherd; I shall not want.</p>',
  ...overrides,
});
const articleBody = (overrides: Record<string, unknown> = {}) => ({
  title: `Choir news ${++counter}`,
  description: 'The youth choir sings on Sunday.',
  photo: '/media/news-2.svg',
  date: siteDay(new Date()),
  ...overrides,
});

describeEachDatabase('staff pages for devotionals, news and press releases', (ctx) => {
  let editor: { cookie: string };
  let member: { cookie: string };

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
    ctx().app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const staff = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    call(method, url, editor.cookie, payload);
  const publicJson = async <T>(url: string) => {
    const res = await call('GET', url);
    assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    const body = json<T | { data: T }>(res);
    return (Array.isArray(body) ? body : (body as { data: T }).data) as T;
  };
  const publicStatus = async (url: string) => (await call('GET', url)).statusCode;

  async function newDevotional(overrides: Record<string, unknown> = {}): Promise<StaffDevotional> {
    const res = await staff('POST', '/api/admin/devotionals', devotionalBody(overrides));
    assert.equal(res.statusCode, 201, res.body);
    return json<Answer<StaffDevotional>>(res).data;
  }
  async function publish(path: string): Promise<StaffDevotional & StaffArticle> {
    const res = await staff('POST', `${path}/publish`);
    assert.equal(res.statusCode, 200, res.body);
    return json<Answer<StaffDevotional & StaffArticle>>(res).data;
  }

  const setNow = (at: Date) => ctx().app.clock.setNow(at);
  // Each test that moves the clock puts it back.
  after(() => setNow(new Date()));

  it('every staff call for content answers 401 signed out and 403 to a member', async () => {
    editor = await createMember(ctx().app, { role: 'editor' });
    member = await createMember(ctx().app);
    const devotional = await newDevotional();
    const routes = ctx().app.routeList.filter((r) => /^\/api\/admin\/(devotionals|news|press)\b/.test(r.url));
    assert.equal(routes.length, 8 + 7 + 7, routes.map((r) => `${r.method} ${r.url}`).join('\n'));
    for (const route of routes) {
      const url = route.url.replace(':id', devotional._id);
      const payload = ['POST', 'PUT'].includes(route.method) ? devotionalBody() : undefined;
      const signedOut = await call(route.method as 'GET', url, undefined, payload);
      assert.equal(signedOut.statusCode, 401, `${route.method} ${route.url} signed out`);
      const refused = await call(route.method as 'GET', url, member.cookie, payload);
      assert.equal(refused.statusCode, 403, `${route.method} ${route.url} as a member`);
      assert.match(json<ErrorAnswer>(refused).error.message, /staff/);
    }
    // An admin may do all an editor may.
    const admin = await createMember(ctx().app, { role: 'admin' });
    assert.equal((await call('GET', '/api/admin/devotionals', admin.cookie)).statusCode, 200);
  });

  it('refuses bad input with a clear 400 naming the field: empty title, impossible date, taken slug, no tag, no photo, an empty body', async () => {
    const taken = await newDevotional({ slug: 'shepherd-of-my-soul' });
    assert.equal(taken.slug, 'shepherd-of-my-soul');
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ title: '   ' }, 'title', /Please give a title/],
      [{ date: '2026-02-30' }, 'date', /real date/],
      [{ date: 'tomorrow' }, 'date', /real date/],
      [{ date: '' }, 'date', /Please choose a date/],
      [{ slug: 'shepherd-of-my-soul' }, 'slug', /already has this address/],
      [{ slug: 'Not A Slug!' }, 'slug', /lowercase letters/],
      [{ tags: [] }, 'tags', /at least one tag/],
      [{ tags: ['<b>bold</b>'] }, 'tags', /letters, digits/],
      [{ image: '' }, 'image', /add a photo/],
      [{ image: 'https://tracker.example/pixel.gif' }, 'image', /upload the photo/],
      [{ detail: '<script>alert(1)</script>' }, 'detail', /write the devotional/],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await staff('POST', '/api/admin/devotionals', devotionalBody(overrides));
      assert.equal(res.statusCode, 400, `${JSON.stringify(overrides)}: ${res.body}`);
      const { error } = json<ErrorAnswer>(res);
      assert.match(error.fields?.[field] ?? '', message, `${JSON.stringify(overrides)}: ${res.body}`);
      assert.match(error.message, message);
    }
    // The same rules on a change, and for news and press releases.
    const put = await staff('PUT', `/api/admin/devotionals/${taken._id}`, devotionalBody({ title: '' }));
    assert.equal(put.statusCode, 400);
    for (const kind of ['news', 'press']) {
      const res = await staff('POST', `/api/admin/${kind}`, articleBody({ title: '', date: '2026-13-01' }));
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(Object.keys(json<ErrorAnswer>(res).error.fields ?? {}).sort(), ['date', 'title']);
      const text = await staff('POST', `/api/admin/${kind}`, articleBody({ description: '<img src=x onerror=alert(1)>' }));
      assert.equal(json<ErrorAnswer>(text).error.fields?.description, 'Please write the text');
    }
    assert.equal((await staff('GET', '/api/admin/devotionals/not-an-id')).statusCode, 400);
    assert.equal((await staff('GET', '/api/admin/devotionals/00000000-0000-4000-8000-000000000000')).statusCode, 404);
  });

  it('stores the body sanitized, and serves it so', async () => {
    const created = await newDevotional({
      detail:
        '<p onclick="steal()">Grace <strong>and</strong> peace<script>alert(1)</script></p><img src=x onerror="alert(2)">' +
        '<a href="javascript:alert(3)">bad link</a> <a href="https://example.org/psalms">good link</a><iframe src="https://evil.example"></iframe>',
    });
    for (const html of [
      created.detail,
      json<Answer<StaffDevotional>>(await staff('GET', `/api/admin/devotionals/${created._id}`)).data.detail,
    ]) {
      assert.doesNotMatch(html, /script|onerror|onclick|javascript:|iframe|<img/i, html);
      assert.match(html, /<p>Grace <strong>and<\/strong> peace<\/p>/);
      assert.match(html, /<a href="https:\/\/example.org\/psalms" rel="noopener noreferrer">good link<\/a>/);
    }
    const row = await ctx()
      .app.db.selectFrom('devotionals')
      .select('detail')
      .where('id', '=', created._id)
      .executeTakeFirstOrThrow();
    assert.doesNotMatch(row.detail, /script|onerror|onclick|javascript:|iframe/i, 'what is stored is already clean');
    await publish(`/api/admin/devotionals/${created._id}`);
    const shown = await publicJson<PublicDevotional>(`/api/devotionals/${created.slug}`);
    assert.doesNotMatch(shown.detail, /script|onerror|javascript:/i);
    assert.equal(shown.verses, 'Psalm 23:1-4', 'the verses are on the public devotional');
  });

  it('makes the slug from the title, unique, and keeps it once the public has read the devotional', async () => {
    const first = await newDevotional({ title: 'Streams in the Desert' });
    const second = await newDevotional({ title: 'Streams in the desert!' });
    assert.equal(first.slug, 'streams-in-the-desert');
    assert.equal(second.slug, 'streams-in-the-desert-2');
    assert.equal(first.slugLocked, false);

    // A draft's slug may change.
    const renamed = await staff(
      'PUT',
      `/api/admin/devotionals/${first._id}`,
      devotionalBody({ title: first.title, slug: 'streams-of-water' }),
    );
    assert.equal(renamed.statusCode, 200, renamed.body);
    assert.equal(json<Answer<StaffDevotional>>(renamed).data.slug, 'streams-of-water');
    const clash = await staff(
      'PUT',
      `/api/admin/devotionals/${first._id}`,
      devotionalBody({ title: first.title, slug: 'streams-in-the-desert-2' }),
    );
    assert.equal(clash.statusCode, 400);
    assert.match(json<ErrorAnswer>(clash).error.fields?.slug ?? '', /already has this address/);

    // Published today: the public reads it, and its address stays.
    const published = await publish(`/api/admin/devotionals/${first._id}`);
    assert.equal(published.state, 'published');
    assert.equal(published.slugLocked, true);
    const moved = await staff(
      'PUT',
      `/api/admin/devotionals/${first._id}`,
      devotionalBody({ title: 'A new title', slug: 'another-address' }),
    );
    assert.equal(moved.statusCode, 400);
    assert.match(json<ErrorAnswer>(moved).error.fields?.slug ?? '', /stays the same/);
    // A new title keeps the address, even with the slug left empty, and even once unpublished.
    const retitled = await staff(
      'PUT',
      `/api/admin/devotionals/${first._id}`,
      devotionalBody({ title: 'A new title', slug: '' }),
    );
    assert.equal(json<Answer<StaffDevotional>>(retitled).data.slug, 'streams-of-water');
    await staff('POST', `/api/admin/devotionals/${first._id}/unpublish`);
    await publish(`/api/admin/devotionals/${first._id}`);
    assert.equal((await publicJson<PublicDevotional>('/api/devotionals/streams-of-water')).title, 'A new title');
    assert.equal(await publicStatus('/api/devotionals/another-address'), 404);

    // Scheduled for tomorrow, nobody has read it yet: its slug may still change, until its day comes.
    const now = new Date();
    const scheduled = await newDevotional({ title: 'Tomorrow morning', date: dayFrom(now, 1) });
    const waiting = await publish(`/api/admin/devotionals/${scheduled._id}`);
    assert.equal(waiting.state, 'scheduled');
    assert.equal(waiting.slugLocked, false);
    const early = await staff(
      'PUT',
      `/api/admin/devotionals/${scheduled._id}`,
      devotionalBody({ title: 'Tomorrow morning', date: dayFrom(now, 1), slug: 'tomorrow-at-dawn' }),
    );
    assert.equal(json<Answer<StaffDevotional>>(early).data.slug, 'tomorrow-at-dawn');
    try {
      setNow(new Date(startOf(dayFrom(now, 1)).getTime() + 60_000));
      const live = json<Answer<StaffDevotional>>(await staff('GET', `/api/admin/devotionals/${scheduled._id}`)).data;
      assert.equal(live.state, 'published');
      assert.equal(live.slugLocked, true);
      const late = await staff(
        'PUT',
        `/api/admin/devotionals/${scheduled._id}`,
        devotionalBody({ title: 'Tomorrow morning', date: dayFrom(now, 1), slug: 'too-late' }),
      );
      assert.equal(late.statusCode, 400);
    } finally {
      setNow(new Date());
    }
  });

  it('keeps drafts and devotionals dated ahead out of every public answer until their day comes, and the cached lists expire then', async () => {
    const now = new Date();
    const tomorrow = dayFrom(now, 1);
    const draft = await newDevotional({ title: 'Only a draft', tags: ['Drafting'], date: dayFrom(now, -1) });
    const ahead = await newDevotional({ title: 'Tomorrow’s word', tags: ['Morning', 'Hope'], date: tomorrow });
    assert.equal(ahead.state, 'draft');
    const scheduled = await publish(`/api/admin/devotionals/${ahead._id}`);
    assert.equal(scheduled.state, 'scheduled');
    assert.equal(scheduled.publishAt, startOf(tomorrow).toISOString(), 'due at the start of its day on the site’s clock');

    const page = {
      path: '/devotional-detail/:id',
      app: 'mfe_content',
      title: 'Devotional',
      layout: 'main',
      signedIn: false,
      ssr: true,
    } as const;
    const absent = async (d: StaffDevotional, at: Date) => {
      const ids = (await publicJson<PublicDevotional[]>('/api/devotionals')).map((x) => x._id);
      assert.ok(!ids.includes(d._id), `${d.title} is not listed`);
      assert.ok(!(await publicJson<PublicDevotional[]>('/api/devotionals?limit=5')).some((x) => x._id === d._id));
      for (const tag of d.tags)
        assert.ok(!(await publicJson<PublicDevotional[]>(`/api/devotionals/tags/${tag}`)).some((x) => x._id === d._id), tag);
      assert.equal(await publicStatus(`/api/devotionals/${d._id}`), 404);
      assert.equal(await publicStatus(`/api/devotionals/${d.slug}`), 404);
      assert.equal((await pagePreview(ctx().app.db, `/devotional-detail/${d.slug}`, page, at)).missing, true, 'no share preview');
    };
    await absent(draft, now);
    await absent(ahead, now);

    // A second before its day: the lists are built (and cached) without it...
    setNow(new Date(startOf(tomorrow).getTime() - 1000));
    try {
      ctx().app.answerCache.clear();
      await absent(ahead, ctx().app.clock.now());
      // ...and once the day comes, nobody acting, every answer has it: the cache did not outlive the moment.
      await new Promise((resolve) => setTimeout(resolve, 1200));
      const list = await publicJson<PublicDevotional[]>('/api/devotionals');
      assert.equal(list[0]?._id, ahead._id, 'the newest devotional once its day has come');
      assert.ok((await publicJson<PublicDevotional[]>('/api/devotionals?limit=5')).some((x) => x._id === ahead._id));
      const byTag = await publicJson<PublicDevotional[]>('/api/devotionals/tags/hope');
      assert.ok(
        byTag.some((x) => x._id === ahead._id),
        'listed under its second tag as well',
      );
      const shown = await publicJson<PublicDevotional>(`/api/devotionals/${ahead.slug}`);
      assert.equal(shown.tag, 'Morning', 'the first tag is the devotional’s tag');
      assert.deepEqual(shown.tags, ['Morning', 'Hope']);
      assert.equal(
        (await pagePreview(ctx().app.db, `/devotional-detail/${ahead.slug}`, page, ctx().app.clock.now())).title,
        'Tomorrow’s word',
      );
      // The draft stays out, whatever the day.
      await absent(draft, ctx().app.clock.now());
    } finally {
      setNow(new Date());
      ctx().app.answerCache.clear();
    }
  });

  it('news items and press releases: drafts and items dated ahead stay out of the public answers until their day', async () => {
    const now = new Date();
    const tomorrow = dayFrom(now, 1);
    const newsToday = json<Answer<StaffArticle>>(
      await staff('POST', '/api/admin/news', articleBody({ title: 'Choir today' })),
    ).data;
    const newsAhead = json<Answer<StaffArticle>>(
      await staff('POST', '/api/admin/news', articleBody({ title: 'Choir tomorrow', date: tomorrow })),
    ).data;
    const pressAhead = json<Answer<StaffArticle>>(
      await staff('POST', '/api/admin/press', articleBody({ title: 'Statement tomorrow', date: tomorrow })),
    ).data;
    const newsPage = { path: '/news', app: 'mfe_content', title: 'News', layout: 'main', signedIn: false, ssr: true } as const;

    const newsIds = async () => (await publicJson<{ _id: string }[]>('/api/news/recent')).map((n) => n._id);
    const pressIds = async () => (await publicJson<{ _id: string }[]>('/api/pressrelease')).map((n) => n._id);
    assert.ok(!(await newsIds()).includes(newsToday._id), 'a draft is not listed');
    assert.equal(await publicStatus(`/api/news/${newsToday._id}`), 404);
    assert.equal((await pagePreview(ctx().app.db, `/news?item=${newsToday._id}`, newsPage, now)).missing, true);

    const published = await publish(`/api/admin/news/${newsToday._id}`);
    assert.equal(published.state, 'published');
    assert.equal((await newsIds())[0], newsToday._id, 'published today, it is the newest, at once (the cache was cleared)');
    assert.equal((await publish(`/api/admin/news/${newsAhead._id}`)).state, 'scheduled');
    assert.equal((await publish(`/api/admin/press/${pressAhead._id}`)).state, 'scheduled');
    assert.ok(!(await newsIds()).includes(newsAhead._id));
    assert.ok(!(await pressIds()).includes(pressAhead._id));
    assert.equal(await publicStatus(`/api/news/${newsAhead._id}`), 404);
    assert.equal((await pagePreview(ctx().app.db, `/news?item=${newsAhead._id}`, newsPage, now)).missing, true);

    setNow(new Date(startOf(tomorrow).getTime() - 800));
    try {
      ctx().app.answerCache.clear();
      assert.ok(!(await newsIds()).includes(newsAhead._id));
      assert.ok(!(await pressIds()).includes(pressAhead._id));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      assert.equal((await newsIds())[0], newsAhead._id);
      assert.equal((await pressIds())[0], pressAhead._id);
      assert.equal(await publicStatus(`/api/news/${newsAhead._id}`), 200);
      assert.equal(
        (await pagePreview(ctx().app.db, `/news?item=${newsAhead._id}`, newsPage, ctx().app.clock.now())).title,
        'Choir tomorrow',
      );
    } finally {
      setNow(new Date());
      ctx().app.answerCache.clear();
    }

    // Unpublished: gone from the public at once.
    await staff('POST', `/api/admin/news/${newsToday._id}/unpublish`);
    assert.ok(!(await newsIds()).includes(newsToday._id));
  });

  it('shows a change on the public lists at once, records every change, and deletes', async () => {
    const admin = await createMember(ctx().app, { role: 'admin' });
    const created = await newDevotional({ title: 'Before the change', tags: ['faith', 'Quiet time'] });
    assert.deepEqual(created.tags, ['Faith', 'Quiet time'], 'a tag the site has keeps its spelling');
    await publish(`/api/admin/devotionals/${created._id}`);
    // The lists are cached...
    assert.equal((await publicJson<PublicDevotional[]>('/api/devotionals'))[0]?.title, 'Before the change');
    assert.ok((await publicJson<PublicDevotional[]>('/api/devotionals/tags/Quiet%20time')).some((d) => d._id === created._id));
    // ...and a change shows at once.
    const res = await staff(
      'PUT',
      `/api/admin/devotionals/${created._id}`,
      devotionalBody({ title: 'After the change', tags: ['Faith'], slug: created.slug }),
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await publicJson<PublicDevotional[]>('/api/devotionals'))[0]?.title, 'After the change');
    assert.ok(!(await publicJson<PublicDevotional[]>('/api/devotionals/tags/Quiet%20time')).some((d) => d._id === created._id));

    const press = json<Answer<StaffArticle>>(
      await staff('POST', '/api/admin/press', articleBody({ title: 'Statement on the conference' })),
    ).data;
    await publish(`/api/admin/press/${press._id}`);
    assert.equal((await publicJson<{ title: string }[]>('/api/pressrelease'))[0]?.title, 'Statement on the conference');
    await staff('PUT', `/api/admin/press/${press._id}`, articleBody({ title: 'Statement on the 2027 conference' }));
    assert.equal((await publicJson<{ title: string }[]>('/api/pressrelease'))[0]?.title, 'Statement on the 2027 conference');

    assert.equal((await staff('DELETE', `/api/admin/devotionals/${created._id}`)).statusCode, 204);
    assert.equal(await publicStatus(`/api/devotionals/${created.slug}`), 404);
    assert.ok(!(await publicJson<PublicDevotional[]>('/api/devotionals')).some((d) => d._id === created._id));
    assert.equal((await staff('GET', `/api/admin/devotionals/${created._id}`)).statusCode, 404);
    assert.equal((await staff('DELETE', `/api/admin/press/${press._id}`)).statusCode, 204);
    assert.ok(!(await publicJson<{ _id: string }[]>('/api/pressrelease')).some((p) => p._id === press._id));

    const log = json<Answer<{ items: { summary: string; subjectType: string; actor: { name: string } }[] }>>(
      await call('GET', '/api/admin/activity', admin.cookie),
    ).data.items;
    const summaries = log.map((i) => i.summary);
    for (const line of [
      'Devotional "Before the change" created as a draft',
      'Devotional "Before the change" published',
      'Devotional "After the change" updated',
      'Devotional "After the change" deleted',
      'Press release "Statement on the conference" published',
      'Press release "Statement on the 2027 conference" deleted',
    ]) {
      assert.ok(summaries.includes(line), `${line} in\n${summaries.join('\n')}`);
    }
    const tomorrow = dayFrom(new Date(), 1);
    const later = await newDevotional({ title: 'For tomorrow', date: tomorrow });
    await publish(`/api/admin/devotionals/${later._id}`);
    const latest = json<Answer<{ items: { summary: string }[] }>>(
      await call('GET', '/api/admin/activity?subject=devotional', admin.cookie),
    ).data.items[0];
    assert.equal(latest?.summary, `Devotional "For tomorrow" scheduled for ${inSiteTimeZone(tomorrow).format('D MMMM YYYY')}`);
  });

  it('lists every devotional for the staff, drafts included, searched by title and tag, with its state', async () => {
    const now = new Date();
    const draft = await newDevotional({ title: 'Psalms at midnight', tags: ['Night watch'] });
    const scheduled = await newDevotional({ title: 'Psalms at dawn', tags: ['Night watch'], date: dayFrom(now, 3) });
    await publish(`/api/admin/devotionals/${scheduled._id}`);
    const list = async (query: string) =>
      json<Answer<{ items: StaffDevotional[]; total: number; next: number | null }>>(
        await staff('GET', `/api/admin/devotionals?${query}`),
      ).data;

    const byTitle = await list('q=psalms%20at');
    assert.deepEqual(
      byTitle.items.map((d) => [d.title, d.state]),
      [
        ['Psalms at dawn', 'scheduled'],
        ['Psalms at midnight', 'draft'],
      ],
    );
    assert.equal((await list('tag=night%20watch')).total, 2);
    assert.deepEqual(
      (await list('tag=Night%20watch&state=draft')).items.map((d) => d._id),
      [draft._id],
    );
    assert.equal((await list('q=%25')).total, 0, 'a % is searched for, not a wildcard');
    assert.ok((await list('')).total >= 34, 'the sample devotionals are there');
    while ((await list('')).total <= 50) await newDevotional();
    const all = await list('');
    assert.equal(all.items.length, 50);
    assert.equal(all.next, 50);
    assert.ok(
      all.items.some((d) => d.state === 'published' && d.verses !== ''),
      'the sample devotionals have their verses',
    );
    const next = await list(`offset=${all.next}`);
    assert.equal(next.items.length, all.total - 50);

    const tags = json<Answer<{ tag: string; count: number }[]>>(await staff('GET', '/api/admin/devotionals/tags')).data;
    assert.deepEqual(
      tags.find((t) => t.tag === 'Night watch'),
      { tag: 'Night watch', count: 2 },
    );
    assert.ok(tags.some((t) => t.tag === 'Faith' && t.count > 1));

    const news = json<Answer<{ items: StaffArticle[]; total: number }>>(
      await staff('GET', '/api/admin/news?q=new%20branch'),
    ).data;
    assert.equal(news.items[0]?.title, 'New branch opens in Wilmington East');
    assert.equal(news.items[0]?.state, 'published');
    assert.match(news.items[0]?.date ?? '', /^\d{4}-\d{2}-\d{2}$/);
  });

  it('the staff dashboard counts only published devotionals: a draft leaves its day a gap', async () => {
    const day = dayFrom(new Date(), 5);
    const draft = await newDevotional({ title: 'Not yet ready', date: day });
    const dashboard = async () =>
      json<Answer<{ devotionals: { date: string; items: { _id: string }[] }[] }>>(
        await staff('GET', '/api/admin/dashboard'),
      ).data.devotionals.find((d) => d.date === day);
    assert.deepEqual((await dashboard())?.items, []);
    await publish(`/api/admin/devotionals/${draft._id}`);
    assert.deepEqual(
      (await dashboard())?.items.map((i) => i._id),
      [draft._id],
    );
  });
});
