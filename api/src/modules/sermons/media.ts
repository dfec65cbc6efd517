/**
 * The staff's uploads of a sermon's audio, video and transcript. A file is
 * sent in parts (config.mediaPartBytes each, the last shorter), each part its
 * own request, streamed to storage as it arrives (lib/mediaStore.ts): a file
 * of any size goes up within the request time limit, the page shows its
 * progress, and a broken connection resumes from the last part stored.
 *
 * 1. POST announces the kind, name and size: refused at once (413, nothing
 *    stored) above the kind's limit; answers the upload's id.
 * 2. PUT …?offset=N sends the part that starts at byte N (the bytes
 *    received so far). A part bringing more than announced ends the
 *    upload: nothing of it is kept.
 * 3. The last part in, the file is checked (an MP3 or M4A, an MP4, a
 *    WebVTT file, as announced), its length read (music-metadata), and it
 *    is served at /media/uploads/<id> from then on.
 * An upload left unfinished for a day is removed.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { sermonMessages, type MediaUploadInput, type SermonMediaKind } from '@ministry/shared/validation';
import type { MediaUpload } from '@ministry/shared/types';
import type { MediaFilesTable } from '../../db/schema.js';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.js';
import { PartTooLarge, readText, type MediaTarget } from '../../lib/mediaStore.js';
import { forgetMediaFile } from '../media/routes.js';
import { parseWebVtt } from './transcript.js';

/** An upload's id: the name the file is served under. */
export const MEDIA_NAME = '^[a-f0-9]{24}\\.(mp3|m4a|mp4|vtt)$';

/** The type each extension is served with. */
export const MEDIA_TYPES: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt',
};

/** Uploads one staff member may have under way at once. */
export const OPEN_UPLOADS_PER_PERSON = 6;
/** How long an unfinished upload is kept. */
export const ABANDONED_AFTER_MS = 24 * 3600_000;

type Row = Selectable<MediaFilesTable>;

const target = (row: Row): MediaTarget => ({
  name: row.name,
  contentType: row.content_type,
  s3UploadId: row.s3_upload_id,
  s3Parts: row.s3_parts ?? [],
});

export function toUpload(row: Row, partBytes: number): MediaUpload {
  const size = Number(row.size);
  return {
    _id: row.name,
    kind: row.kind,
    fileName: row.original_name,
    size,
    received: Number(row.received),
    partBytes,
    file: row.completed_at
      ? {
          src: `/media/uploads/${row.name}`,
          type: row.content_type,
          bytes: size,
          seconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
        }
      : null,
  };
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** Starts an upload, or refuses it (413) when the file is larger than its kind may be. */
export async function beginUpload(app: FastifyInstance, userId: string, input: MediaUploadInput): Promise<MediaUpload> {
  const kind = input.kind as SermonMediaKind;
  const max = app.config.sermonMediaMaxBytes[kind];
  if (input.size > max) {
    const message = sermonMessages.tooLarge(kind, megabytes(max));
    throw new HttpError(413, 'too_large', message, { file: message });
  }
  const { open } = await app.db
    .selectFrom('media_files')
    .select((eb) => eb.fn.countAll<string>().as('open'))
    .where('uploaded_by', '=', userId)
    .where('completed_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(open) >= OPEN_UPLOADS_PER_PERSON) {
    throw new HttpError(
      429,
      'too_many_uploads',
      `You have ${OPEN_UPLOADS_PER_PERSON} uploads under way. Finish or cancel one of them first.`,
    );
  }
  const extension = path.extname(input.fileName).toLowerCase();
  const name = `${randomBytes(12).toString('hex')}${extension}`;
  const contentType = MEDIA_TYPES[extension]!;
  const s3UploadId = await app.media.begin(name, contentType);
  await app.db
    .insertInto('media_files')
    .values({
      name,
      kind,
      content_type: contentType,
      size: input.size,
      original_name: input.fileName.slice(0, 255),
      uploaded_by: userId,
      s3_upload_id: s3UploadId,
    })
    .execute();
  return toUpload(await findRow(app, userId, name), app.config.mediaPartBytes);
}

async function findRow(app: FastifyInstance, userId: string, name: string): Promise<Row> {
  const row = await app.db
    .selectFrom('media_files')
    .selectAll()
    .where('name', '=', name)
    .where('uploaded_by', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound('That upload');
  return row;
}

export async function uploadState(app: FastifyInstance, userId: string, name: string): Promise<MediaUpload> {
  return toUpload(await findRow(app, userId, name), app.config.mediaPartBytes);
}

/** Forgets an upload and whatever of it was stored. */
async function discard(app: FastifyInstance, row: Row): Promise<void> {
  forgetMediaFile(row.name);
  await app.media
    .remove(target(row))
    .catch((error: unknown) => app.log.warn({ err: error, name: row.name }, 'could not remove a file'));
  await app.db.deleteFrom('media_files').where('name', '=', row.name).execute();
}

/** Cancels an unfinished upload (a finished file goes with its sermon). */
export async function cancelUpload(app: FastifyInstance, userId: string, name: string): Promise<void> {
  const row = await findRow(app, userId, name);
  if (row.completed_at) throw conflict('That file is uploaded. Remove it from its sermon instead.');
  await discard(app, row);
}

/** Parts being written in this process: one at a time per upload. */
const receiving = new Set<string>();

/** Stores the part that starts at `offset`; the last one completes the file. */
export async function putPart(
  app: FastifyInstance,
  userId: string,
  name: string,
  offset: number,
  body: Readable,
): Promise<MediaUpload> {
  const row = await findRow(app, userId, name);
  if (row.completed_at) throw conflict('That file is already uploaded.');
  const received = Number(row.received);
  const size = Number(row.size);
  if (offset !== received || receiving.has(name)) {
    body.resume();
    throw new HttpError(409, 'out_of_order', `Send the part that starts at byte ${received}.`);
  }
  receiving.add(name);
  try {
    const expected = Math.min(app.config.mediaPartBytes, size - received);
    let stored: Awaited<ReturnType<typeof app.media.putPart>>;
    try {
      stored = await app.media.putPart(target(row), offset, body, expected);
    } catch (error) {
      if (!(error instanceof PartTooLarge)) throw error;
      // More bytes than announced: the upload ends, nothing of it is kept.
      await discard(app, row);
      const message = sermonMessages.tooLarge(row.kind, megabytes(app.config.sermonMediaMaxBytes[row.kind]));
      throw new HttpError(
        413,
        'too_large',
        size >= app.config.sermonMediaMaxBytes[row.kind] ? message : 'The file is larger than announced. Please upload it again.',
        { file: message },
      );
    }
    if (stored.bytes !== expected) {
      await app.media.cut(target(row), offset);
      throw badRequest(`This part carried ${stored.bytes} bytes instead of ${expected}. Please send it again.`);
    }
    const parts = stored.receipt
      ? [...(row.s3_parts ?? []).filter((p) => p.PartNumber !== stored.receipt!.PartNumber), stored.receipt]
      : (row.s3_parts ?? []);
    const updated = await app.db
      .updateTable('media_files')
      .set({ received: received + stored.bytes, s3_parts: JSON.stringify(parts) })
      .where('name', '=', name)
      .where('received', '=', received)
      .returningAll()
      .executeTakeFirst();
    if (!updated)
      throw new HttpError(409, 'out_of_order', 'Another part arrived first. Ask where the upload stands and go on from there.');
    if (Number(updated.received) < size) return toUpload(updated, app.config.mediaPartBytes);
    return toUpload(await complete(app, updated), app.config.mediaPartBytes);
  } finally {
    receiving.delete(name);
  }
}

const NOT_AUDIO = 'That is not an MP3 or M4A file. Please choose the sermon’s audio file.';
const NOT_VIDEO = 'That is not an MP4 video. Please choose the sermon’s video file.';
const NOT_TRANSCRIPT = 'That is not a WebVTT (.vtt) file. Please choose the transcript or captions file.';

/** Whether a file's first bytes are those of its type. */
function looksLike(extension: string, head: Buffer): boolean {
  const isoMedia = head.length >= 8 && head.subarray(4, 8).toString('latin1') === 'ftyp';
  if (extension === '.mp3')
    return head.subarray(0, 3).toString('latin1') === 'ID3' || (head[0] === 0xff && (head[1]! & 0xe0) === 0xe0);
  if (extension === '.m4a' || extension === '.mp4') return isoMedia;
  return true;
}

async function readHead(app: FastifyInstance, row: Row): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of app.media.read(row.name, 0, Math.min(Number(row.size), 64) - 1) as AsyncIterable<Buffer>)
    chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** How long a recording lasts, in whole seconds, read from the file as it streams by; null when it cannot be told. */
export async function durationOf(stream: Readable, contentType: string, size: number): Promise<number | null> {
  try {
    // Loaded with the first upload (most processes never read one).
    const { parseStream } = await import('music-metadata');
    const metadata = await parseStream(stream, { mimeType: contentType, size }, { duration: true, skipCovers: true });
    const seconds = metadata.format.duration;
    return seconds && Number.isFinite(seconds) ? Math.round(seconds) : null;
  } catch {
    return null;
  } finally {
    stream.destroy();
  }
}

/** Every byte is in: the file is checked, its length read, and it is served from now on. */
async function complete(app: FastifyInstance, row: Row): Promise<Row> {
  const extension = path.extname(row.name);
  const size = Number(row.size);
  let seconds: number | null = null;
  try {
    await app.media.finish(target(row));
    const head = await readHead(app, row);
    if (!looksLike(extension, head))
      throw badRequest(row.kind === 'audio' ? NOT_AUDIO : NOT_VIDEO, { file: row.kind === 'audio' ? NOT_AUDIO : NOT_VIDEO });
    if (row.kind === 'transcript') {
      const text = await readText(app.media.read(row.name, 0, size - 1), app.config.sermonMediaMaxBytes.transcript);
      if (!parseWebVtt(text)) throw badRequest(NOT_TRANSCRIPT, { file: NOT_TRANSCRIPT });
    } else {
      seconds = await durationOf(app.media.read(row.name, 0, size - 1), row.content_type, size);
      if (row.kind === 'audio' && seconds === null) throw badRequest(NOT_AUDIO, { file: NOT_AUDIO });
    }
  } catch (error) {
    await discard(app, row);
    throw error;
  }
  return app.db
    .updateTable('media_files')
    .set({ completed_at: new Date(), duration_seconds: seconds, s3_upload_id: null })
    .where('name', '=', row.name)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A finished upload of `kind`, by its address (/media/uploads/<name>); undefined when there is none. */
export async function findMediaFile(app: FastifyInstance, src: string, kind: SermonMediaKind): Promise<Row | undefined> {
  const name = src.replace(/^\/media\/uploads\//, '');
  return app.db
    .selectFrom('media_files')
    .selectAll()
    .where('name', '=', name)
    .where('kind', '=', kind)
    .where('completed_at', 'is not', null)
    .executeTakeFirst();
}

/** Removes uploaded files no sermon uses any more (those of `srcs`). */
export async function removeUnusedMedia(app: FastifyInstance, srcs: (string | null | undefined)[]): Promise<void> {
  for (const src of srcs) {
    if (!src?.startsWith('/media/uploads/')) continue;
    const used = await app.db
      .selectFrom('sermons')
      .select('id')
      .where((eb) => eb.or([eb('audio_src', '=', src), eb('video_src', '=', src), eb('transcript_src', '=', src)]))
      .executeTakeFirst();
    if (used) continue;
    const row = await app.db
      .selectFrom('media_files')
      .selectAll()
      .where('name', '=', src.slice('/media/uploads/'.length))
      .executeTakeFirst();
    if (row) await discard(app, row);
  }
}

/** Uploads left unfinished for a day are removed (the media-uploads job). */
export async function sweepAbandonedUploads(app: FastifyInstance): Promise<number> {
  const rows = await app.db
    .selectFrom('media_files')
    .selectAll()
    .where('completed_at', 'is', null)
    .where('created_at', '<', new Date(app.clock.now().getTime() - ABANDONED_AFTER_MS))
    .limit(100)
    .execute();
  for (const row of rows) await discard(app, row);
  return rows.length;
}
