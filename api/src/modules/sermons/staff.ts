/**
 * Sermons, series and speakers on the staff pages (editors and admins):
 * drafts, scheduled and published sermons, created, edited, published,
 * unpublished and deleted. A sermon's address (slug) is made from its title
 * unless the editor gives one, and never changes once the public could
 * hear it there. Its media are files uploaded beforehand (media.ts) or
 * shipped with the sample content (/media/sermons/…); their type, size and
 * length are read from the files, never taken from the form.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { InferType } from 'yup';
import { formatTimestamp, inSiteTimeZone } from '@ministry/shared/format';
import {
  readChapters,
  sermonInputSchema,
  sermonMessages,
  seriesInputSchema,
  speakerInputSchema,
  type SermonMediaKind,
} from '@ministry/shared/validation';
import type {
  ContentState,
  StaffMedia,
  StaffSeries,
  StaffSermon,
  StaffSermonPage,
  StaffSpeaker,
  TranscriptCue,
} from '@ministry/shared/types';
import type { Database } from '../../db/index.js';
import type { SermonSeriesTable, SpeakersTable } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { newId, slugify } from '../../lib/ids.js';
import { readText } from '../../lib/mediaStore.js';
import { sanitizePlainText, sanitizeRichText } from '../../lib/sanitize.js';
import { parsePassages, type PassageRange } from '../../lib/scripture.js';
import { stateOf } from '../../lib/schedule.js';
import { durationOf, findMediaFile, MEDIA_TYPES } from './media.js';
import { sermonRows, type SermonRow } from './service.js';
import { parseWebVtt } from './transcript.js';

export const STAFF_PAGE_SIZE = 50;

/** Addresses under /api/sermons and /sermons that a sermon's slug must not take. */
const RESERVED_SLUGS = new Set(['series', 'filters', 'podcast', 'podcast-xml', 'live', 'latest', 'new', 'search']);

const slugLocked = (row: { first_live_at: Date | string | null }, now: Date): boolean =>
  row.first_live_at !== null && new Date(row.first_live_at).getTime() <= now.getTime();

function mediaOf(src: string | null, type: string | null, bytes: number | null, seconds: number | null): StaffMedia | null {
  if (!src || !type) return null;
  return { src, type, bytes: Number(bytes ?? 0), seconds: seconds === null ? null : Number(seconds) };
}

export async function toStaffSermon(db: Kysely<Database>, row: SermonRow, now: Date): Promise<StaffSermon> {
  const passages = await db
    .selectFrom('sermon_passages')
    .select('reference')
    .where('sermon_id', '=', row.id)
    .orderBy('position')
    .execute();
  const transcriptBytes = row.transcript_src
    ? await db
        .selectFrom('media_files')
        .select('size')
        .where('name', '=', row.transcript_src.replace(/^\/media\/uploads\//, ''))
        .executeTakeFirst()
    : undefined;
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    date: row.preached_day,
    speaker: { _id: row.speaker_id, name: row.speaker_name },
    series: row.series_id ? { _id: row.series_id, title: row.series_title ?? '' } : null,
    passages: passages.map((p) => p.reference).join('; '),
    summary: row.summary,
    notes: sanitizeRichText(row.notes),
    image: row.image,
    audio: mediaOf(row.audio_src, row.audio_type, row.audio_bytes, row.audio_seconds),
    video: mediaOf(row.video_src, row.video_type, row.video_bytes, null),
    videoUrl: row.video_url ?? '',
    transcript: row.transcript_src ? mediaOf(row.transcript_src, 'text/vtt', Number(transcriptBytes?.size ?? 0), null) : null,
    transcriptCues: row.transcript?.length ?? 0,
    chapters: (row.chapters ?? []).map((c) => `${formatTimestamp(c.start)} ${c.title}`).join('\n'),
    status: row.status,
    state: stateOf(row.status, row.publish_at, now),
    slugLocked: slugLocked(row, now),
    publishAt: new Date(row.publish_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

async function findRow(db: Kysely<Database>, id: string): Promise<SermonRow> {
  const row = await sermonRows(db).where('s.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('That sermon');
  return row;
}

export async function findStaffSermon(db: Kysely<Database>, id: string, now: Date): Promise<StaffSermon> {
  return toStaffSermon(db, await findRow(db, id), now);
}

const likeText = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface StaffSermonQuery {
  q?: string;
  state?: ContentState;
  series?: string;
  speaker?: string;
  offset?: number;
}

/** Every sermon, drafts included, the latest preached first; searched by title, narrowed by state, series and speaker. */
export async function listStaffSermons(db: Kysely<Database>, query: StaffSermonQuery, now: Date): Promise<StaffSermonPage> {
  let base = sermonRows(db);
  const q = query.q?.trim();
  if (q) base = base.where(sql<boolean>`lower(s.title) like ${likeText(q)}`);
  if (query.state === 'draft') base = base.where('s.status', '=', 'draft');
  if (query.state === 'scheduled') base = base.where('s.status', '=', 'published').where('s.publish_at', '>', now);
  if (query.state === 'published') base = base.where('s.status', '=', 'published').where('s.publish_at', '<=', now);
  if (query.series) base = base.where('s.series_id', '=', query.series);
  if (query.speaker) base = base.where('s.speaker_id', '=', query.speaker);
  const offset = query.offset ?? 0;
  const [rows, count] = await Promise.all([
    base.orderBy('s.preached_on', 'desc').orderBy('s.created_at', 'desc').offset(offset).limit(STAFF_PAGE_SIZE).execute(),
    base
      .clearSelect()
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return {
    items: await Promise.all(rows.map((r) => toStaffSermon(db, r, now))),
    total,
    next: offset + rows.length < total ? offset + rows.length : null,
  };
}

/** A file of a sermon as stored: its address, type, size and length. */
interface MediaFacts {
  src: string;
  type: string;
  bytes: number;
  seconds: number | null;
}

/** Lengths of the sample content's files, read once. */
const sampleDurations = new Map<string, number | null>();

/**
 * What a file the form names is: an upload of that kind (finished), or a
 * file of the sample content; a 400 under its field when it is neither.
 */
async function mediaFacts(app: FastifyInstance, src: string, kind: SermonMediaKind, field: string): Promise<MediaFacts> {
  if (src.startsWith('/media/uploads/')) {
    const row = await findMediaFile(app, src, kind);
    if (row) {
      return {
        src,
        type: row.content_type,
        bytes: Number(row.size),
        seconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
      };
    }
  } else {
    const file = path.join(sampleMediaDir(app), path.basename(src));
    const facts = await stat(file).catch(() => null);
    if (facts?.isFile()) {
      const type = MEDIA_TYPES[path.extname(file)]!;
      if (!sampleDurations.has(file) && kind !== 'transcript') {
        sampleDurations.set(file, await durationOf(createReadStream(file), type, facts.size));
      }
      return { src, type, bytes: facts.size, seconds: sampleDurations.get(file) ?? null };
    }
  }
  throw badRequest(sermonMessages.media, { [field]: sermonMessages.media });
}

/** Where the sample content's sermon files are. */
export const sampleMediaDir = (app: FastifyInstance) => path.join(app.config.siteRoot, 'api', 'content', 'media', 'sermons');

/** The cues of a transcript file (uploaded, or of the sample content). */
async function transcriptCues(app: FastifyInstance, facts: MediaFacts): Promise<TranscriptCue[]> {
  const text = facts.src.startsWith('/media/uploads/')
    ? await readText(
        app.media.read(facts.src.slice('/media/uploads/'.length), 0, facts.bytes - 1),
        app.config.sermonMediaMaxBytes.transcript,
      )
    : await readFile(path.join(sampleMediaDir(app), path.basename(facts.src)), 'utf8');
  const cues = parseWebVtt(text);
  if (!cues) throw badRequest(sermonMessages.media, { transcript: sermonMessages.media });
  return cues;
}

/** A sermon as the form gave it, checked and cleaned, its files and passages read. */
export interface SermonValues {
  title: string;
  slug: string;
  date: string;
  speakerId: string;
  seriesId: string | null;
  passages: PassageRange[];
  summary: string;
  notes: string;
  image: string;
  audio: MediaFacts | null;
  videoUrl: string | null;
  video: MediaFacts | null;
  transcript: MediaFacts | null;
  chapters: { start: number; title: string }[];
  /** null: at once (when published). */
  publishAt: Date | null;
}

/** The sermon form's values, checked by its rules (`readBody`), cleaned and looked up (speaker, series, media). */
export async function sermonValuesOf(app: FastifyInstance, input: InferType<typeof sermonInputSchema>): Promise<SermonValues> {
  const fields: Record<string, string> = {};
  const title = sanitizePlainText(input.title);
  if (!title) fields.title = sermonMessages.title;
  const passages = input.passages ? parsePassages(input.passages) : [];
  if (input.passages && !passages.length) fields.passages = sermonMessages.passages;
  const speaker = await app.db
    .selectFrom('speakers')
    .select('id')
    .where('id', '=', input.speaker.toLowerCase())
    .executeTakeFirst();
  if (!speaker) fields.speaker = sermonMessages.speaker;
  const series = input.series
    ? await app.db.selectFrom('sermon_series').select('id').where('id', '=', input.series.toLowerCase()).executeTakeFirst()
    : undefined;
  if (input.series && !series) fields.series = 'Please choose the series again';
  if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0]!, fields);
  const [audio, video, transcript] = await Promise.all([
    input.audio ? mediaFacts(app, input.audio, 'audio', 'audio') : null,
    input.video ? mediaFacts(app, input.video, 'video', 'video') : null,
    input.transcript ? mediaFacts(app, input.transcript, 'transcript', 'transcript') : null,
  ]);
  return {
    title,
    slug: input.slug,
    date: input.date,
    speakerId: speaker!.id,
    seriesId: series?.id ?? null,
    passages,
    summary: sanitizePlainText(input.summary),
    notes: sanitizeRichText(input.notes),
    image: input.image,
    audio,
    videoUrl: input.videoUrl || null,
    video,
    transcript,
    chapters: readChapters(input.chapters) ?? [],
    publishAt: input.publishAt ? inSiteTimeZone(input.publishAt).toDate() : null,
  };
}

const slugTaken = () => badRequest(sermonMessages.slugTaken, { slug: sermonMessages.slugTaken });

async function slugInUse(db: Kysely<Database>, slug: string, exceptId?: string): Promise<boolean> {
  if (RESERVED_SLUGS.has(slug)) return true;
  let query = db.selectFrom('sermons').select('id').where('slug', '=', slug);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

async function freeSlug(taken: (slug: string) => Promise<boolean>, title: string, fallback: string): Promise<string> {
  const base = slugify(title).slice(0, 110).replace(/-+$/, '') || fallback;
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await taken(slug))) return slug;
  }
}

/** The unique index answered first (two editors saving the same slug at once): the same clear 400. */
async function unlessSlugTaken<T>(work: Promise<T>, error = slugTaken): Promise<T> {
  try {
    return await work;
  } catch (caught) {
    if ((caught as { code?: string }).code === '23505') throw error();
    throw caught;
  }
}

/** The words a search finds the sermon by, the title weighing most, the transcript least. */
export async function writeSearch(trx: Transaction<Database>, id: string): Promise<void> {
  await sql`
    UPDATE sermons s SET search =
      setweight(to_tsvector('english', s.title), 'A') ||
      setweight(to_tsvector('english', s.summary || ' ' || coalesce((
        SELECT string_agg(p.reference, ' ') FROM sermon_passages p WHERE p.sermon_id = s.id), '')), 'B') ||
      setweight(to_tsvector('english', regexp_replace(s.notes, '<[^>]*>', ' ', 'g')), 'C') ||
      setweight(to_tsvector('english', coalesce((
        SELECT string_agg(c->>'text', ' ') FROM jsonb_array_elements(coalesce(s.transcript, '[]'::jsonb)) AS c), '')), 'D')
    WHERE s.id = ${id}`.execute(trx);
}

export async function writePassages(trx: Transaction<Database>, id: string, passages: PassageRange[]): Promise<void> {
  await trx.deleteFrom('sermon_passages').where('sermon_id', '=', id).execute();
  if (!passages.length) return;
  await trx
    .insertInto('sermon_passages')
    .values(
      passages.map((p, position) => ({
        sermon_id: id,
        position,
        reference: p.reference,
        book: p.book,
        start_verse: p.start,
        end_verse: p.end,
      })),
    )
    .execute();
}

/** The columns of a sermon from its checked values (the transcript's cues given apart: read only when it changed). */
function columns(values: SermonValues, cues: TranscriptCue[] | null) {
  return {
    title: values.title,
    preached_on: values.date,
    speaker_id: values.speakerId,
    series_id: values.seriesId,
    summary: values.summary,
    notes: values.notes,
    image: values.image,
    audio_src: values.audio?.src ?? null,
    audio_type: values.audio?.type ?? null,
    audio_bytes: values.audio?.bytes ?? null,
    audio_seconds: values.audio?.seconds ?? null,
    video_url: values.videoUrl,
    video_src: values.video?.src ?? null,
    video_type: values.video?.type ?? null,
    video_bytes: values.video?.bytes ?? null,
    transcript_src: values.transcript?.src ?? null,
    transcript: cues ? JSON.stringify(cues) : null,
    chapters: JSON.stringify(values.chapters),
  };
}

/** A new sermon, saved as a draft. */
export async function createSermon(app: FastifyInstance, values: SermonValues, now: Date): Promise<SermonRow> {
  const db = app.db;
  let slug = values.slug;
  if (slug && (await slugInUse(db, slug))) throw slugTaken();
  if (!slug) slug = await freeSlug((s) => slugInUse(db, s), values.title, 'sermon');
  const cues = values.transcript ? await transcriptCues(app, values.transcript) : null;
  const id = newId();
  await unlessSlugTaken(
    db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sermons')
        .values({ id, slug, ...columns(values, cues), status: 'draft', publish_at: values.publishAt ?? now, updated_at: now })
        .execute();
      await writePassages(trx, id, values.passages);
      await writeSearch(trx, id);
    }),
  );
  return findRow(db, id);
}

/** When the public first hears a published sermon: now, or its moment when that is ahead. */
const goesLiveAt = (publishAt: Date, now: Date): Date => (publishAt.getTime() > now.getTime() ? publishAt : now);

export async function updateSermon(
  app: FastifyInstance,
  id: string,
  values: SermonValues,
  now: Date,
): Promise<{ before: SermonRow; after: SermonRow }> {
  const db = app.db;
  const before = await findRow(db, id);
  const locked = slugLocked(before, now);
  const slug = values.slug || (locked ? before.slug : await freeSlug((s) => slugInUse(db, s, id), values.title, 'sermon'));
  if (locked && slug !== before.slug) throw badRequest(sermonMessages.slugLocked, { slug: sermonMessages.slugLocked });
  if (slug !== before.slug && values.slug && (await slugInUse(db, slug, id))) throw slugTaken();
  // "At once": a moment already past stays; one ahead (scheduled) becomes now.
  const publishAt =
    values.publishAt ?? (new Date(before.publish_at).getTime() <= now.getTime() ? new Date(before.publish_at) : now);
  const firstLiveAt = before.status === 'published' && !locked ? goesLiveAt(publishAt, now) : before.first_live_at;
  const cues =
    values.transcript?.src === before.transcript_src
      ? before.transcript
      : values.transcript
        ? await transcriptCues(app, values.transcript)
        : null;
  await unlessSlugTaken(
    db.transaction().execute(async (trx) => {
      await trx
        .updateTable('sermons')
        .set({ slug, ...columns(values, cues), publish_at: publishAt, first_live_at: firstLiveAt, updated_at: now })
        .where('id', '=', id)
        .execute();
      await writePassages(trx, id, values.passages);
      await writeSearch(trx, id);
    }),
  );
  return { before, after: await findRow(db, id) };
}

/** Published: the public hears it from its moment (now, when that is past). Null when it already was. */
export async function publishSermon(db: Kysely<Database>, id: string, now: Date): Promise<SermonRow | null> {
  const row = await findRow(db, id);
  if (row.status === 'published') return null;
  const publishAt = new Date(row.publish_at).getTime() > now.getTime() ? new Date(row.publish_at) : now;
  const firstLiveAt = slugLocked(row, now) ? row.first_live_at : goesLiveAt(publishAt, now);
  await db
    .updateTable('sermons')
    .set({ status: 'published', publish_at: publishAt, first_live_at: firstLiveAt, updated_at: now })
    .where('id', '=', id)
    .execute();
  return findRow(db, id);
}

/** Back to a draft: the public no longer hears it. Null when it already was one. */
export async function unpublishSermon(db: Kysely<Database>, id: string, now: Date): Promise<SermonRow | null> {
  const row = await findRow(db, id);
  if (row.status === 'draft') return null;
  const firstLiveAt = slugLocked(row, now) ? row.first_live_at : null;
  await db
    .updateTable('sermons')
    .set({ status: 'draft', first_live_at: firstLiveAt, updated_at: now })
    .where('id', '=', id)
    .execute();
  return findRow(db, id);
}

export async function deleteSermon(db: Kysely<Database>, id: string): Promise<SermonRow> {
  const row = await findRow(db, id);
  await db.deleteFrom('sermons').where('id', '=', id).execute();
  return row;
}

/* Series. */

type SeriesRow = Selectable<SermonSeriesTable>;

export async function listStaffSeries(db: Kysely<Database>, now: Date, only?: string): Promise<StaffSeries[]> {
  let query = db
    .selectFrom('sermon_series as se')
    .leftJoin('sermons as s', 's.series_id', 'se.id')
    .select([
      'se.id',
      'se.slug',
      'se.title',
      'se.description',
      'se.image',
      sql<string>`count(s.id)`.as('all'),
      sql<string>`count(s.id) filter (where s.status = 'published' and s.publish_at <= ${now})`.as('public'),
      sql<string | null>`min(s.preached_on)::text`.as('first'),
      sql<string | null>`max(s.preached_on)::text`.as('last'),
    ])
    .groupBy(['se.id', 'se.slug', 'se.title', 'se.description', 'se.image'])
    .orderBy(sql`max(s.preached_on) desc nulls first`)
    .orderBy('se.title');
  if (only) query = query.where('se.id', '=', only);
  const rows = await query.execute();
  return rows.map((r) => ({
    _id: r.id,
    slug: r.slug,
    title: r.title,
    description: r.description,
    image: r.image,
    sermonCount: Number(r.public),
    allSermons: Number(r.all),
    firstDate: r.first,
    lastDate: r.last,
  }));
}

export async function findStaffSeries(db: Kysely<Database>, id: string, now: Date): Promise<StaffSeries> {
  const [series] = await listStaffSeries(db, now, id);
  if (!series) throw notFound('That series');
  return series;
}

const seriesSlugTaken = () => badRequest(sermonMessages.seriesSlugTaken, { slug: sermonMessages.seriesSlugTaken });

async function seriesSlugInUse(db: Kysely<Database>, slug: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('sermon_series').select('id').where('slug', '=', slug);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The series form's values, checked by its rules (`readBody`), cleaned: plain text. */
export function cleanSeriesInput(input: InferType<typeof seriesInputSchema>) {
  const title = sanitizePlainText(input.title);
  if (!title) throw badRequest(sermonMessages.seriesTitle, { title: sermonMessages.seriesTitle });
  return { ...input, title, description: sanitizePlainText(input.description) };
}

export async function createSeries(
  db: Kysely<Database>,
  input: ReturnType<typeof cleanSeriesInput>,
  now: Date,
): Promise<SeriesRow> {
  if (input.slug && (await seriesSlugInUse(db, input.slug))) throw seriesSlugTaken();
  const slug = input.slug || (await freeSlug((s) => seriesSlugInUse(db, s), input.title, 'series'));
  const id = newId();
  await unlessSlugTaken(
    db
      .insertInto('sermon_series')
      .values({ id, slug, title: input.title, description: input.description, image: input.image, updated_at: now })
      .execute(),
    seriesSlugTaken,
  );
  return db.selectFrom('sermon_series').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function updateSeries(
  db: Kysely<Database>,
  id: string,
  input: ReturnType<typeof cleanSeriesInput>,
  now: Date,
): Promise<SeriesRow> {
  const before = await db.selectFrom('sermon_series').selectAll().where('id', '=', id).executeTakeFirst();
  if (!before) throw notFound('That series');
  const slug = input.slug || before.slug;
  if (slug !== before.slug) {
    if (await seriesSlugInUse(db, slug, id)) throw seriesSlugTaken();
    const heard = await db
      .selectFrom('sermons')
      .select('id')
      .where('series_id', '=', id)
      .where('first_live_at', 'is not', null)
      .where('first_live_at', '<=', now)
      .executeTakeFirst();
    if (heard) {
      const message = 'The public has visited this series at its address, which stays the same so links to it keep working.';
      throw badRequest(message, { slug: message });
    }
  }
  await unlessSlugTaken(
    db
      .updateTable('sermon_series')
      .set({ slug, title: input.title, description: input.description, image: input.image, updated_at: now })
      .where('id', '=', id)
      .execute(),
    seriesSlugTaken,
  );
  return db.selectFrom('sermon_series').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Removes a series; its sermons stay, in no series. */
export async function deleteSeries(db: Kysely<Database>, id: string): Promise<SeriesRow> {
  const row = await db.selectFrom('sermon_series').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('That series');
  await db.deleteFrom('sermon_series').where('id', '=', id).execute();
  return row;
}

/* Speakers. */

type SpeakerRow = Selectable<SpeakersTable>;

export async function listStaffSpeakers(db: Kysely<Database>, only?: string): Promise<StaffSpeaker[]> {
  let query = db
    .selectFrom('speakers as sp')
    .leftJoin('sermons as s', 's.speaker_id', 'sp.id')
    .select(['sp.id', 'sp.name', 'sp.role', 'sp.photo', sql<string>`count(s.id)`.as('n')])
    .groupBy(['sp.id', 'sp.name', 'sp.role', 'sp.photo'])
    .orderBy('sp.name');
  if (only) query = query.where('sp.id', '=', only);
  const rows = await query.execute();
  return rows.map((r) => ({ _id: r.id, name: r.name, role: r.role, photo: r.photo, sermons: Number(r.n) }));
}

export async function findStaffSpeaker(db: Kysely<Database>, id: string): Promise<StaffSpeaker> {
  const [speaker] = await listStaffSpeakers(db, id);
  if (!speaker) throw notFound('That speaker');
  return speaker;
}

/** The speaker form's values, checked by its rules (`readBody`), cleaned: plain text. */
export function cleanSpeakerInput(input: InferType<typeof speakerInputSchema>) {
  const name = sanitizePlainText(input.name);
  if (!name) throw badRequest(sermonMessages.name, { name: sermonMessages.name });
  return { ...input, name, role: sanitizePlainText(input.role) };
}

const speakerTaken = () => {
  const message = 'A speaker of that name is already listed.';
  return badRequest(message, { name: message });
};

export async function createSpeaker(
  db: Kysely<Database>,
  input: ReturnType<typeof cleanSpeakerInput>,
  now: Date,
): Promise<SpeakerRow> {
  const id = newId();
  await unlessSlugTaken(
    db.insertInto('speakers').values({ id, name: input.name, role: input.role, photo: input.photo, updated_at: now }).execute(),
    speakerTaken,
  );
  return db.selectFrom('speakers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function updateSpeaker(
  db: Kysely<Database>,
  id: string,
  input: ReturnType<typeof cleanSpeakerInput>,
  now: Date,
): Promise<SpeakerRow> {
  const result = await unlessSlugTaken(
    db
      .updateTable('speakers')
      .set({ name: input.name, role: input.role, photo: input.photo, updated_at: now })
      .where('id', '=', id)
      .executeTakeFirst(),
    speakerTaken,
  );
  if (!Number(result.numUpdatedRows)) throw notFound('That speaker');
  return db.selectFrom('speakers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Removes a speaker who preached no sermon on the site (give their sermons another speaker first). */
export async function deleteSpeaker(db: Kysely<Database>, id: string): Promise<SpeakerRow> {
  const speaker = await findStaffSpeaker(db, id);
  if (speaker.sermons > 0) {
    throw conflict(
      `${speaker.name} preached ${speaker.sermons === 1 ? 'a sermon' : `${speaker.sermons} sermons`} on the site. Give ${speaker.sermons === 1 ? 'it' : 'them'} another speaker first.`,
    );
  }
  const row = await db.selectFrom('speakers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  await db.deleteFrom('speakers').where('id', '=', id).execute();
  return row;
}
