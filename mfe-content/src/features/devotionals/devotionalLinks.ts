import type { Devotional } from '@ministry/shared/types';

/** The detail page of a devotional: by slug when it has one (readable and stable), else by id. */
export const devotionalPath = (d: Pick<Devotional, '_id' | 'slug'>): string =>
  `/devotional-detail/${encodeURIComponent(d.slug || d._id)}`;

/** The list of one tag. */
export const tagPath = (tag: string): string => `/daily-devotion/tag/${encodeURIComponent(tag)}`;
