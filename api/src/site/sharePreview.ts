/**
 * Share previews: the title, description and image a page URL shows when it
 * is shared (Open Graph and Twitter meta tags in the shell's index.html,
 * written by the web host, index.ts). The image itself is the API's
 * (`GET /api/share/image`, modules/sharing).
 * Devotional, event and news URLs are looked up in the database; the other
 * pages get their own title and the site's defaults.
 */
import type { Kysely } from 'kysely';
import { siteIdentity, type SitePage } from '@ministry/shared/config';
import { formatEventDate, formatEventTime, listSummary, plainText } from '@ministry/shared/format';
import type { Database } from '../db/index.js';
import { escapeHtml } from '../lib/html.js';
import { isUuid } from '../lib/ids.js';
import { findDevotional } from '../modules/devotionals/service.js';
import { findEvent } from '../modules/events/service.js';
import { findArticle, findNews } from '../modules/news/service.js';
import { feedPath } from '../modules/sermons/podcast.js';
import { findSeries, findSermon } from '../modules/sermons/service.js';
import { isRemoteImage, SHARE_IMAGE, shareImageUrl } from '../modules/sharing/shareImage.js';

export interface PagePreview {
  /** The page's own title (without the site name). */
  title: string;
  description: string;
  /** A site path (/media/...) or an absolute URL. */
  image: string;
  imageAlt: string;
  /** The canonical site path of the page (with its query, if it matters). */
  path: string;
  type: 'website' | 'article';
  publishedTime?: string;
  /** The URL names a devotional, event or news item that does not exist, or no page at all: answer 404. */
  missing?: boolean;
  /** The podcast feed the page offers (a site path), linked from its head for podcast apps and browsers. */
  feed?: { path: string; title: string };
}

const DESCRIPTION_LENGTH = 200;
const SLUG_OR_ID = /^[A-Za-z0-9][A-Za-z0-9-]{0,127}$/;
const DEFAULT_IMAGE = '/media/cover.svg';

const defaults = (
  path: string,
  title: string = siteIdentity.ministryName,
  description = `${siteIdentity.tagline} ${siteIdentity.mission}`,
): PagePreview => ({
  title,
  description,
  image: DEFAULT_IMAGE,
  imageAlt: siteIdentity.ministryName,
  path,
  type: 'website',
});

/** Pages with a fixed title; the others fall back to the site's name. */
const STATIC_PAGES: Record<string, { title: string; description?: string }> = {
  '/': { title: siteIdentity.ministryName },
  '/about': {
    title: 'About us',
    description: `${siteIdentity.ministryName}: ${siteIdentity.apostle.title} ${siteIdentity.apostle.name}, ${siteIdentity.spouse.title} ${siteIdentity.spouse.name} and the ministries.`,
  },
  '/news': { title: 'News', description: 'Find our latest news on our official press page.' },
  '/press': { title: 'Press releases', description: `Official announcements and statements from ${siteIdentity.ministryName}.` },
  '/daily-devotion': { title: 'Daily Devotion', description: 'A word for every day: scripture, reflection and prayer.' },
  '/daily-devotion/all': { title: 'All devotionals', description: 'A word for every day: scripture, reflection and prayer.' },
  '/policies': { title: 'Privacy Policy' },
  '/events': { title: 'Events' },
  '/calendar': {
    title: 'Calendar',
    description: `Every event of ${siteIdentity.ministryName}, month by month, to see or to subscribe to in your own calendar.`,
  },
  '/community': { title: 'Community' },
  '/offering': { title: 'Donations' },
  '/live': {
    title: 'Watch live',
    description: `Join a service of ${siteIdentity.ministryName} live, wherever you are, or catch up on the latest sermon.`,
  },
};

const clip = (text: string): string => listSummary(text, DESCRIPTION_LENGTH);

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

const missing = (path: string, title: string): PagePreview => ({ ...defaults(path, title), missing: true });

/**
 * What a page URL should show when shared; `url` is the request's path and
 * query, `page` the page of the site it is (undefined: no app has it), `now`
 * the site's clock (a devotional or news item not yet due is not there).
 */
export async function pagePreview(
  db: Kysely<Database>,
  url: string,
  page: SitePage | undefined,
  now: Date = new Date(),
): Promise<PagePreview> {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const segments = path.split('/').filter(Boolean).map(safeDecode);
  if (segments.some((s) => s === null)) return missing(path, 'Page not found');
  const [first, second, third] = segments as string[];

  // /devotion-detail/:id and /devotional-detail/:slugOrId (the router sends /devotional-detail/tag here too)
  if ((first === 'devotion-detail' || first === 'devotional-detail') && segments.length === 2) {
    const d = SLUG_OR_ID.test(second) ? await findDevotional(db, second, now) : undefined;
    if (d) {
      return {
        title: d.title,
        description: clip(d.detail),
        image: d.image,
        imageAlt: d.title,
        path: `/devotional-detail/${encodeURIComponent(d.slug || d._id)}`,
        type: 'article',
        publishedTime: d.createdAt,
      };
    }
    return missing(path, 'Devotional not found');
  }

  // /daily-devotion/tag/:tag and /devotional-detail/tag/:tag
  if ((first === 'daily-devotion' || first === 'devotional-detail') && second === 'tag' && third && segments.length === 3) {
    const tag = third.slice(0, 60);
    return defaults(path, `Devotionals about ${tag}`, `Every devotional about ${tag}: scripture, reflection and prayer.`);
  }

  // /events/:id
  if (first === 'events' && segments.length === 2) {
    const event = isUuid(second) ? await findEvent(db, second) : undefined;
    if (event) {
      return {
        title: event.title,
        description: clip(
          `${event.cancelledAt ? 'Cancelled. ' : ''}${formatEventDate(event.event_date)}, ${formatEventTime(event.event_date)}. ${plainText(event.description)}`,
        ),
        image: event.photo,
        imageAlt: event.title,
        path: `/events/${event._id}`,
        type: 'website',
      };
    }
    return missing(path, 'Event not found');
  }

  // /news?item=:id (the news page opened on one item)
  const item = searchParams.get('item');
  if (path.toLowerCase() === '/news' && item) {
    const news = isUuid(item) ? await findNews(db, item.toLowerCase(), now) : undefined;
    if (news) {
      return {
        title: news.title,
        description: clip(news.description),
        image: news.photo,
        imageAlt: news.title,
        path: `/news?item=${news._id}`,
        type: 'article',
        publishedTime: news.createdAt,
      };
    }
    return missing('/news', 'News item not found');
  }

  // /press?release=:id (the press page opened on one release)
  const release = searchParams.get('release');
  if (path.toLowerCase() === '/press' && release) {
    const found = isUuid(release) ? await findArticle(db, 'press_releases', release.toLowerCase(), now) : undefined;
    if (found) {
      return {
        title: found.title,
        description: clip(found.description),
        image: found.photo,
        imageAlt: found.title,
        path: `/press?release=${found._id}`,
        type: 'article',
        publishedTime: found.createdAt,
      };
    }
    return missing('/press', 'Press release not found');
  }

  // /sermons, /sermons/series/:slug and /sermons/:slug
  if (first === 'sermons') {
    const podcast = siteIdentity.podcast;
    if (segments.length === 1) {
      return {
        ...defaults(path, 'Sermons', `${podcast.description} Search by passage or topic, or subscribe to the podcast.`),
        feed: { path: feedPath(), title: podcast.title },
      };
    }
    if (second === 'series' && third && segments.length === 3) {
      const found = SLUG_OR_ID.test(third) ? await findSeries(db, third, now) : undefined;
      if (!found) return missing(path, 'Series not found');
      return {
        title: found.series.title,
        description: clip(found.series.description || `${found.series.sermonCount} sermons from ${siteIdentity.ministryName}.`),
        image: found.series.image || DEFAULT_IMAGE,
        imageAlt: found.series.title,
        path: `/sermons/series/${found.series.slug}`,
        type: 'website',
        feed: { path: feedPath(found.series.slug), title: `${found.series.title} — ${podcast.title}` },
      };
    }
    if (segments.length === 2) {
      const sermon = SLUG_OR_ID.test(second) ? await findSermon(db, second, now) : undefined;
      if (!sermon) return missing(path, 'Sermon not found');
      const passages = sermon.passages.map((p) => p.reference).join('; ');
      return {
        title: sermon.title,
        description: clip([`${sermon.speaker.name}${passages ? `, ${passages}` : ''}.`, sermon.summary].join(' ')),
        image: sermon.image || DEFAULT_IMAGE,
        imageAlt: sermon.title,
        path: `/sermons/${sermon.slug}`,
        type: 'article',
        publishedTime: sermon.publishedAt,
        feed: { path: feedPath(), title: podcast.title },
      };
    }
  }

  if (!page) return missing(path, 'Page not found');
  const known = STATIC_PAGES[path];
  if (known) return defaults(path, known.title, known.description);
  return page.title && page.path !== '/' ? defaults(path, page.title) : defaults(path);
}

/** The page's full title, as the browser tab shows it. */
export const documentTitle = (preview: PagePreview): string =>
  preview.title === siteIdentity.ministryName ? preview.title : `${preview.title} | ${siteIdentity.ministryName}`;

/** Every tag this module writes or replaces. */
const OWN_TAGS = [
  /<title\b[^>]*>[\s\S]*?<\/title>/gi,
  /<meta\s+[^>]*name=["']?description["']?[^>]*>/gi,
  /<meta\s+[^>]*(?:property|name)=["']?(?:og|twitter|article):[^>]*>/gi,
  /<link\s+[^>]*rel=["']?canonical["']?[^>]*>/gi,
  /<link\s+[^>]*type=["']?application\/rss\+xml["']?[^>]*>/gi,
];

/** Writes the preview into the page: title, description, canonical link, Open Graph and Twitter tags. */
export function applyPreview(html: string, preview: PagePreview, publicUrl: string): string {
  const url = `${publicUrl}${preview.path}`;
  const image = shareImageUrl(preview.image, publicUrl);
  const meta = (key: 'name' | 'property', name: string, content: string) =>
    `<meta ${key}="${name}" content="${escapeHtml(content)}">`;
  const tags = [
    `<title>${escapeHtml(documentTitle(preview))}</title>`,
    meta('name', 'description', preview.description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta('property', 'og:site_name', siteIdentity.ministryName),
    meta('property', 'og:type', preview.type),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    ...(isRemoteImage(preview.image)
      ? []
      : [
          meta('property', 'og:image:type', 'image/png'),
          meta('property', 'og:image:width', String(SHARE_IMAGE.width)),
          meta('property', 'og:image:height', String(SHARE_IMAGE.height)),
        ]),
    meta('property', 'og:image:alt', preview.imageAlt),
    ...(preview.publishedTime ? [meta('property', 'article:published_time', preview.publishedTime)] : []),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', preview.imageAlt),
    ...(preview.feed
      ? [
          `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(preview.feed.title)}" href="${escapeHtml(`${publicUrl}${preview.feed.path}`)}">`,
        ]
      : []),
  ].join('');

  let out = html;
  for (const pattern of OWN_TAGS) out = out.replace(pattern, '');
  // A function replacement: `$` in the values must stay literal.
  if (/<\/head>/i.test(out)) return out.replace(/<\/head>/i, () => `${tags}</head>`);
  if (/<body[\s>]/i.test(out)) return out.replace(/<body[\s>]/i, (body) => `${tags}${body}`);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(out);
  return doctype ? `${doctype[0]}${tags}${out.slice(doctype[0].length)}` : `${tags}${out}`;
}
