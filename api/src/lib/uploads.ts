/**
 * Where uploaded files (members' photos, staff photos at every width) are
 * kept, so that every server process can serve every upload:
 * - an S3-compatible bucket when S3_BUCKET is set (the official AWS SDK);
 * - else, on PostgreSQL, the database itself (table `uploads`): several
 *   processes on several machines all reach it, and a backup holds it;
 * - else (the embedded database, one process) DATA_DIR/uploads.
 * Names are made by the server (never by a visitor) and never reused.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/index.js';

export interface StoredFile {
  data: Buffer;
  contentType: string;
}

export interface UploadStore {
  kind: 'folder' | 'database' | 's3';
  put(name: string, data: Buffer, contentType: string): Promise<void>;
  get(name: string): Promise<StoredFile | null>;
  remove(name: string): Promise<void>;
}

/** A name the server made: letters, digits, dots, dashes and underscores. */
export const UPLOAD_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.avif': 'image/avif',
};
const typeOf = (name: string): string => TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';

function checkName(name: string): string {
  if (!UPLOAD_NAME.test(name)) throw new Error(`"${name}" is not an upload's name`);
  return name;
}

export function folderUploads(dir: string): UploadStore {
  return {
    kind: 'folder',
    async put(name, data) {
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, checkName(name)), data);
    },
    async get(name) {
      if (!UPLOAD_NAME.test(name)) return null;
      try {
        return { data: await readFile(path.join(dir, name)), contentType: typeOf(name) };
      } catch {
        return null;
      }
    },
    async remove(name) {
      await rm(path.join(dir, checkName(name)), { force: true });
    },
  };
}

export function databaseUploads(db: Kysely<Database>): UploadStore {
  return {
    kind: 'database',
    async put(name, data, contentType) {
      await db
        .insertInto('uploads')
        .values({ name: checkName(name), content_type: contentType, data })
        .onConflict((oc) => oc.column('name').doUpdateSet({ content_type: contentType, data }))
        .execute();
    },
    async get(name) {
      if (!UPLOAD_NAME.test(name)) return null;
      const row = await db.selectFrom('uploads').select(['data', 'content_type']).where('name', '=', name).executeTakeFirst();
      return row ? { data: Buffer.from(row.data), contentType: row.content_type } : null;
    },
    async remove(name) {
      await db.deleteFrom('uploads').where('name', '=', checkName(name)).execute();
    },
  };
}

export function s3Uploads(settings: NonNullable<AppConfig['s3']>): UploadStore {
  // The AWS SDK, loaded only where a bucket is configured (it is large).
  const { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } = createRequire(import.meta.url)(
    '@aws-sdk/client-s3',
  ) as typeof import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  const key = (name: string) => `${settings.prefix}${checkName(name)}`;
  return {
    kind: 's3',
    async put(name, data, contentType) {
      await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: key(name), Body: data, ContentType: contentType }));
    },
    async get(name) {
      if (!UPLOAD_NAME.test(name)) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key(name) }));
        const bytes = await answer.Body!.transformToByteArray();
        return { data: Buffer.from(bytes), contentType: answer.ContentType ?? typeOf(name) };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key(name) }));
    },
  };
}

/** The store this site uses (see the top of this file). */
export function createUploadStore(config: AppConfig, db: Kysely<Database>, dbKind: 'pglite' | 'postgres'): UploadStore {
  if (config.s3) return s3Uploads(config.s3);
  if (dbKind === 'postgres') return databaseUploads(db);
  return folderUploads(path.join(config.dataDir, 'uploads'));
}
