import type { Devotional, NewsItem } from '@ministry/shared/types';

const DAY = 86_400;
/** Noon UTC, 22 November 2026. */
export const NOW_SECONDS = Date.UTC(2026, 10, 22, 12) / 1000;

const TAGS = ['Faith', 'Hope', 'Love'];

/** Devotionals newest first, one a day; tags cycle Faith, Hope, Love. */
export function makeDevotionals(count: number): Devotional[] {
  return Array.from({ length: count }, (_, i) => {
    const timestamp = NOW_SECONDS - i * DAY;
    const iso = new Date(timestamp * 1000).toISOString();
    return {
      _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      slug: `devotional-${i + 1}`,
      title: `Devotional ${i + 1}`,
      image: `/media/devotional-${(i % 8) + 1}.svg`,
      tag: TAGS[i % TAGS.length],
      tags: [TAGS[i % TAGS.length]],
      verses: 'Psalm 27:1',
      detail: `<blockquote><p>Verse number ${i + 1}: the Lord is my light and my salvation; whom shall I fear?</p><cite>Psalm 27:1</cite></blockquote><p>Reflection ${i + 1}. ${'Walk in the light as He is in the light. '.repeat(4)}</p>`,
      timestamp,
      created_at: iso,
      createdAt: iso,
    };
  });
}

export function makeNews(count: number): NewsItem[] {
  return Array.from({ length: count }, (_, i) => ({
    _id: `10000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    title: `News ${i + 1}`,
    description: `What happened in news ${i + 1}. ${'More details follow here. '.repeat(10).trim()}`,
    photo: `/media/news-${(i % 8) + 1}.svg`,
    createdAt: new Date(Date.UTC(2026, 10, 15 - i, 12)).toISOString(),
  }));
}
