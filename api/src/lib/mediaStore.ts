/**
 * Large files (a sermon's audio, video and transcript), kept where the
 * photos are (lib/uploads.ts) but never whole in memory: they arrive in
 * parts (config.mediaPartBytes), each streamed to storage as it comes,
 * and go out as byte ranges streamed from storage.
 * - a folder (the embedded database): DATA_DIR/uploads/<name>, each part
 *   written at its offset;
 * - PostgreSQL: rows of `upload_chunks`, CHUNK_BYTES each, found by their
 *   first byte;
 * - an S3-compatible bucket: a multipart upload (one S3 part per part, the
 *   only copy of a part in memory), read back with ranged GETs; visitors
 *   are sent to a short-lived signed address (the bucket serves the ranges).
 * Names are the server's (UPLOAD_NAME), never a visitor's.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, truncate } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createRequire } from 'node:module';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/index.js';
import { UPLOAD_NAME } from './uploads.js';

/** The size of a row of `upload_chunks`. */
const CHUNK_BYTES = 256 * 1024;

/** A part brought more bytes than it may. */
export class PartTooLarge extends Error {
  constructor() {
    super('the part is larger than allowed');
    this.name = 'PartTooLarge';
  }
}

/** What the store knows of a file being uploaded (a `media_files` row). */
export interface MediaTarget {
  name: string;
  contentType: string;
  s3UploadId: string | null;
  s3Parts: { PartNumber: number; ETag: string }[];
}

export interface MediaStore {
  kind: 'folder' | 'database' | 's3';
  /** Before the first part: answers the S3 upload's id (null elsewhere). */
  begin(name: string, contentType: string): Promise<string | null>;
  /**
   * Stores the part `body` at byte `offset` (part number offset / part size + 1),
   * refusing it (PartTooLarge, nothing of it kept) past `maxBytes`. Answers the bytes stored
   * and, on S3, the part's receipt.
   */
  putPart(
    target: MediaTarget,
    offset: number,
    body: Readable,
    maxBytes: number,
  ): Promise<{ bytes: number; receipt: { PartNumber: number; ETag: string } | null }>;
  /** Drops what was stored from byte `offset` on (a part that was not whole). */
  cut(target: MediaTarget, offset: number): Promise<void>;
  /** After the last part: the file is whole. */
  finish(target: MediaTarget): Promise<void>;
  /** Forgets a file, finished or not. */
  remove(target: Pick<MediaTarget, 'name' | 's3UploadId'>): Promise<void>;
  /** Bytes `start` to `end` (both included) of a finished file. */
  read(name: string, start: number, end: number): Readable;
  /** A signed address the bucket serves the file at for `seconds` (S3 only). */
  signedAddress?(name: string, contentType: string, seconds: number): Promise<string>;
}

function checkName(name: string): string {
  if (!UPLOAD_NAME.test(name)) throw new Error(`"${name}" is not an upload's name`);
  return name;
}

/** Passes bytes through, counting them; fails once more than `max` came. */
class ByteCounter extends Transform {
  bytes = 0;
  constructor(private readonly max: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.max) return done(new PartTooLarge());
    done(null, chunk);
  }
}

/** The stream's bytes in pieces of exactly `size` (the last may be shorter), at most `max` in all. */
async function* pieces(body: Readable, size: number, max: number): AsyncGenerator<Buffer> {
  let held: Buffer[] = [];
  let heldBytes = 0;
  let total = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > max) throw new PartTooLarge();
    held.push(chunk);
    heldBytes += chunk.length;
    while (heldBytes >= size) {
      const joined = Buffer.concat(held, heldBytes);
      yield joined.subarray(0, size);
      held = [joined.subarray(size)];
      heldBytes -= size;
    }
  }
  if (heldBytes > 0) yield Buffer.concat(held, heldBytes);
}

export function folderMedia(dir: string): MediaStore {
  const file = (name: string) => path.join(dir, checkName(name));
  return {
    kind: 'folder',
    async begin() {
      await mkdir(dir, { recursive: true });
      return null;
    },
    async putPart(target, offset, body, maxBytes) {
      const counter = new ByteCounter(maxBytes);
      try {
        await pipeline(body, counter, createWriteStream(file(target.name), { flags: offset === 0 ? 'w' : 'r+', start: offset }));
      } catch (error) {
        // Nothing of a refused or broken part stays: the file ends where the part began.
        await truncate(file(target.name), offset).catch(() => undefined);
        throw error;
      }
      return { bytes: counter.bytes, receipt: null };
    },
    async cut(target, offset) {
      await truncate(file(target.name), offset).catch(() => undefined);
    },
    async finish() {},
    async remove(target) {
      await rm(file(target.name), { force: true });
    },
    read(name, start, end) {
      return createReadStream(file(name), { start, end });
    },
  };
}

export function databaseMedia(db: Kysely<Database>): MediaStore {
  /** The rows that hold bytes start…end, a few at a time, as one stream of those bytes. */
  async function* rangeOf(name: string, start: number, end: number): AsyncGenerator<Buffer> {
    const first = await db
      .selectFrom('upload_chunks')
      .select('start_byte')
      .where('name', '=', name)
      .where('start_byte', '<=', start)
      .orderBy('start_byte', 'desc')
      .limit(1)
      .executeTakeFirst();
    let from = first ? Number(first.start_byte) : 0;
    let inclusive = true;
    for (;;) {
      const rows = await db
        .selectFrom('upload_chunks')
        .select(['start_byte', 'data'])
        .where('name', '=', name)
        .where('start_byte', inclusive ? '>=' : '>', from)
        .where('start_byte', '<=', end)
        .orderBy('start_byte')
        .limit(4)
        .execute();
      if (!rows.length) return;
      for (const row of rows) {
        const at = Number(row.start_byte);
        const data = Buffer.from(row.data);
        const piece = data.subarray(Math.max(0, start - at), Math.min(data.length, end - at + 1));
        if (piece.length) yield piece;
        from = at;
      }
      inclusive = false;
      if (rows.length < 4) return;
    }
  }
  return {
    kind: 'database',
    async begin() {
      return null;
    },
    async putPart(target, offset, body, maxBytes) {
      const name = checkName(target.name);
      let at = offset;
      try {
        for await (const piece of pieces(body, CHUNK_BYTES, maxBytes)) {
          await db.insertInto('upload_chunks').values({ name, start_byte: at, data: piece }).execute();
          at += piece.length;
        }
      } catch (error) {
        await db.deleteFrom('upload_chunks').where('name', '=', name).where('start_byte', '>=', offset).execute();
        throw error;
      }
      return { bytes: at - offset, receipt: null };
    },
    async cut(target, offset) {
      await db.deleteFrom('upload_chunks').where('name', '=', checkName(target.name)).where('start_byte', '>=', offset).execute();
    },
    async finish() {},
    async remove(target) {
      await db.deleteFrom('upload_chunks').where('name', '=', checkName(target.name)).execute();
    },
    read(name, start, end) {
      return Readable.from(rangeOf(checkName(name), start, end), { objectMode: false });
    },
  };
}

export function s3Media(settings: NonNullable<AppConfig['s3']>, partBytes: number): MediaStore {
  // The AWS SDK, loaded only where a bucket is configured (it is large).
  const load = createRequire(import.meta.url);
  const {
    AbortMultipartUploadCommand,
    CompleteMultipartUploadCommand,
    CreateMultipartUploadCommand,
    DeleteObjectCommand,
    GetObjectCommand,
    S3Client,
    UploadPartCommand,
  } = load('@aws-sdk/client-s3') as typeof import('@aws-sdk/client-s3');
  const { getSignedUrl } = load('@aws-sdk/s3-request-presigner') as typeof import('@aws-sdk/s3-request-presigner');
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  const key = (name: string) => `${settings.prefix}${checkName(name)}`;
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async begin(name, contentType) {
      const answer = await client.send(
        new CreateMultipartUploadCommand({
          Bucket,
          Key: key(name),
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
      if (!answer.UploadId) throw new Error('the bucket gave no upload id');
      return answer.UploadId;
    },
    async putPart(target, offset, body, maxBytes) {
      // One part in memory at a time (S3 needs a part's length before its bytes).
      const chunks: Buffer[] = [];
      for await (const piece of pieces(body, partBytes, maxBytes)) chunks.push(piece);
      const data = Buffer.concat(chunks);
      if (!data.length) return { bytes: 0, receipt: null };
      const PartNumber = Math.floor(offset / partBytes) + 1;
      const answer = await client.send(
        new UploadPartCommand({ Bucket, Key: key(target.name), UploadId: target.s3UploadId!, PartNumber, Body: data }),
      );
      return { bytes: data.length, receipt: { PartNumber, ETag: answer.ETag ?? '' } };
    },
    // A part sent again replaces the one of the same number: nothing to drop.
    async cut() {},
    async finish(target) {
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key: key(target.name),
          UploadId: target.s3UploadId!,
          MultipartUpload: { Parts: [...target.s3Parts].sort((a, b) => a.PartNumber - b.PartNumber) },
        }),
      );
    },
    async remove(target) {
      if (target.s3UploadId) {
        await client
          .send(new AbortMultipartUploadCommand({ Bucket, Key: key(target.name), UploadId: target.s3UploadId }))
          .catch(() => undefined);
      }
      await client.send(new DeleteObjectCommand({ Bucket, Key: key(target.name) }));
    },
    read(name, start, end) {
      const request = client.send(new GetObjectCommand({ Bucket, Key: key(name), Range: `bytes=${start}-${end}` }));
      return Readable.from(
        (async function* () {
          const answer = await request;
          for await (const chunk of answer.Body as AsyncIterable<Uint8Array>) yield Buffer.from(chunk);
        })(),
        { objectMode: false },
      );
    },
    signedAddress(name, contentType, seconds) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key(name), ResponseContentType: contentType }), {
        expiresIn: seconds,
      });
    },
  };
}

/** The store for this site: the same place as the photos (lib/uploads.ts). */
export function createMediaStore(config: AppConfig, db: Kysely<Database>, dbKind: 'pglite' | 'postgres'): MediaStore {
  if (config.s3) return s3Media(config.s3, config.mediaPartBytes);
  if (dbKind === 'postgres') return databaseMedia(db);
  return folderMedia(path.join(config.dataDir, 'uploads'));
}

/** A stream's text, at most `max` bytes of it (a transcript). */
export async function readText(stream: Readable, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > max) throw new PartTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
