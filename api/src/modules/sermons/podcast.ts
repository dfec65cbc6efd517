/**
 * The podcast: /sermons/podcast.xml (every sermon with audio) and one feed
 * per series (/sermons/series/<slug>/podcast.xml). RSS 2.0 with the tags
 * Apple Podcasts and Spotify read (itunes:…, artwork, each episode's
 * enclosure with the file's real size and type, a GUID that never changes,
 * dates in RFC 822) and the Podcasting 2.0 transcript and chapters where a
 * sermon has them; written with an XML library (xmlbuilder2).
 */
import type { Kysely } from 'kysely';
import { siteIdentity } from '@ministry/shared/config';
import { plainText } from '@ministry/shared/format';
import type { Database } from '../../db/index.js';
import { isPublic, sermonRows, summaries, type SermonRow } from './service.js';

const ITUNES = 'http://www.itunes.com/dtds/podcast-1.0.dtd';
const PODCAST = 'https://podcastindex.org/namespace/1.0';
const ATOM = 'http://www.w3.org/2005/Atom';
const CONTENT = 'http://purl.org/rss/1.0/modules/content/';

/** The most episodes a feed lists (the newest). */
export const FEED_EPISODES = 300;

/** A feed's address. */
export const feedPath = (seriesSlug?: string) =>
  seriesSlug ? `/sermons/series/${seriesSlug}/podcast.xml` : '/sermons/podcast.xml';

/** RFC 822 (as RFC 1123 writes it): 'Sun, 08 Mar 2026 15:00:00 GMT'. */
export const rfc822 = (date: Date | string): string => new Date(date).toUTCString();

/** Whole seconds as iTunes reads a duration. */
const duration = (seconds: number) => String(Math.max(0, Math.round(seconds)));

interface FeedSeries {
  slug: string;
  title: string;
  description: string;
  image: string;
}

/**
 * The feed's XML, or null when the series does not exist or has no sermon
 * the public may hear.
 */
export async function podcastFeed(
  db: Kysely<Database>,
  publicUrl: string,
  now: Date,
  seriesSlug?: string,
): Promise<string | null> {
  const absolute = (path: string) => new URL(path, publicUrl).toString();
  let series: FeedSeries | undefined;
  if (seriesSlug) {
    series = await db
      .selectFrom('sermon_series')
      .select(['slug', 'title', 'description', 'image'])
      .where('slug', '=', seriesSlug.toLowerCase())
      .executeTakeFirst();
    if (!series) return null;
  }
  let query = sermonRows(db).where(isPublic(now)).where('s.audio_src', 'is not', null);
  if (series) query = query.where('se.slug', '=', series.slug);
  const rows: SermonRow[] = await query
    .orderBy('s.preached_on', 'desc')
    .orderBy('s.publish_at', 'desc')
    .limit(FEED_EPISODES)
    .execute();
  if (series && !rows.length) return null;
  const episodes = await summaries(db, rows);

  const podcast = siteIdentity.podcast;
  const title = series ? `${series.title} — ${podcast.title}` : podcast.title;
  const description = series?.description || podcast.description;
  const link = absolute(series ? `/sermons/series/${series.slug}` : '/sermons');
  const artwork = absolute(podcast.artwork);

  // Loaded with the first feed asked for (most processes never write one).
  const { create } = await import('xmlbuilder2');
  const rss = create({ version: '1.0', encoding: 'UTF-8' }).ele('rss', {
    version: '2.0',
    'xmlns:itunes': ITUNES,
    'xmlns:podcast': PODCAST,
    'xmlns:atom': ATOM,
    'xmlns:content': CONTENT,
  });
  const channel = rss.ele('channel');
  channel.ele('title').txt(title);
  channel.ele('link').txt(link);
  channel.ele(ATOM, 'atom:link', { href: absolute(feedPath(series?.slug)), rel: 'self', type: 'application/rss+xml' });
  channel.ele('description').txt(description);
  channel.ele('language').txt(podcast.language);
  channel.ele('copyright').txt(`© ${new Date(now).getUTCFullYear()} ${siteIdentity.ministryName}`);
  channel.ele('lastBuildDate').txt(rfc822(rows[0] ? new Date(rows[0].first_live_at ?? rows[0].publish_at) : now));
  channel.ele('image').ele('url').txt(artwork).up().ele('title').txt(title).up().ele('link').txt(link);
  channel.ele(ITUNES, 'itunes:author').txt(podcast.author);
  channel.ele(ITUNES, 'itunes:summary').txt(description);
  channel
    .ele(ITUNES, 'itunes:owner')
    .ele(ITUNES, 'itunes:name')
    .txt(podcast.author)
    .up()
    .ele(ITUNES, 'itunes:email')
    .txt(podcast.ownerEmail);
  channel.ele(ITUNES, 'itunes:image', { href: artwork });
  channel
    .ele(ITUNES, 'itunes:category', { text: podcast.category })
    .ele(ITUNES, 'itunes:category', { text: podcast.subcategory });
  channel.ele(ITUNES, 'itunes:explicit').txt('false');
  // A series is heard in order; the whole podcast newest first.
  channel.ele(ITUNES, 'itunes:type').txt(series ? 'serial' : 'episodic');
  channel.ele(PODCAST, 'podcast:locked').txt('no');

  rows.forEach((row, index) => {
    const episode = episodes[index]!;
    const page = absolute(`/sermons/${episode.slug}`);
    const item = channel.ele('item');
    item.ele('title').txt(episode.title);
    item.ele('link').txt(page);
    // The sermon's id: stays the same whatever is edited, so no app shows an episode twice.
    item.ele('guid', { isPermaLink: 'false' }).txt(`urn:uuid:${row.id}`);
    item.ele('pubDate').txt(rfc822(episode.publishedAt));
    const passages = episode.passages.map((p) => p.reference).join('; ');
    const text = [episode.summary, passages && `Scripture: ${passages}.`, `${episode.speaker.name}, ${episode.date}.`]
      .filter(Boolean)
      .join(' ');
    item.ele('description').txt(text);
    if (row.notes) item.ele(CONTENT, 'content:encoded').dat(`<p>${escapeXml(text)}</p>${row.notes}`);
    item.ele('enclosure', { url: absolute(episode.audio!.src), length: String(episode.audio!.bytes), type: episode.audio!.type });
    if (episode.audio!.seconds !== null) item.ele(ITUNES, 'itunes:duration').txt(duration(episode.audio!.seconds));
    item.ele(ITUNES, 'itunes:author').txt(episode.speaker.name);
    item.ele(ITUNES, 'itunes:summary').txt(plainText(text));
    item.ele(ITUNES, 'itunes:explicit').txt('false');
    item.ele(ITUNES, 'itunes:episodeType').txt('full');
    if (series) item.ele(ITUNES, 'itunes:episode').txt(String(rows.length - index));
    if (episode.image && /\.(jpe?g|png)$/i.test(episode.image))
      item.ele(ITUNES, 'itunes:image', { href: absolute(episode.image) });
    if (row.transcript_src) {
      item.ele(PODCAST, 'podcast:transcript', {
        url: absolute(row.transcript_src),
        type: 'text/vtt',
        language: podcast.language,
      });
    }
    if (row.chapters?.length) {
      item.ele(PODCAST, 'podcast:chapters', {
        url: absolute(`/api/sermons/${episode.slug}/chapters.json`),
        type: 'application/json+chapters',
      });
    }
  });
  return rss.end({ prettyPrint: true });
}

/** Text inside the HTML of `content:encoded`. */
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A sermon's chapters in the Podcasting 2.0 JSON chapters format. */
export function chaptersJson(title: string, chapters: { start: number; title: string }[]) {
  return { version: '1.2.0', title, chapters: chapters.map((c) => ({ startTime: c.start, title: c.title })) };
}
