/** What the church publishes: events, news and press releases, devotionals. */
import { Type, type TSchema } from '@sinclair/typebox';
import { IntOrNull, ObjectOrNull, Str, StrOrNull } from './schema';

/** Where an event happens: one of the churches, or a venue's address. */
export const EventPlaceContract = Type.Object({
  /** The church's name; null for a venue given by its address. */
  name: StrOrNull(),
  address: Type.String(),
  churchId: StrOrNull(),
});

export const EventContract = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  photo: Type.String(),
  event_date: Type.String(),
  seat_price: Type.Number(),
  numberOfSeats: Type.Integer(),
  /** Seats still on sale: numberOfSeats less the seats sold or held. */
  seatsLeft: Type.Integer(),
  price_Id: StrOrNull(),
  /** Where it happens; null when not told. */
  place: ObjectOrNull(EventPlaceContract),
  /** How long it lasts, in minutes; null when not told. */
  durationMinutes: IntOrNull(),
  /** When the church cancelled it (nothing is sold any more); null or absent: it goes ahead. */
  cancelledAt: Type.Optional(StrOrNull()),
});

/** What the calendar needs of an event, sent beside EventContract's fields (GET /api/events, /api/events/search/:id). */
export const EventCalendarContract = Type.Object({
  /** When it ends (ISO): its start plus its length, or plus two hours when its length is not told (as its calendar file says). */
  end_date: Type.String(),
  /** What kind of event it is ('Worship', 'Youth', …), chosen by the staff; null when not told. */
  category: StrOrNull(),
});

/** What an event tells of its series when it is one date of a repeating event (GET /api/events, /api/events/search/:id). */
export const EventSeriesContract = Type.Object({
  /** The series an occurrence of a repeating event belongs to (null: a one-off event). */
  seriesId: Type.Optional(StrOrNull()),
  /** An occurrence's date in its series ('YYYY-MM-DD', on the site's clock); null for a one-off event. */
  occurrenceOn: Type.Optional(StrOrNull()),
  /** How its series repeats, in words ('Weekly on Tuesdays'); null for a one-off event. */
  repeats: Type.Optional(StrOrNull()),
});

/** A news item or a press release. */
export const ArticleContract = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  photo: Type.String(),
  createdAt: Type.String(),
});

export const DevotionalContract = Type.Object({
  _id: Type.String(),
  slug: Type.String(),
  title: Type.String(),
  image: Type.String(),
  /** The first of `tags`. */
  tag: Type.String(),
  /** Every tag, the first one first. */
  tags: Type.Array(Type.String()),
  /** 'Psalm 23:1-4' ('' when not given). */
  verses: Type.String(),
  /** Sanitized HTML. */
  detail: Type.String(),
  /** Seconds since the epoch. */
  timestamp: Type.Integer(),
  created_at: Type.String(),
  createdAt: Type.String(),
});

/** The theme the church gives a year, shown at the top of the home page during that year. */
export const YearThemeContract = Type.Object({
  year: Type.Integer(),
  /** 'The Year of the Luminaries' (the site writes the year before it). */
  title: Type.String(),
  /** The verse that goes with it, with its reference ('' when none). */
  verse: Type.String(),
});

/** What the staff send to set a year's theme (PUT /api/admin/year-themes/{year}). */
export const YearThemeBody = Type.Object({
  title: Type.String({ maxLength: 500 }),
  verse: Type.Optional(Type.String({ maxLength: 1000 })),
});

/** A devotional tag in use, and how many devotionals have it (GET /api/devotionals/tags; the staff's, drafts counted). */
export const DevotionalTagContract = Type.Object({ tag: Type.String(), count: Type.Integer() });

/*
 * Devotionals, news and press releases as the staff pages edit them
 * (/api/admin/devotionals, /api/admin/news, /api/admin/press).
 */

/** What the public sees of it now: nothing (draft), nothing yet (scheduled for its date), or it (published). */
const ContentStateField = () => Str<'draft' | 'scheduled' | 'published'>();
/** Saved as a draft, or published (the public sees it from its date). */
const ContentStatusField = () => Str<'draft' | 'published'>();

export const StaffDevotionalContract = Type.Object({
  _id: Type.String(),
  /** Its address: /devotional-detail/<slug>. */
  slug: Type.String(),
  title: Type.String(),
  /** The day it is for, 'YYYY-MM-DD' on the site's clock. */
  date: Type.String(),
  /** 'Psalm 23:1-4' ('' when not given). */
  verses: Type.String(),
  /** The first is the one the public lists show. */
  tags: Type.Array(Type.String()),
  image: Type.String(),
  /** Sanitized HTML. */
  detail: Type.String(),
  status: ContentStatusField(),
  state: ContentStateField(),
  /** The public has read it: its slug no longer changes, so links keep working. */
  slugLocked: Type.Boolean(),
  /** The moment the public sees it from (ISO), once published. */
  publishAt: Type.String(),
  updatedAt: Type.String(),
});

export const StaffArticleContract = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  /** The news item's or press release's text. */
  description: Type.String(),
  photo: Type.String(),
  /** 'YYYY-MM-DD' on the site's clock. */
  date: Type.String(),
  status: ContentStatusField(),
  state: ContentStateField(),
  publishAt: Type.String(),
  updatedAt: Type.String(),
});

/** A page of a staff list, newest date first; `next` is the offset of the next page, null on the last. */
const staffListPage = <T extends TSchema>(item: T) =>
  Type.Object({ items: Type.Array(item), total: Type.Integer(), next: IntOrNull() });

export const StaffDevotionalPageContract = staffListPage(StaffDevotionalContract);
export const StaffArticlePageContract = staffListPage(StaffArticleContract);
