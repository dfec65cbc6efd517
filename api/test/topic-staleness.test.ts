/**
 * No write leaves a page stale: for each topic of the public data
 * (src/lib/topics.ts), a write of that topic through the real API makes a
 * kept page that shows the topic (its manifest's `data`) render again and
 * show the change, and a write of one topic leaves the pages of the others
 * kept. A stand-in renderer serves `/t/<topic>`: it reads the topic's public
 * call and prints its render number and the titles and names it read.
 * A new topic is one more line in CASES (a test fails until it has one).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { siteDay } from '../src/lib/schedule.js';
import { DATA_TOPICS, type DataTopic } from '../src/lib/topics.js';
import { siteYearOf } from '../src/modules/yearThemes/service.js';
import { fakeShell, fakeSite } from './fakeSite.js';
import { createMember, json, overHttp, publishBody, siteApp } from './helpers.js';

type Member = Awaited<ReturnType<typeof createMember>>;

let app: FastifyInstance;
let editor: Member;
let member: Member;

const send = (who: Member, method: 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
/** The `_id` of what a staff write or a member's post answers. */
const idOf = (res: LightMyRequestResponse): string => {
  assert.ok(res.statusCode < 300, res.body);
  return json<{ data: { _id: string } }>(res).data._id;
};
const today = () => siteDay(app.clock.now());
const inDays = (days: number) => siteDay(new Date(app.clock.now().getTime() + days * 86_400_000));
const article = (title: string) => ({ title, description: 'Written for the test.', photo: '/media/news-2.svg', date: today() });
/** A moderator publishes a member's post waiting for review (prayers, stories). */
const moderate = async (kind: 'prayers' | 'stories', id: string) =>
  send(editor, 'POST', `/api/moderation/${kind}/${id}/publish`, await publishBody(app, kind, id));

interface Case {
  topic: DataTopic;
  /** The public call the topic's page reads (as a visitor). */
  call: string;
  /** What the write needs first (a draft, a post waiting for review), done before the page is rendered and kept; answers an id. */
  prepare?: () => Promise<string>;
  /** The write under test: one request, given what `prepare` answered. */
  write: (prepared: string) => Promise<LightMyRequestResponse>;
  /** What the page shows once the write is done, and did not before. */
  expect: RegExp;
}

// 'live' is left out: it changes on the clock (a stream starts or ends, a service begins: the page's due time), not with a write.
const CASES: Case[] = [
  {
    topic: 'events',
    call: '/api/events',
    write: () =>
      send(editor, 'POST', '/api/admin/events', {
        title: 'Harvest supper',
        description: 'Bring a dish to share.',
        date: inDays(30),
        time: '18:00',
        durationMinutes: 120,
        place: 'address',
        churchId: null,
        address: '1 Park Road',
        photo: '/media/event-1.svg',
        price: 10,
        seats: 40,
      }),
    expect: /Harvest supper/,
  },
  {
    topic: 'devotionals',
    call: '/api/devotionals',
    prepare: async () =>
      idOf(
        await send(editor, 'POST', '/api/admin/devotionals', {
          title: 'Morning mercies',
          slug: '',
          date: today(),
          verses: 'Lamentations 3:22-23',
          tags: ['Faith'],
          image: '/media/devotional-3.svg',
          detail: '<p>His mercies are new every morning.</p>',
        }),
      ),
    write: (id) => send(editor, 'POST', `/api/admin/devotionals/${id}/publish`),
    expect: /Morning mercies/,
  },
  {
    topic: 'news',
    call: '/api/news/recent',
    prepare: async () => idOf(await send(editor, 'POST', '/api/admin/news', article('Choir tour announced'))),
    write: (id) => send(editor, 'POST', `/api/admin/news/${id}/publish`),
    expect: /Choir tour announced/,
  },
  {
    topic: 'press',
    call: '/api/pressrelease',
    prepare: async () => idOf(await send(editor, 'POST', '/api/admin/press', article('Statement on the new campus'))),
    write: (id) => send(editor, 'POST', `/api/admin/press/${id}/publish`),
    expect: /Statement on the new campus/,
  },
  {
    topic: 'sermons',
    call: '/api/sermons',
    prepare: async () => {
      const speaker = idOf(await send(editor, 'POST', '/api/admin/speakers', { name: 'Pastor Ada Test' }));
      return idOf(
        await send(editor, 'POST', '/api/admin/sermons', {
          title: 'The mustard seed',
          date: today(),
          speaker,
          passages: 'Mt 13:31-32',
        }),
      );
    },
    write: (id) => send(editor, 'POST', `/api/admin/sermons/${id}/publish`),
    expect: /The mustard seed/,
  },
  {
    topic: 'locations',
    call: '/api/locations',
    write: () =>
      send(editor, 'POST', '/api/admin/locations', {
        church_name: 'Luminaries Lakeside',
        adress: '3 Shore Road, Newark, DE 19711, United States',
        main_contact: ['+1 (302) 555-0142'],
        email: 'lakeside@luminaries.example.org',
        parking: 'Behind the hall.',
        latitude: 39.68,
        longitude: -75.75,
        serviceTimes: [{ name: 'Sunday Service', weekday: 0, time: '10:00', language: 'English' }],
      }),
    expect: /Luminaries Lakeside/,
  },
  {
    topic: 'year-theme',
    call: '/api/year-theme',
    write: () =>
      send(editor, 'PUT', `/api/admin/year-themes/${siteYearOf(app.clock.now())}`, {
        title: 'The Year of Still Waters',
        verse: 'Psalm 23:2',
      }),
    expect: /The Year of Still Waters/,
  },
  {
    topic: 'groups',
    call: '/api/groups?limit=100',
    write: () =>
      send(editor, 'POST', '/api/admin/groups', {
        name: 'Tuesday Psalms Circle',
        kind: 'bible-study',
        lifeStage: 'everyone',
        meetingPlace: '12 Elm Street',
        weekday: 2,
        time: '19:00',
        frequency: 'weekly',
        open: true,
      }),
    expect: /Tuesday Psalms Circle/,
  },
  {
    topic: 'serving',
    call: '/api/serving',
    write: () => send(editor, 'POST', '/api/admin/serving/teams', { name: 'Welcome team', description: 'At the doors' }),
    expect: /Welcome team/,
  },
  {
    topic: 'prayers',
    call: '/api/prayers/',
    prepare: async () =>
      idOf(await send(member, 'POST', `/api/prayers/add/${member.id}`, { text: 'Pray for rain on the farms' })),
    write: (id) => moderate('prayers', id),
    expect: /Pray for rain on the farms/,
  },
  {
    topic: 'stories',
    call: '/api/story/',
    prepare: async () =>
      idOf(await send(member, 'POST', `/api/story/add/${member.id}`, { content: 'The rain came after a long drought.' })),
    write: (id) => moderate('stories', id),
    expect: /The rain came after a long drought/,
  },
];

/** For `/t/<topic>`: reads the topic's call and prints the render number (counted over every page) and the titles and names read. */
const renderer = `
const CALLS = ${JSON.stringify(Object.fromEntries(CASES.map((c) => [c.topic, c.call])))};
const NAMED = new Set(['title', 'name', 'church_name', 'text', 'content']);
const names = (value, out) => {
  if (Array.isArray(value)) for (const v of value) names(v, out);
  else if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) typeof v === 'string' ? NAMED.has(key) && out.push(v) : names(v, out);
  return out;
};
let renders = 0;
exports.start = async (options) => ({
  checkRemote: async () => [],
  renderPage: async ({ url, viewport }) => {
    renders += 1;
    const read = await options.readApi(CALLS[url.split('/')[2]]);
    return {
      html: '<main>render ' + renders + ' of ' + url + ' (' + read.status + '): ' + names(read.body, []).join(' | ') + '</main>',
      styles: '',
      prerendered: { url, viewport, resources: {} },
      leftForTheBrowser: [],
    };
  },
});`;

describe('a write of a topic renews the kept pages that show it, and only those', () => {
  let cleanup: () => Promise<void>;
  // Over a socket, as browsers ask: the server's front answers kept pages there (pageFront.ts).
  let http: ReturnType<typeof overHttp>;
  const get = (url: string) => http(url, { accept: 'text/html', 'accept-encoding': 'identity' });
  const renderNumber = (html: string) => Number(/render (\d+) of/.exec(html)?.[1] ?? NaN);
  /** What the renderer printed, for the failures' messages. */
  const shown = (html: string) => /<main>(.*?)<\/main>/.exec(html)?.[1] ?? html.slice(0, 300);
  /** The page of `topic`, rendered and kept: asked twice, the second is the same render. */
  const kept = async (topic: DataTopic) => {
    const first = await get(`/t/${topic}`);
    assert.equal(first.statusCode, 200);
    const n = renderNumber(first.body);
    assert.ok(n >= 1, shown(first.body));
    assert.match(first.body, new RegExp(`of /t/${topic} \\(200\\)`), 'its call answered');
    assert.equal(renderNumber((await get(`/t/${topic}`)).body), n, `the ${topic} page is kept`);
    return first.body;
  };

  before(async () => {
    // The photos the writes name: the staff's forms take only a photo the site has.
    const site = fakeSite({ media: ['event-1.svg', 'devotional-3.svg', 'news-2.svg'] });
    site.release('shell', fakeShell(renderer, { pages: [{ path: '/' }] }));
    site.release('mfe-x', {
      name: 'mfe_x',
      exposes: ['./routes'],
      pages: CASES.map((c) => ({ path: `/t/${c.topic}`, data: [c.topic] })),
      files: { 'browser/mf-manifest.json': '{}', 'server/remoteEntry.js': 'module.exports = {}' },
    });
    ({ app, cleanup } = await siteApp(site, { prerenderTimeoutMs: 2000 }));
    http = overHttp(app);
    editor = await createMember(app, { role: 'editor' });
    member = await createMember(app);
  });

  after(async () => {
    await app.close();
    await cleanup();
  });

  it('every topic but live has a case', () => {
    assert.deepEqual(
      DATA_TOPICS.filter((t) => t !== 'live' && !CASES.some((c) => c.topic === t)),
      [],
    );
  });

  for (const c of CASES) {
    it(`${c.topic}: the write renders its kept page again, with the change`, async () => {
      const prepared = (await c.prepare?.()) ?? '';
      const before = await kept(c.topic);
      assert.doesNotMatch(before, c.expect, 'not shown before the write');
      const written = await c.write(prepared);
      assert.ok(written.statusCode < 300, `${written.statusCode} ${written.body}`);
      const after = (await get(`/t/${c.topic}`)).body;
      assert.ok(renderNumber(after) > renderNumber(before), `rendered again: ${shown(after)}`);
      assert.match(after, c.expect);
    });
  }

  it('a write of one topic leaves the pages of the others kept', async () => {
    const others = CASES.map((c) => c.topic).filter((t) => t !== 'year-theme');
    const renders = new Map<DataTopic, number>();
    for (const topic of [...others, 'year-theme' as const]) renders.set(topic, renderNumber(await kept(topic)));
    const written = await send(editor, 'PUT', `/api/admin/year-themes/${siteYearOf(app.clock.now())}`, {
      title: 'The Year of Deep Roots',
    });
    assert.equal(written.statusCode, 200, written.body);
    assert.match((await get('/t/year-theme')).body, /The Year of Deep Roots/);
    for (const topic of others) assert.equal(renderNumber((await get(`/t/${topic}`)).body), renders.get(topic), `${topic} kept`);
  });
});
