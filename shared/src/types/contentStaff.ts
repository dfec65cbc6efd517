/** Devotionals, news and press releases as the staff pages edit them. No React here. */

/** Saved as a draft, or published (the public sees it from its date). */
export type ContentStatus = 'draft' | 'published';

/** What the public sees of it now: nothing (draft), nothing yet (scheduled for its date), or it (published). */
export type ContentState = 'draft' | 'scheduled' | 'published';

/** News items or press releases: the two kinds of article the staff write alike. */
export type ArticleKind = 'news' | 'press';

export interface StaffDevotional {
  _id: string;
  /** Its address: /devotional-detail/<slug>. */
  slug: string;
  title: string;
  /** The day it is for, 'YYYY-MM-DD' on the site's clock. */
  date: string;
  /** 'Psalm 23:1-4' ('' when not given). */
  verses: string;
  /** The first is the one the public lists show. */
  tags: string[];
  image: string;
  /** Sanitized HTML. */
  detail: string;
  status: ContentStatus;
  state: ContentState;
  /** The public has read it: its slug no longer changes, so links keep working. */
  slugLocked: boolean;
  /** The moment the public sees it from (ISO), once published. */
  publishAt: string;
  updatedAt: string;
}

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

export interface StaffArticle {
  _id: string;
  title: string;
  /** The news item's or press release's text. */
  description: string;
  photo: string;
  /** 'YYYY-MM-DD' on the site's clock. */
  date: string;
  status: ContentStatus;
  state: ContentState;
  publishAt: string;
  updatedAt: string;
}

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
