/**
 * GET /media/uploads/:name: the uploaded files, wherever they are kept. A
 * name is never reused, so a file never changes: it is cached for good and
 * its ETag is its name and size.
 * - Photos (lib/uploads.ts) are small and sent whole.
 * - A sermon's audio, video and transcript (lib/mediaStore.ts) are sent in
 *   byte ranges (`Range: bytes=…`: 206 Partial Content, 416 past the end,
 *   `Accept-Ranges: bytes`, `If-Range`), streamed from storage, so a phone
 *   seeks and resumes without downloading the whole file. With a bucket
 *   (S3_BUCKET) the visitor is sent to a signed address of the file for an
 *   hour: the bucket serves the ranges itself (transcripts, small and read
 *   by the video's captions track on this origin, are streamed through).
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOAD_NAME } from '../../lib/uploads.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** How long a signed address of a bucket's file works. */
const SIGNED_SECONDS = 3600;

/** The bytes a Range header asks for: a range, 'unsatisfiable' (416), or null (send it all). */
export function requestedRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: the whole file answers them (RFC 9110 allows it).
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  if (start >= size) return 'unsatisfiable';
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (end < start) return null;
  return { start, end };
}

/** What is known of a finished file, kept a minute (a file never changes; a removed one is forgotten at once here). */
interface KnownFile {
  size: number | string;
  content_type: string;
  completed_at: Date | string | null;
}
const KEPT_MS = 60_000;
/** A player asks for a file many times (each seek a range): its row is read once a minute, not each time. */
const known = new Map<string, { file: KnownFile; until: number }>();

/** A file removed in this process is not served from what was kept of it. */
export const forgetMediaFile = (name: string): void => void known.delete(name);

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  async function findFile(name: string): Promise<KnownFile | undefined> {
    const kept = known.get(name);
    if (kept && kept.until > Date.now()) return kept.file;
    const file = await app.db
      .selectFrom('media_files')
      .select(['size', 'content_type', 'completed_at'])
      .where('name', '=', name)
      .where('completed_at', 'is not', null)
      .executeTakeFirst();
    if (file) {
      if (known.size >= 1000) known.delete(known.keys().next().value!);
      known.set(name, { file, until: Date.now() + KEPT_MS });
    }
    return file;
  }

  async function sendMedia(request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) {
    const { name } = request.params;
    if (!UPLOAD_NAME.test(name)) return reply.callNotFound();
    const file = await findFile(name);
    if (!file) {
      const photo = await app.uploads.get(name);
      if (!photo) return reply.callNotFound();
      return reply.header('Cache-Control', IMMUTABLE).type(photo.contentType).send(photo.data);
    }
    const size = Number(file.size);
    const etag = `"${name}-${size}"`;
    reply
      .header('Cache-Control', IMMUTABLE)
      .header('Accept-Ranges', 'bytes')
      .header('ETag', etag)
      .header('Last-Modified', new Date(file.completed_at!).toUTCString());
    // Recordings go straight from the bucket; a transcript (small, read by the page's <track>) comes through here.
    if (app.media.signedAddress && file.content_type !== 'text/vtt') {
      reply.header('Cache-Control', 'private, max-age=300');
      return reply.redirect(await app.media.signedAddress(name, file.content_type, SIGNED_SECONDS), 302);
    }
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const ifRange = request.headers['if-range'];
    const range = ifRange && ifRange !== etag ? null : requestedRange(request.headers.range, size);
    reply.type(file.content_type);
    if (range === 'unsatisfiable') return reply.status(416).header('Content-Range', `bytes */${size}`).send();
    const { start, end } = range ?? { start: 0, end: size - 1 };
    if (range) reply.status(206).header('Content-Range', `bytes ${start}-${end}/${size}`);
    reply.header('Content-Length', String(end - start + 1));
    // HEAD (Fastify's, from this GET) keeps the length set here only when given a stream: an empty one.
    if (request.method === 'HEAD' || size === 0) return reply.send(Readable.from([]));
    return reply.send(app.media.read(name, start, end));
  }

  app.get<{ Params: { name: string } }>(
    '/:name',
    { schema: { params: { type: 'object', properties: { name: { type: 'string', maxLength: 220 } }, required: ['name'] } } },
    sendMedia,
  );
}
