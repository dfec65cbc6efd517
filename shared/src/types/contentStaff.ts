/** Devotionals, news and press releases as the staff pages edit them (types only: the contracts are TypeBox). No React here. */
import type { Static, StaffArticleContract, StaffDevotionalContract } from '../contracts';

/** Saved as a draft, or published (the public sees it from its date). */
export type ContentStatus = 'draft' | 'published';

/** What the public sees of it now: nothing (draft), nothing yet (scheduled for its date), or it (published). */
export type ContentState = 'draft' | 'scheduled' | 'published';

/** News items or press releases: the two kinds of article the staff write alike. */
export type ArticleKind = 'news' | 'press';

export type StaffDevotional = Static<typeof StaffDevotionalContract>;

/** What the devotional form sends; an empty slug is made from the title. */
export interface StaffDevotionalInput {
  title: string;
  slug: string;
  date: string;
  verses: string;
  tags: string[];
  image: string;
  detail: string;
}

export type StaffArticle = Static<typeof StaffArticleContract>;

export interface StaffArticleInput {
  title: string;
  description: string;
  photo: string;
  date: string;
}

/** A page of a staff list, newest date first; `next` is the offset of the next page, null on the last. */
export interface StaffListPage<T> {
  items: T[];
  total: number;
  next: number | null;
}
