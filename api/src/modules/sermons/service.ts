/**
 * The public's sermons: only those published and due on the site's clock.
 * Lists are narrowed by series, speaker, book of the Bible, year, a passage
 * (the sermons on any verse of it) and words (PostgreSQL full-text search
 * over the title, summary, notes and transcript), a page at a time.
 */
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { embedAddress, videoFromAddress, videoPage } from '@ministry/shared/validation';
import type {
  Paging,
  Sermon,
  SermonFilters,
  SermonPassage,
  SermonQuery,
  SermonSeries,
  SermonSummary,
  SermonVideo,
} from '@ministry/shared/types';
import type { Database } from '../../db/index.js';
import { badRequest } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { sanitizeRichText } from '../../lib/sanitize.js';
import { bookName, bookSlug, findBook, parsePassages } from '../../lib/scripture.js';

/** How many sermons a page of the list holds. */
export const SERMONS_PAGE = 12;

export const passageMessage = (text: string) =>
  `"${text.slice(0, 60)}" is not a Bible passage we know. Try a book, chapter and verses, e.g. John 3 or 1 Cor 13:4-7.`;

/** The columns a sermon is shown with: its own, its speaker's and its series'. */
export function sermonRows(db: Kysely<Database>) {
  return db
    .selectFrom('sermons as s')
    .innerJoin('speakers as sp', 'sp.id', 's.speaker_id')
    .leftJoin('sermon_series as se', 'se.id', 's.series_id')
    .selectAll('s')
    .select([
      'sp.name as speaker_name',
      'sp.role as speaker_role',
      'sp.photo as speaker_photo',
      'se.slug as series_slug',
      'se.title as series_title',
      'se.image as series_image',
      // The day as written ('YYYY-MM-DD'), whatever the driver makes of a date.
      sql<string>`s.preached_on::text`.as('preached_day'),
    ]);
}

export type SermonRow = Awaited<ReturnType<ReturnType<typeof sermonRows>['executeTakeFirstOrThrow']>>;

/** What the public may hear at `now`: published and due. */
export const isPublic = (now: Date) => sql<SqlBool>`s.status = 'published' and s.publish_at <= ${now}`;

/** The passages of these sermons, each in the order written. */
export async function passagesOf(db: Kysely<Database>, ids: string[]): Promise<Map<string, SermonPassage[]>> {
  const byId = new Map<string, SermonPassage[]>();
  if (!ids.length) return byId;
  const rows = await db
    .selectFrom('sermon_passages')
    .select(['sermon_id', 'reference', 'book'])
    .where('sermon_id', 'in', ids)
    .orderBy('sermon_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const list = byId.get(row.sermon_id) ?? [];
    list.push({ reference: row.reference, book: bookName(row.book), bookSlug: bookSlug(row.book) });
    byId.set(row.sermon_id, list);
  }
  return byId;
}

export function toSummary(row: SermonRow, passages: SermonPassage[]): SermonSummary {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    date: row.preached_day,
    speaker: { _id: row.speaker_id, name: row.speaker_name, role: row.speaker_role, photo: row.speaker_photo },
    series:
      row.series_id && row.series_slug ? { _id: row.series_id, slug: row.series_slug, title: row.series_title ?? '' } : null,
    passages,
    summary: row.summary,
    image: row.image || row.series_image || '',
    audio:
      row.audio_src && row.audio_type
        ? {
            src: row.audio_src,
            type: row.audio_type,
            bytes: Number(row.audio_bytes ?? 0),
            seconds: row.audio_seconds === null ? null : Number(row.audio_seconds),
          }
        : null,
    hasVideo: Boolean(row.video_url || row.video_src),
    hasTranscript: Boolean(row.transcript_src),
    publishedAt: new Date(row.first_live_at ?? row.publish_at).toISOString(),
  };
}

export function videoOf(row: Pick<SermonRow, 'video_url' | 'video_src' | 'video_type' | 'video_bytes'>): SermonVideo | null {
  const hosted = row.video_url ? videoFromAddress(row.video_url) : null;
  if (hosted) return { kind: hosted.provider, src: embedAddress(hosted), pageUrl: videoPage(hosted), type: null, bytes: null };
  if (row.video_src && row.video_type) {
    return { kind: 'file', src: row.video_src, pageUrl: null, type: row.video_type, bytes: Number(row.video_bytes ?? 0) };
  }
  return null;
}

/** Summaries of these rows, passages included. */
export async function summaries(db: Kysely<Database>, rows: SermonRow[]): Promise<SermonSummary[]> {
  const passages = await passagesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toSummary(row, passages.get(row.id) ?? []));
}

/** The words a visitor searched for, as a query PostgreSQL reads ("grace -law", "\"good shepherd\""). */
const searchQuery = (q: string) => sql`websearch_to_tsquery('english', ${q})`;

/** Whether a sermon has a passage sharing a verse with one of `ranges`. */
function onPassages(ranges: { start: number; end: number }[]): Expression<SqlBool> {
  return sql<SqlBool>`exists (
    select 1 from sermon_passages p
    where p.sermon_id = s.id and (${sql.join(
      ranges.map((r) => sql`(p.start_verse <= ${r.end} and p.end_verse >= ${r.start})`),
      sql` or `,
    )}))`;
}

/** The public list, narrowed and searched, a page at a time (the newest first; by relevance when searched). */
export async function listSermons(
  db: Kysely<Database>,
  now: Date,
  query: SermonQuery & { pageSize?: number } = {},
): Promise<{ data: SermonSummary[]; paging: Paging }> {
  const pageSize = query.pageSize ?? SERMONS_PAGE;
  const page = Math.max(1, query.page ?? 1);
  let rows = sermonRows(db).where(isPublic(now));
  const q = query.q?.trim();
  if (q) rows = rows.where(sql<SqlBool>`s.search @@ ${searchQuery(q)}`);
  const passage = query.passage?.trim();
  if (passage) {
    const ranges = parsePassages(passage);
    if (!ranges.length) throw badRequest(passageMessage(passage), { passage: passageMessage(passage) });
    rows = rows.where(onPassages(ranges));
  }
  if (query.series) rows = rows.where('se.slug', '=', query.series.toLowerCase());
  if (query.speaker) {
    if (!isUuid(query.speaker)) return { data: [], paging: { page, pageSize, total: 0, pages: 1 } };
    rows = rows.where('s.speaker_id', '=', query.speaker.toLowerCase());
  }
  if (query.book) {
    const book = findBook(query.book);
    if (!book) throw badRequest('That is not a book of the Bible.', { book: 'That is not a book of the Bible.' });
    rows = rows.where(sql<SqlBool>`exists (select 1 from sermon_passages p where p.sermon_id = s.id and p.book = ${book})`);
  }
  if (query.year) rows = rows.where(sql<SqlBool>`extract(year from s.preached_on) = ${query.year}`);

  let ordered = rows;
  if (q) ordered = ordered.orderBy(sql`ts_rank(s.search, ${searchQuery(q)})`, 'desc');
  const [items, count] = await Promise.all([
    ordered
      .orderBy('s.preached_on', 'desc')
      .orderBy('s.publish_at', 'desc')
      .orderBy('s.id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    rows
      .clearSelect()
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return { data: await summaries(db, items), paging: { page, pageSize, total, pages: Math.max(1, Math.ceil(total / pageSize)) } };
}

/** One sermon by slug or id, with its series' other sermons; undefined when the public may not hear it. */
export async function findSermon(db: Kysely<Database>, slugOrId: string, now: Date): Promise<Sermon | undefined> {
  const row = await sermonRows(db)
    .where(isPublic(now))
    .where(isUuid(slugOrId) ? 's.id' : 's.slug', '=', slugOrId.toLowerCase())
    .executeTakeFirst();
  if (!row) return undefined;
  const siblings = row.series_id
    ? await sermonRows(db)
        .where(isPublic(now))
        .where('s.series_id', '=', row.series_id)
        .where('s.id', '<>', row.id)
        .orderBy('s.preached_on')
        .orderBy('s.publish_at')
        .limit(50)
        .execute()
    : [];
  const [summary] = await summaries(db, [row]);
  return {
    ...summary!,
    notes: sanitizeRichText(row.notes),
    video: videoOf(row),
    transcriptSrc: row.transcript_src,
    transcript: row.transcript ?? [],
    chapters: row.chapters ?? [],
    seriesSermons: await summaries(db, siblings),
  };
}

/** The series that have sermons the public may hear, the latest preached first. */
export async function listSeries(db: Kysely<Database>, now: Date, only?: string): Promise<SermonSeries[]> {
  let query = db
    .selectFrom('sermon_series as se')
    .innerJoin('sermons as s', 's.series_id', 'se.id')
    .where(isPublic(now))
    .select([
      'se.id',
      'se.slug',
      'se.title',
      'se.description',
      'se.image',
      sql<string>`count(s.id)`.as('n'),
      sql<string>`min(s.preached_on)::text`.as('first'),
      sql<string>`max(s.preached_on)::text`.as('last'),
    ])
    .groupBy(['se.id', 'se.slug', 'se.title', 'se.description', 'se.image'])
    .orderBy(sql`max(s.preached_on)`, 'desc')
    .orderBy('se.title');
  if (only !== undefined) query = query.where('se.slug', '=', only.toLowerCase());
  const rows = await query.execute();
  return rows.map((r) => ({
    _id: r.id,
    slug: r.slug,
    title: r.title,
    description: r.description,
    image: r.image,
    sermonCount: Number(r.n),
    firstDate: r.first,
    lastDate: r.last,
  }));
}

/** A series and its sermons in the order preached; undefined when it has none the public may hear. */
export async function findSeries(
  db: Kysely<Database>,
  slug: string,
  now: Date,
): Promise<{ series: SermonSeries; sermons: SermonSummary[] } | undefined> {
  const [series] = await listSeries(db, now, slug);
  if (!series) return undefined;
  const rows = await sermonRows(db)
    .where(isPublic(now))
    .where('s.series_id', '=', series._id)
    .orderBy('s.preached_on')
    .orderBy('s.publish_at')
    .execute();
  return { series, sermons: await summaries(db, rows) };
}

/** The values the list can be narrowed by, with how many sermons each has. */
export async function sermonFilters(db: Kysely<Database>, now: Date): Promise<SermonFilters> {
  const [series, speakers, books, years] = await Promise.all([
    listSeries(db, now),
    db
      .selectFrom('sermons as s')
      .innerJoin('speakers as sp', 'sp.id', 's.speaker_id')
      .where(isPublic(now))
      .select(['sp.id', 'sp.name', sql<string>`count(*)`.as('n')])
      .groupBy(['sp.id', 'sp.name'])
      .orderBy('sp.name')
      .execute(),
    db
      .selectFrom('sermon_passages as p')
      .innerJoin('sermons as s', 's.id', 'p.sermon_id')
      .where(isPublic(now))
      .select(['p.book', sql<string>`count(distinct s.id)`.as('n')])
      .groupBy('p.book')
      .orderBy('p.book')
      .execute(),
    db
      .selectFrom('sermons as s')
      .where(isPublic(now))
      .select([sql<number>`extract(year from s.preached_on)::int`.as('year'), sql<string>`count(*)`.as('n')])
      .groupBy(sql`extract(year from s.preached_on)`)
      .orderBy(sql`extract(year from s.preached_on)`, 'desc')
      .execute(),
  ]);
  return {
    series: series.map((s) => ({ slug: s.slug, title: s.title, count: s.sermonCount })),
    speakers: speakers.map((s) => ({ _id: s.id, name: s.name, count: Number(s.n) })),
    books: books.map((b) => ({ slug: bookSlug(b.book), name: bookName(b.book), count: Number(b.n) })),
    years: years.map((y) => ({ year: Number(y.year), count: Number(y.n) })),
  };
}

/** When the next scheduled sermon becomes public (null: none is scheduled). */
export async function nextSermonDue(db: Kysely<Database>, now: Date): Promise<Date | null> {
  const row = await db
    .selectFrom('sermons')
    .select((eb) => eb.fn.min('publish_at').as('next'))
    .where('status', '=', 'published')
    .where('publish_at', '>', now)
    .executeTakeFirst();
  return row?.next ? new Date(row.next) : null;
}
