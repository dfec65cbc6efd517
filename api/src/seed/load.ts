/**
 * What the load figures and the image checks need in a database, made
 * before the server starts (`cli.ts members`, `cli.ts photos`); never run
 * on a church's own database.
 * - members: confirmed accounts sharing one password, as if they had signed
 *   up and confirmed their address (the sign-up itself is limited per
 *   address and waits for an e-mail, which a load test cannot);
 * - photos: large photographs stored as the images module stores an upload
 *   (every width, WebP and JPEG), set as the photo of every event, news
 *   item, press release and devotional.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.js';
import { newId } from '../lib/ids.js';
import { hashPassword } from '../lib/passwords.js';
import type { UploadStore } from '../lib/uploads.js';
import { storeImage } from '../modules/images/service.js';

const BATCH = 500;

/** Adds `count` confirmed members `<prefix>-<n>@members.example` (n from 1) with `password`. */
export async function addMembers(
  db: Kysely<Database>,
  count: number,
  password: string,
  prefix = `load-${randomBytes(3).toString('hex')}`,
): Promise<string[]> {
  const hash = await hashPassword(password);
  const verified = new Date();
  const rows = Array.from({ length: count }, (_, i) => ({
    id: newId(),
    firstname: `Member${i + 1}`,
    lastname: 'Load',
    email: `${prefix}-${i + 1}@members.example`,
    password_hash: hash,
    email_verified_at: verified,
  }));
  for (let i = 0; i < rows.length; i += BATCH)
    await db
      .insertInto('users')
      .values(rows.slice(i, i + BATCH))
      .execute();
  return rows.map((r) => r.email);
}

/** Stores each photo as an upload and sets them, in turn, as the photo of every event, news item, press release and devotional. */
export async function setPhotos(
  db: Kysely<Database>,
  uploads: UploadStore,
  photos: Buffer[],
): Promise<{ srcs: string[]; items: number }> {
  if (!photos.length) throw new Error('no photos given');
  const srcs: string[] = [];
  for (const photo of photos) srcs.push((await storeImage(uploads, photo)).src);
  let items = 0;
  const next = () => srcs[items++ % srcs.length]!;
  for (const table of ['events', 'news', 'press_releases'] as const) {
    const ids = await db.selectFrom(table).select('id').orderBy('id').execute();
    for (const { id } of ids) await db.updateTable(table).set({ photo: next() }).where('id', '=', id).execute();
  }
  const devotionals = await db.selectFrom('devotionals').select('id').orderBy('id').execute();
  for (const { id } of devotionals) await db.updateTable('devotionals').set({ image: next() }).where('id', '=', id).execute();
  return { srcs, items };
}
