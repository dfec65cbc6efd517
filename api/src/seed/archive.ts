/**
 * Years of content, generated: devotionals (one a day back from the oldest
 * there is), published prayers and stories by a few hundred members, spread
 * over the same years. For load figures and the tests that check that a
 * page's weight does not grow with the archive (`cli.ts archive`); never
 * run on a church's own database.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.js';
import { newId } from '../lib/ids.js';
import { devotionalSeeds, type DevotionalSeed } from '../../content/devotionals.js';
import { prayerSeeds, storySeeds } from '../../content/community.js';
import { devotionalHtml } from './index.js';

const DAY = 86_400_000;
const BATCH = 500;

export interface ArchiveSize {
  devotionals: number;
  prayers: number;
  stories: number;
  /** How many members wrote them. */
  members?: number;
}

/** The figures of the page-performance issue: about three years of a busy ministry. */
export const THREE_YEARS: ArchiveSize = { devotionals: 1000, prayers: 5000, stories: 5000, members: 300 };

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** Adds the archive below what the database has (older than its oldest devotional, prayer and story). */
export async function addArchive(db: Kysely<Database>, size: ArchiveSize, now = new Date()): Promise<void> {
  const oldest = await db
    .selectFrom('devotionals')
    .select((eb) => eb.fn.min('published_at').as('at'))
    .executeTakeFirst();
  const before = oldest?.at ? new Date(oldest.at).getTime() : now.getTime();
  const span = Math.max(size.devotionals, 3 * 365) * DAY;
  const suffix = randomBytes(3).toString('hex');

  const members = Array.from({ length: size.members ?? 300 }, (_, i) => ({
    id: newId(),
    firstname: `Member${i + 1}`,
    lastname: 'Archive',
    email: `archive-${suffix}-${i + 1}@members.example`,
    password_hash: `archive-only:${randomBytes(16).toString('hex')}`,
    email_verified_at: new Date(before - span),
  }));
  await insertInBatches(members, (batch) => db.insertInto('users').values(batch).execute());

  const devotionals = Array.from({ length: size.devotionals }, (_, i) => {
    const seed: DevotionalSeed = devotionalSeeds[i % devotionalSeeds.length]!;
    const at = new Date(before - (i + 1) * DAY);
    const number = size.devotionals - i;
    return {
      id: newId(),
      slug: `archive-${suffix}-${number}`,
      title: `${seed.title} (${number})`,
      image: `/media/devotional-${(i % 8) + 1}.svg`,
      tag: seed.tag,
      tags: [seed.tag],
      verses: seed.reference,
      detail: devotionalHtml(seed),
      published_at: at,
      first_live_at: at,
      status: 'published' as const,
    };
  });
  await insertInBatches(devotionals, (batch) => db.insertInto('devotionals').values(batch).execute());

  // Prayers and stories: spread evenly over the span, the newest just below the oldest there is.
  const oldestPost = async (table: 'prayers' | 'stories') =>
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.min('created_at').as('at'))
        .executeTakeFirst()
    )?.at;
  const spread = (count: number, below: Date | null | undefined) => {
    const top = below ? new Date(below).getTime() : now.getTime();
    return (i: number) => new Date(top - Math.round(((i + 1) * span) / count));
  };
  const prayerAt = spread(size.prayers, await oldestPost('prayers'));
  const prayers = Array.from({ length: size.prayers }, (_, i) => ({
    id: newId(),
    user_id: members[i % members.length]!.id,
    text: `${prayerSeeds[i % prayerSeeds.length]![1]} (archive ${size.prayers - i})`,
    status: 'published' as const,
    created_at: prayerAt(i),
  }));
  await insertInBatches(prayers, (batch) => db.insertInto('prayers').values(batch).execute());

  const storyAt = spread(size.stories, await oldestPost('stories'));
  const stories = Array.from({ length: size.stories }, (_, i) => ({
    id: newId(),
    user_id: members[(i * 7) % members.length]!.id,
    content: `${storySeeds[i % storySeeds.length]![1]} (archive ${size.stories - i})`,
    status: 'published' as const,
    created_at: storyAt(i),
  }));
  await insertInBatches(stories, (batch) => db.insertInto('stories').values(batch).execute());
}
