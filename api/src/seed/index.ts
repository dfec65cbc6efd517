/**
 * Sample content for a fresh database: the ministry's churches, events,
 * news, press releases, devotionals, sermons (seed/sermons.ts), and a few
 * members with their prayers, stories and small groups. Runs once: a database that has any devotional is left alone.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.js';
import { newId, slugify } from '../lib/ids.js';
import { sanitizeRichText } from '../lib/sanitize.js';
import { churchSeeds } from '../../content/churches.js';
import { commentSeeds, likeSeeds, memberSeeds, prayerSeeds, storySeeds } from '../../content/community.js';
import { groupSeeds } from '../../content/groups.js';
import { devotionalSeeds, tagApplications, type DevotionalSeed } from '../../content/devotionals.js';
import { EVENT_TIME_ZONE, eventSeeds } from '../../content/events.js';
import { newsSeeds, pressSeeds, yearThemeSeed } from '../../content/news.js';
import { siteYearOf } from '../modules/yearThemes/service.js';
import { scheduledAt } from './localTime.js';
import { readSampleSermonFiles, seedSermons } from './sermons.js';
import { seedServing } from './serving.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function devotionalHtml(seed: DevotionalSeed): string {
  return sanitizeRichText(
    [
      `<blockquote><p>${escape(seed.verse)}</p><cite>${escape(seed.reference)}</cite></blockquote>`,
      ...seed.reflection.map((p) => `<p>${escape(p)}</p>`),
      `<h3>For today</h3><p>${escape(tagApplications[seed.tag] ?? '')}</p>`,
      `<h3>Prayer</h3><p><em>${escape(seed.prayer)}</em> Amen.</p>`,
    ].join('\n'),
  );
}

export async function seedIfEmpty(db: Kysely<Database>, now = new Date()): Promise<boolean> {
  const existing = await db.selectFrom('devotionals').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const sermonFiles = await readSampleSermonFiles();

  await db.transaction().execute(async (trx) => {
    const churches = churchSeeds.map(({ services, ...church }, position) => ({
      row: { id: newId(), position, ...church },
      services,
    }));
    await trx
      .insertInto('churches')
      .values(churches.map((c) => c.row))
      .execute();
    await trx
      .insertInto('church_services')
      .values(
        churches.flatMap((c) =>
          c.services.map((service, position) => ({
            id: newId(),
            church_id: c.row.id,
            name: service.name,
            weekday: service.weekday,
            start_time: service.time,
            language: service.language,
            position,
          })),
        ),
      )
      .execute();
    const churchId = (name: string) => churches.find((c) => c.row.church_name === name)?.row.id ?? null;

    // Events are dated from now, so a new site always has upcoming ones.
    await trx
      .insertInto('events')
      .values(
        eventSeeds.map((e) => ({
          id: newId(),
          title: e.title,
          description: e.description,
          photo: e.photo,
          event_date: scheduledAt(now, e.schedule, EVENT_TIME_ZONE),
          seat_price: e.seat_price,
          number_of_seats: e.numberOfSeats,
          price_id: null,
          church_id: 'church' in e.place ? churchId(e.place.church) : null,
          venue: 'venue' in e.place ? e.place.venue : null,
          duration_minutes: e.durationMinutes,
          category: e.category,
        })),
      )
      .execute();

    await trx
      .insertInto('news')
      .values(
        newsSeeds.map((n) => ({
          id: newId(),
          title: n.title,
          description: n.description,
          photo: n.photo,
          created_at: n.createdAt,
        })),
      )
      .execute();
    await trx
      .insertInto('press_releases')
      .values(
        pressSeeds.map((n) => ({
          id: newId(),
          title: n.title,
          description: n.description,
          photo: n.photo,
          created_at: n.createdAt,
        })),
      )
      .execute();
    // The sample theme for the year the site starts in (the migration keeps 2025's).
    await trx
      .insertInto('year_themes')
      .values({ year: siteYearOf(now), title: yearThemeSeed.title, verse: yearThemeSeed.verse })
      .onConflict((oc) => oc.column('year').doNothing())
      .execute();

    // One devotional a day, the newest today at 6 a.m. UTC.
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 6);
    await trx
      .insertInto('devotionals')
      .values(
        devotionalSeeds.map((d, i) => {
          const publishedAt = new Date(Math.min(today, now.getTime()) - i * DAY);
          return {
            id: newId(),
            slug: slugify(d.title),
            title: d.title,
            image: `/media/devotional-${(i % 8) + 1}.svg`,
            tag: d.tag,
            tags: [d.tag],
            verses: d.reference,
            detail: devotionalHtml(d),
            published_at: publishedAt,
            first_live_at: publishedAt,
          };
        }),
      )
      .execute();

    // Sample members cannot log in: their password hash is random, not a real hash.
    const members = memberSeeds.map((m) => ({
      id: newId(),
      ...m,
      password_hash: `seed-only:${randomBytes(16).toString('hex')}`,
      country: 'United States',
      role: 'member' as const,
      email_verified_at: now,
    }));
    await trx.insertInto('users').values(members).execute();

    const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
    await trx
      .insertInto('prayers')
      .values(
        prayerSeeds.map(([m, text, h]) => ({
          id: newId(),
          user_id: members[m].id,
          text,
          status: 'published' as const,
          created_at: ago(h),
        })),
      )
      .execute();
    const stories = storySeeds.map(([m, content, h]) => ({
      id: newId(),
      user_id: members[m].id,
      content,
      status: 'published' as const,
      created_at: ago(h),
    }));
    await trx.insertInto('stories').values(stories).execute();
    await trx
      .insertInto('comments')
      .values(
        commentSeeds.map(([s, m, text], i) => ({
          id: newId(),
          story_id: stories[s].id,
          user_id: members[m].id,
          text,
          status: 'published' as const,
          created_at: new Date(new Date(stories[s].created_at).getTime() + ((i + 1) * HOUR) / 2),
        })),
      )
      .execute();
    await trx
      .insertInto('story_likes')
      .values(likeSeeds.flatMap(([s, ms]) => ms.map((m) => ({ story_id: stories[s].id, user_id: members[m].id }))))
      .execute();

    const groups = groupSeeds.map((g) => ({
      id: newId(),
      slug: slugify(g.name),
      name: g.name,
      kind: g.kind,
      life_stage: g.lifeStage,
      church_id: g.church === null ? null : churches[g.church].row.id,
      meeting_place: g.meetingPlace ?? null,
      weekday: g.weekday,
      start_time: g.time,
      frequency: g.frequency,
      description: g.description,
      capacity: g.capacity,
      open: g.open,
    }));
    await trx.insertInto('groups').values(groups).execute();
    await trx
      .insertInto('group_members')
      .values(
        groupSeeds
          .flatMap((g, i) => [
            ...g.leaders.map((m) => ({
              group_id: groups[i].id,
              user_id: members[m].id,
              role: 'leader' as const,
              share_email: true,
            })),
            ...g.members.map((m) => ({ group_id: groups[i].id, user_id: members[m].id, role: 'member' as const })),
          ])
          .map((row) => ({ ...row, mail_token: randomBytes(24).toString('base64url') })),
      )
      .execute();

    await seedSermons(trx, now, sermonFiles);
    await seedServing(trx, now, churches[0]?.row.id ?? null);
  });
  return true;
}
