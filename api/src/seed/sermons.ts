/**
 * The sample sermons (content/sermons.ts), seeded with the rest of the
 * sample content: each recording's size and length read from its file, the
 * transcript's cues from its WebVTT file, a sermon a Sunday back from the
 * last one on the site's clock.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Transaction } from 'kysely';
import { inSiteTimeZone } from '@ministry/shared/format';
import { readChapters } from '@ministry/shared/validation';
import type { Database } from '../db/index.js';
import { newId, slugify } from '../lib/ids.js';
import { sanitizeRichText } from '../lib/sanitize.js';
import { parsePassages } from '../lib/scripture.js';
import { siteDay } from '../lib/schedule.js';
import { durationOf } from '../modules/sermons/media.js';
import { writePassages, writeSearch } from '../modules/sermons/staff.js';
import { parseWebVtt } from '../modules/sermons/transcript.js';
import { sermonSeeds, seriesSeeds, speakerSeeds } from '../../content/sermons.js';

/** Where the sample recordings are (served at /media/sermons/). */
export const SAMPLE_SERMON_MEDIA = fileURLToPath(new URL('../../content/media/sermons/', import.meta.url));

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** What the sample files are: sizes, lengths, cues (read before the seeding transaction). */
export async function readSampleSermonFiles(): Promise<Map<string, { bytes: number; seconds: number | null; text?: string }>> {
  const files = new Map<string, { bytes: number; seconds: number | null; text?: string }>();
  for (const seed of sermonSeeds) {
    const audio = path.join(SAMPLE_SERMON_MEDIA, seed.audio);
    const { size } = await stat(audio);
    files.set(seed.audio, { bytes: size, seconds: await durationOf(createReadStream(audio), 'audio/mpeg', size) });
    if (seed.transcript) {
      const text = await readFile(path.join(SAMPLE_SERMON_MEDIA, seed.transcript), 'utf8');
      files.set(seed.transcript, { bytes: Buffer.byteLength(text), seconds: null, text });
    }
  }
  return files;
}

export async function seedSermons(
  trx: Transaction<Database>,
  now: Date,
  files: Awaited<ReturnType<typeof readSampleSermonFiles>>,
): Promise<void> {
  const speakers = new Map(speakerSeeds.map((s) => [s.key, newId()]));
  await trx
    .insertInto('speakers')
    .values(speakerSeeds.map((s) => ({ id: speakers.get(s.key)!, name: s.name, role: s.role, photo: s.photo })))
    .execute();
  const series = new Map(seriesSeeds.map((s) => [s.key, newId()]));
  await trx
    .insertInto('sermon_series')
    .values(
      seriesSeeds.map((s) => ({
        id: series.get(s.key)!,
        slug: slugify(s.title),
        title: s.title,
        description: s.description,
        image: s.image,
      })),
    )
    .execute();

  // The last Sunday on the site's clock (today, on a Sunday).
  const today = inSiteTimeZone(`${siteDay(now)}T12:00`);
  const lastSunday = today.subtract(today.day(), 'day');
  for (const seed of sermonSeeds) {
    const sunday = lastSunday.subtract(seed.weeksAgo, 'week');
    const publishAt = new Date(Math.min(sunday.hour(13).toDate().getTime(), now.getTime()));
    const audio = files.get(seed.audio)!;
    const transcript = seed.transcript ? files.get(seed.transcript) : undefined;
    const id = newId();
    await trx
      .insertInto('sermons')
      .values({
        id,
        slug: slugify(seed.title),
        title: seed.title,
        preached_on: sunday.format('YYYY-MM-DD'),
        speaker_id: speakers.get(seed.speaker)!,
        series_id: seed.series ? series.get(seed.series)! : null,
        summary: seed.summary,
        notes: sanitizeRichText(seed.notes.map((p) => `<p>${escape(p)}</p>`).join('\n')),
        audio_src: `/media/sermons/${seed.audio}`,
        audio_type: 'audio/mpeg',
        audio_bytes: audio.bytes,
        audio_seconds: audio.seconds,
        transcript_src: seed.transcript ? `/media/sermons/${seed.transcript}` : null,
        transcript: transcript?.text ? JSON.stringify(parseWebVtt(transcript.text) ?? []) : null,
        chapters: JSON.stringify(readChapters(seed.chapters ?? '') ?? []),
        status: 'published',
        publish_at: publishAt,
        first_live_at: publishAt,
      })
      .execute();
    await writePassages(trx, id, parsePassages(seed.passages));
    await writeSearch(trx, id);
  }
}
