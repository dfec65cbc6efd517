/**
 * Sermons through the real API, on PGlite and PostgreSQL: Bible references
 * (a table of references as people write them), the search by passage and
 * by words (PostgreSQL full-text search on both databases), the series and
 * a sermon's page, the podcast feeds read back with a feed parser, the
 * staff's calls (scheduling, the activity log, what the public sees at
 * once), and the live page in and out of service time.
 */
import assert from 'node:assert/strict';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import Parser from 'rss-parser';
import type { Sermon, SermonFilters, SermonSeries, SermonSummary, StaffSermon, LiveStatus } from '@ministry/shared/types';
import { formatRange, parsePassages } from '../src/lib/scripture.js';
import { SAMPLE_SERMON_MEDIA } from '../src/seed/sermons.js';
import { parseWebVtt } from '../src/modules/sermons/transcript.js';
import { createMember, describeEachDatabase, json } from './helpers.js';

/** What people write, and what the site reads: the reference as it writes it, its first and last verses. */
const REFERENCES: [string, string, number, number][] = [
  ['John 3', 'John 3', 43003001, 43003036],
  ['1 Cor 13:4-7', '1 Corinthians 13:4–7', 46013004, 46013007],
  ['Ps 23', 'Psalm 23', 19023001, 19023006],
  ['Psalm 23:1-4', 'Psalm 23:1–4', 19023001, 19023004],
  ['psalms 119:105', 'Psalm 119:105', 19119105, 19119105],
  ['Rom 8:28-9:5', 'Romans 8:28–9:5', 45008028, 45009005],
  ['Jude', 'Jude', 65001001, 65001025],
  ['Jude 3', 'Jude 3', 65001003, 65001003],
  ['jn 3:16', 'John 3:16', 43003016, 43003016],
  ['1 Jn 4:7-21', '1 John 4:7–21', 62004007, 62004021],
  ['Song of Songs 2', 'Song of Songs 2', 22002001, 22002017],
  ['Phil 4:6,7', 'Philippians 4:6–7', 50004006, 50004007],
  ['Matt 5-7', 'Matthew 5–7', 40005001, 40007029],
  ['Rev 22', 'Revelation 22', 66022001, 66022021],
  ['I Cor 13', '1 Corinthians 13', 46013001, 46013013],
  ['Mk 1:1-15', 'Mark 1:1–15', 41001001, 41001015],
  ['John 3:16-4:2', 'John 3:16–4:2', 43003016, 43004002],
  ['Obadiah 3', 'Obadiah 3', 31001003, 31001003],
  ['Philemon', 'Philemon', 57001001, 57001025],
  ['2 Tim 3:16', '2 Timothy 3:16', 55003016, 55003016],
  ['Eccl 3:1-8', 'Ecclesiastes 3:1–8', 21003001, 21003008],
  ['Isa 40:31', 'Isaiah 40:31', 23040031, 23040031],
  ['Heb 11', 'Hebrews 11', 58011001, 58011040],
  ['Jas 1:2-4', 'James 1:2–4', 59001002, 59001004],
  ['Lk 15:11-32', 'Luke 15:11–32', 42015011, 42015032],
  ['Acts 2:1–13', 'Acts 2:1–13', 44002001, 44002013],
  ['Eph 6:10-18', 'Ephesians 6:10–18', 49006010, 49006018],
  ['Gal. 5:22-23', 'Galatians 5:22–23', 48005022, 48005023],
  ['Ruth 1:16', 'Ruth 1:16', 8001016, 8001016],
  ['Prov 3:5-6', 'Proverbs 3:5–6', 20003005, 20003006],
  ['Mic 6:8', 'Micah 6:8', 33006008, 33006008],
  ['John', 'John', 43001001, 43021025],
  ['3 John 4', '3 John 4', 64001004, 64001004],
  ['Lam 3:22-23', 'Lamentations 3:22–23', 25003022, 25003023],
  ['Ezek 37', 'Ezekiel 37', 26037001, 26037028],
  ['Gen 1:1', 'Genesis 1:1', 1001001, 1001001],
  ['Genesis 50:26-51:3', 'Genesis 50:26', 1050026, 1050026],
  ['Ps 90–91', 'Psalms 90–91', 19090001, 19091016],
];

describe('Bible references', () => {
  for (const [written, reference, start, end] of REFERENCES) {
    it(`reads "${written}" as ${reference}`, () => {
      const [range, ...more] = parsePassages(written);
      assert.deepEqual(more, []);
      assert.deepEqual(range, { book: Math.floor(start / 1_000_000), start, end, reference });
    });
  }

  it('reads several passages, in the order written', () => {
    assert.deepEqual(
      parsePassages('Gen 1:1; Ex 3:14; Matt 28:19-20').map((p) => p.reference),
      ['Genesis 1:1', 'Exodus 3:14', 'Matthew 28:19–20'],
    );
  });

  it('finds no passage where there is none (no book, a chapter that does not exist, empty)', () => {
    for (const text of ['hello', 'Psalm 151', 'John 3:99', '', '   ', 'Book of Mormon 1'])
      assert.deepEqual(parsePassages(text), [], text);
  });

  it('writes a range back as the site does', () => {
    assert.equal(formatRange(43003016, 43003016), 'John 3:16');
    assert.equal(formatRange(19023001, 19023006), 'Psalm 23');
    assert.equal(formatRange(46001001, 46016024), '1 Corinthians');
  });
});

describe('WebVTT transcripts', () => {
  it('reads cues, their times and words, leaving out voices, tags, notes and styles', () => {
    const cues = parseWebVtt(
      'WEBVTT - a sermon\n\nNOTE written by the office\n\nSTYLE\n::cue { color: gold }\n\n1\n00:00:01.000 --> 00:00:04.500 align:start\n<v Pastor Ruth>Grace &amp; <i>peace</i></v>\nto you.\n\n01:02.250 --> 01:05.000\nAmen.\n',
    );
    assert.deepEqual(cues, [
      { start: 1, end: 4.5, text: 'Grace & peace to you.' },
      { start: 62.25, end: 65, text: 'Amen.' },
    ]);
    assert.equal(parseWebVtt('1\n00:00:01.000 --> 00:00:02.000\nNot a WebVTT file'), null);
  });
});

const titles = (list: { title: string }[]) => list.map((s) => s.title);

/** Moves the site's clock as the browser tests' PUT /api/test/clock does: what was cached was cached for the old "now". */
function setClock(app: import('fastify').FastifyInstance, at: Date): void {
  app.clock.setNow(at);
  app.answerCache.clear();
}

describeEachDatabase('Sermons', (ctx) => {
  const list = async (query = '') => {
    const res = await ctx().app.inject({ url: `/api/sermons${query}` });
    assert.equal(res.statusCode, 200, res.body);
    return json<{ data: SermonSummary[]; paging: { total: number; pages: number } }>(res);
  };

  it('lists the eight sample sermons, newest first, with their speakers, series, passages and recordings', async () => {
    const { data, paging } = await list();
    assert.equal(paging.total, 8);
    assert.equal(data[0]!.title, 'You Must Be Born Again');
    assert.deepEqual(
      data.map((s) => s.date),
      [...data.map((s) => s.date)].sort().reverse(),
    );
    const shepherd = data.find((s) => s.slug === 'the-lord-is-my-shepherd')!;
    assert.equal(shepherd.speaker.name, 'Apostle Samuel K. Adeyemi');
    assert.equal(shepherd.series?.title, 'The Lord Is My Shepherd');
    assert.deepEqual(
      shepherd.passages.map((p) => p.reference),
      ['Psalm 23:1–3', 'John 10:11–14'],
    );
    assert.equal(shepherd.audio?.type, 'audio/mpeg');
    assert.equal(shepherd.audio?.bytes, (await stat(path.join(SAMPLE_SERMON_MEDIA, 'the-lord-is-my-shepherd.mp3'))).size);
    assert.equal(shepherd.audio?.seconds, 10, 'the length read from the file');
    assert.equal(shepherd.hasTranscript, true);
    assert.equal(new Set(data.map((s) => s.speaker._id)).size, 3);
    const page = await list('?limit=3&page=3');
    assert.deepEqual(titles(page.data), titles(data.slice(6, 8)));
  });

  it('finds the sermons whose passages overlap the one asked for', async () => {
    assert.deepEqual(titles((await list('?passage=John%203')).data), ['You Must Be Born Again']);
    assert.deepEqual(titles((await list(`?passage=${encodeURIComponent('Jn 10:14')}`)).data), ['The Lord Is My Shepherd']);
    assert.deepEqual(titles((await list(`?passage=${encodeURIComponent('Ps 23:4')}`)).data), [
      'Through the Valley of the Shadow',
    ]);
    assert.equal((await list('?passage=Ps%2023')).paging.total, 4);
    assert.deepEqual(titles((await list(`?passage=${encodeURIComponent('1 Cor 13:4-7')}`)).data).sort(), [
      'Love Is Patient, Love Is Kind',
      'Love Keeps No Record of Wrongs',
    ]);
    assert.deepEqual(titles((await list(`?passage=${encodeURIComponent('1 Corinthians 13:13')}`)).data), ['Love Never Fails']);
    assert.equal((await list('?passage=Genesis%201')).paging.total, 0);
    // A passage spread over several references: any of them.
    assert.equal((await list(`?passage=${encodeURIComponent('Isa 43:2; Mt 11:28')}`)).paging.total, 2);

    const bad = await ctx().app.inject({ url: '/api/sermons?passage=Hezekiah%203' });
    assert.equal(bad.statusCode, 400);
    assert.match(json<{ error: { message: string } }>(bad).error.message, /not a Bible passage we know.*John 3/);
  });

  it('searches titles, summaries, notes and transcripts with full-text search', async () => {
    // A word of a title; of notes only ("forgiving", stemmed from "forgiveness"/"forgive" too); of the transcript only.
    assert.equal((await list('?q=shepherd')).data[0]!.title, 'The Lord Is My Shepherd');
    assert.deepEqual(titles((await list('?q=forgiving')).data), ['Love Keeps No Record of Wrongs']);
    assert.deepEqual(titles((await list('?q=restored%20soul')).data), ['The Lord Is My Shepherd']);
    assert.deepEqual(titles((await list(`?q=${encodeURIComponent('"born again"')}`)).data), ['You Must Be Born Again']);
    assert.equal((await list('?q=zebra')).paging.total, 0);
    // Words and a passage together.
    assert.deepEqual(titles((await list(`?q=valley&passage=${encodeURIComponent('Psalm 23')}`)).data), [
      'Through the Valley of the Shadow',
    ]);
    // Anything typed is safe: no syntax error from the search's own operators.
    for (const q of ['&|!:*', "o'brien (", '-', '"'])
      assert.equal((await ctx().app.inject({ url: `/api/sermons?q=${encodeURIComponent(q)}` })).statusCode, 200);
  });

  it('narrows the list by series, speaker, book and year, and lists the values in use', async () => {
    const filters = json<{ data: SermonFilters }>(await ctx().app.inject({ url: '/api/sermons/filters' })).data;
    assert.deepEqual(
      filters.series.map((s) => [s.slug, s.count]),
      [
        ['love-never-fails', 3],
        ['the-lord-is-my-shepherd', 4],
      ],
    );
    assert.equal(filters.speakers.length, 3);
    assert.deepEqual(
      filters.books.find((b) => b.slug === '1-corinthians'),
      { slug: '1-corinthians', name: '1 Corinthians', count: 3 },
    );
    assert.equal(
      filters.years.reduce((n, y) => n + y.count, 0),
      8,
    );

    assert.equal((await list('?series=love-never-fails')).paging.total, 3);
    const grace = filters.speakers.find((s) => s.name === 'Pastor Grace Adeyemi')!;
    assert.deepEqual(titles((await list(`?speaker=${grace._id}`)).data).sort(), [
      'Green Pastures and Still Waters',
      'Love Is Patient, Love Is Kind',
    ]);
    assert.equal((await list('?book=psalms')).paging.total, 4);
    assert.equal((await list('?book=1-corinthians')).paging.total, 3);
    assert.equal((await list(`?year=${filters.years[0]!.year}`)).paging.total, filters.years[0]!.count);
    assert.equal((await ctx().app.inject({ url: '/api/sermons?book=hezekiah' })).statusCode, 400);
  });

  it('shows a series with its sermons in the order preached, and a sermon with its transcript, chapters and series', async () => {
    const series = json<{ data: SermonSeries[] }>(await ctx().app.inject({ url: '/api/sermons/series' })).data;
    assert.deepEqual(series.map((s) => s.sermonCount).sort(), [3, 4]);
    const one = json<{ data: { series: SermonSeries; sermons: SermonSummary[] } }>(
      await ctx().app.inject({ url: '/api/sermons/series/the-lord-is-my-shepherd' }),
    ).data;
    assert.deepEqual(titles(one.sermons), [
      'The Lord Is My Shepherd',
      'Green Pastures and Still Waters',
      'Through the Valley of the Shadow',
      'Goodness and Mercy Shall Follow Me',
    ]);
    assert.equal((await ctx().app.inject({ url: '/api/sermons/series/no-such-series' })).statusCode, 404);

    const sermon = json<{ data: Sermon }>(await ctx().app.inject({ url: '/api/sermons/the-lord-is-my-shepherd' })).data;
    assert.match(sermon.notes, /^<p>David wrote/);
    assert.equal(sermon.transcriptSrc, '/media/sermons/the-lord-is-my-shepherd.vtt');
    assert.deepEqual(
      sermon.transcript.map((c) => [c.start, c.text]),
      [
        [0, 'The Lord is my shepherd; I shall not want.'],
        [3.18, 'He makes me lie down in green pastures.'],
        [5.85, 'He leads me beside still waters, and restores my soul.'],
      ],
    );
    assert.deepEqual(titles(sermon.seriesSermons), titles(one.sermons).slice(1));
    assert.equal(sermon.image, '/media/sermon-series-1.svg', "the series' picture when it has none of its own");
    const byId = json<{ data: Sermon }>(await ctx().app.inject({ url: `/api/sermons/${sermon._id}` })).data;
    assert.equal(byId.slug, sermon.slug);
    const chapters = await ctx().app.inject({ url: '/api/sermons/the-lord-is-my-shepherd/chapters.json' });
    assert.equal(chapters.statusCode, 200);
    assert.match(String(chapters.headers['content-type']), /^application\/json\+chapters/);
    assert.deepEqual(
      json<{ chapters: { startTime: number }[] }>(chapters).chapters.map((c) => c.startTime),
      [0, 3, 5],
    );
    assert.equal((await ctx().app.inject({ url: '/api/sermons/no-such-sermon' })).statusCode, 404);
  });

  it('serves the podcast as RSS 2.0 a feed reader reads back: every episode with its real file size, a stable GUID and an RFC 822 date', async () => {
    const parser: Parser = new Parser({
      customFields: {
        feed: ['itunes:type', 'language'],
        item: [
          ['podcast:transcript', 'transcript'],
          ['podcast:chapters', 'chapters'],
          ['itunes:duration', 'duration'],
        ],
      },
    });
    const res = await ctx().app.inject({ url: '/sermons/podcast.xml' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^application\/rss\+xml/);
    const feed = await parser.parseString(res.body);
    assert.equal(feed.title, 'Luminaries Sermons');
    assert.equal(feed.itunes?.explicit, 'false');
    assert.match(feed.itunes?.image ?? '', /\/media\/podcast-artwork\.jpg$/);
    assert.deepEqual(feed.itunes?.categories, ['Religion & Spirituality']);
    assert.equal(feed.items.length, 8);
    for (const item of feed.items) {
      const file = path.join(SAMPLE_SERMON_MEDIA, path.basename(new URL(item.enclosure!.url).pathname));
      assert.equal(
        Number(item.enclosure!.length),
        (await stat(file)).size,
        `${item.title}: the enclosure's length is the file's size`,
      );
      assert.equal(item.enclosure!.type, 'audio/mpeg');
      assert.match(item.guid!, /^urn:uuid:[0-9a-f-]{36}$/);
      assert.match(item.pubDate!, /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      assert.ok(!Number.isNaN(Date.parse(item.pubDate!)));
      assert.ok(item.itunes?.author);
    }
    const shepherd = feed.items.find((i) => i.title === 'The Lord Is My Shepherd') as Parser.Item & {
      transcript?: { $: { url: string; type: string } };
      chapters?: { $: { url: string } };
      duration?: string;
    };
    assert.equal(shepherd.transcript?.$.type, 'text/vtt');
    assert.match(shepherd.transcript!.$.url, /\/media\/sermons\/the-lord-is-my-shepherd\.vtt$/);
    assert.match(shepherd.chapters!.$.url, /\/api\/sermons\/the-lord-is-my-shepherd\/chapters\.json$/);
    assert.equal(shepherd.duration, '10');
    // Asked again with its ETag: not modified.
    assert.equal(
      (await ctx().app.inject({ url: '/sermons/podcast.xml', headers: { 'if-none-match': String(res.headers.etag) } }))
        .statusCode,
      304,
    );

    const series = await parser.parseString(
      (await ctx().app.inject({ url: '/sermons/series/love-never-fails/podcast.xml' })).body,
    );
    assert.deepEqual(titles(series.items as { title: string }[]), [
      'Love Never Fails',
      'Love Keeps No Record of Wrongs',
      'Love Is Patient, Love Is Kind',
    ]);
    assert.equal((await ctx().app.inject({ url: '/sermons/series/no-such-series/podcast.xml' })).statusCode, 404);
  });

  it('lets the staff write a sermon that the public, the feeds and the filters see once it is published, and never before its moment', async () => {
    const { app } = ctx();
    const editor = await createMember(app, { role: 'editor' });
    const member = await createMember(app);
    const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object, cookie = editor.cookie) =>
      app.inject({ method, url, payload, headers: { cookie } });

    assert.equal((await send('GET', '/api/admin/sermons', undefined, member.cookie)).statusCode, 403);
    assert.equal((await send('POST', '/api/admin/speakers', { name: 'Elder Ruth Boateng' }, member.cookie)).statusCode, 403);

    const speaker = json<{ data: { _id: string } }>(
      await send('POST', '/api/admin/speakers', { name: 'Elder Ruth Boateng', role: 'Elder' }),
    ).data;
    const duplicate = await send('POST', '/api/admin/speakers', { name: 'elder ruth boateng' });
    assert.equal(duplicate.statusCode, 400);
    const series = json<{ data: { _id: string; slug: string } }>(
      await send('POST', '/api/admin/sermon-series', { title: 'Songs of Ascent', description: 'Psalms 120 to 134.' }),
    ).data;
    assert.equal(series.slug, 'songs-of-ascent');

    // Bad input: each field says what is wrong, nothing is saved.
    const bad = await send('POST', '/api/admin/sermons', {
      title: '',
      date: '2026-02-30',
      speaker: speaker._id,
      passages: 'Hezekiah 4',
      videoUrl: 'https://example.org/video',
    });
    assert.equal(bad.statusCode, 400);
    const fields = json<{ error: { fields: Record<string, string> } }>(bad).error.fields;
    assert.deepEqual(Object.keys(fields).sort(), ['date', 'title', 'videoUrl']);
    const badPassage = await send('POST', '/api/admin/sermons', {
      title: 'A sermon',
      date: '2026-03-01',
      speaker: speaker._id,
      passages: 'Hezekiah 4',
    });
    assert.match(
      json<{ error: { fields: Record<string, string> } }>(badPassage).error.fields.passages!,
      /Write passages as in a Bible/,
    );

    const body = {
      title: 'I Lift My Eyes to the Hills',
      date: '2026-03-01',
      speaker: speaker._id,
      series: series._id,
      passages: 'Ps 121; Ps 125:1-2',
      summary: 'Where does my help come from? From the maker of heaven and earth.',
      notes: '<p>The pilgrims sang as they climbed to Jerusalem.</p><script>alert(1)</script>',
      audio: '/media/sermons/green-pastures.mp3',
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      chapters: '0:00 Welcome\n1:30 The hills',
    };
    const created = await send('POST', '/api/admin/sermons', body);
    assert.equal(created.statusCode, 201, created.body);
    const draft = json<{ data: StaffSermon }>(created).data;
    assert.equal(draft.slug, 'i-lift-my-eyes-to-the-hills');
    assert.equal(draft.state, 'draft');
    assert.equal(draft.passages, 'Psalm 121; Psalm 125:1–2');
    assert.equal(draft.notes, '<p>The pilgrims sang as they climbed to Jerusalem.</p>');
    assert.equal(
      draft.audio?.bytes,
      (await stat(path.join(SAMPLE_SERMON_MEDIA, 'green-pastures.mp3'))).size,
      'the size is the file’s, not the form’s',
    );
    assert.equal(draft.chapters, '0:00 Welcome\n1:30 The hills');
    assert.equal((await app.inject({ url: `/api/sermons/${draft.slug}` })).statusCode, 404, 'a draft is not public');

    // Scheduled for tomorrow: still not public; public once the clock passes its moment.
    const now = app.clock.now();
    const tomorrow = new Date(now.getTime() + 86_400_000);
    const moment = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .format(tomorrow)
      .replace(' ', 'T');
    const saved = json<{ data: StaffSermon }>(
      await send('PUT', `/api/admin/sermons/${draft._id}`, { ...body, publishAt: moment }),
    ).data;
    const scheduled = json<{ data: StaffSermon }>(await send('POST', `/api/admin/sermons/${draft._id}/publish`)).data;
    assert.equal(scheduled.state, 'scheduled');
    assert.equal(saved.publishAt, scheduled.publishAt);
    assert.equal((await list('?passage=Psalm%20121')).paging.total, 0);
    assert.ok(!(await ctx().app.inject({ url: '/sermons/podcast.xml' })).body.includes(body.title));
    try {
      setClock(app, new Date(tomorrow.getTime() + 60_000));
      const found = (await list('?passage=Psalm%20121')).data;
      assert.deepEqual(titles(found), [body.title], 'public from its moment, with nothing to run');
      const sermon = json<{ data: Sermon }>(await app.inject({ url: `/api/sermons/${draft.slug}` })).data;
      assert.deepEqual(sermon.video, {
        kind: 'youtube',
        src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
        pageUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        type: null,
        bytes: null,
      });
      assert.ok((await app.inject({ url: '/sermons/podcast.xml' })).body.includes(body.title), 'in the feed');
      assert.ok(
        (await app.inject({ url: '/sermons/series/songs-of-ascent/podcast.xml' })).body.includes(body.title),
        'in its series feed',
      );
      const filters = json<{ data: SermonFilters }>(await app.inject({ url: '/api/sermons/filters' })).data;
      assert.ok(filters.speakers.some((s) => s.name === 'Elder Ruth Boateng'));
      assert.ok(filters.books.some((b) => b.slug === 'psalms' && b.count === 5));

      // The public heard it: its address stays; unpublished, it leaves the site at once.
      const locked = await send('PUT', `/api/admin/sermons/${draft._id}`, { ...body, slug: 'another-address' });
      assert.equal(locked.statusCode, 400);
      await send('POST', `/api/admin/sermons/${draft._id}/unpublish`);
      assert.equal((await app.inject({ url: `/api/sermons/${draft.slug}` })).statusCode, 404);

      assert.equal((await send('DELETE', `/api/admin/speakers/${speaker._id}`)).statusCode, 409, 'a speaker with sermons stays');
      assert.equal((await send('DELETE', `/api/admin/sermons/${draft._id}`)).statusCode, 204);
      assert.equal((await send('GET', `/api/admin/sermons/${draft._id}`)).statusCode, 404);
      assert.equal((await send('DELETE', `/api/admin/speakers/${speaker._id}`)).statusCode, 204);
      assert.equal((await send('DELETE', `/api/admin/sermon-series/${series._id}`)).statusCode, 204);
    } finally {
      setClock(app, new Date());
    }

    const admin = await createMember(app, { role: 'admin' });
    const activity = json<{ data: { items: { summary: string }[] } }>(
      await send('GET', '/api/admin/activity?subject=sermon', undefined, admin.cookie),
    ).data.items.map((a) => a.summary);
    const others = json<{ data: { items: { summary: string }[] } }>(
      await send('GET', '/api/admin/activity', undefined, admin.cookie),
    ).data.items.map((a) => a.summary);
    activity.push(...others);
    for (const line of [
      'Speaker "Elder Ruth Boateng" added',
      'Sermon series "Songs of Ascent" created',
      `Sermon "${body.title}" created as a draft`,
      `Sermon "${body.title}" updated`,
      `Sermon "${body.title}" unpublished`,
      `Sermon "${body.title}" deleted`,
      'Speaker "Elder Ruth Boateng" removed',
    ])
      assert.ok(activity.includes(line), line);
    assert.ok(activity.some((a) => a.startsWith(`Sermon "${body.title}" scheduled for `)));
  });

  it('shows a church’s live stream during its services (with the margin) and counts down to the next one otherwise', async () => {
    const { app } = ctx();
    const editor = await createMember(app, { role: 'editor' });
    const [church] = json<{
      data: { _id: string; church_name: string; adress: string; email: string; serviceTimes: object[] }[];
    }>(await app.inject({ url: '/api/admin/locations', headers: { cookie: editor.cookie } })).data;
    const refused = await app.inject({
      method: 'PUT',
      url: `/api/admin/locations/${church!._id}`,
      headers: { cookie: editor.cookie },
      payload: { ...church, liveStreamUrl: 'https://example.org/live' },
    });
    assert.equal(refused.statusCode, 400);
    assert.match(json<{ error: { fields: Record<string, string> } }>(refused).error.fields.liveStreamUrl!, /YouTube or Vimeo/);
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/admin/locations/${church!._id}`,
      headers: { cookie: editor.cookie },
      payload: {
        ...church,
        liveStreamUrl: 'https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv/live',
        serviceTimes: [{ name: 'Sunday Service', weekday: 0, time: '10:00', language: 'English' }],
      },
    });
    assert.equal(saved.statusCode, 200, saved.body);

    const live = async (at: string) => {
      setClock(app, new Date(at));
      return json<{ data: LiveStatus }>(await app.inject({ url: '/api/live' })).data;
    };
    try {
      // Sunday 1 March 2026, 10:00 in New York is 15:00 UTC; the service lasts 90 minutes, the stream shows 15 minutes either side.
      const during = await live('2026-03-01T15:30:00Z');
      const mine = during.live.find((s) => s.church._id === church!._id);
      assert.ok(mine, 'streaming during the service');
      assert.equal(
        mine.stream?.src,
        'https://www.youtube-nocookie.com/embed/live_stream?channel=UCabcdefghijklmnopqrstuv&autoplay=1',
      );
      assert.equal(mine.startsAt, '2026-03-01T15:00:00.000Z');
      assert.ok(
        (await live('2026-03-01T14:46:00Z')).live.some((s) => s.church._id === church!._id),
        'within the margin before',
      );
      assert.ok(
        (await live('2026-03-01T16:44:00Z')).live.some((s) => s.church._id === church!._id),
        'within the margin after',
      );

      const after = await live('2026-03-01T16:46:00Z');
      assert.deepEqual(after.live, []);
      assert.equal(after.next?.church._id, church!._id, 'the next streamed service');
      assert.equal(after.next?.startsAt, '2026-03-08T14:00:00.000Z', 'a week later, after the clocks changed (10:00 EDT)');
      assert.equal(after.changesAt, '2026-03-08T13:45:00.000Z');

      const ics = await app.inject({ url: '/api/live/next.ics' });
      assert.equal(ics.statusCode, 200);
      assert.match(String(ics.headers['content-type']), /^text\/calendar/);
      assert.match(ics.body, /BEGIN:VEVENT[\s\S]*DTSTART;TZID=America\/New_York:20260308T100000/);
    } finally {
      setClock(app, new Date());
    }
  });
});
