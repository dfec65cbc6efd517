/**
 * The entities of the product (spec section 3), as the API sends them.
 * Ids are strings named `_id`; dates are ISO strings unless said otherwise.
 * This module must not import React: the API uses it.
 */

export type Gender = 'Male' | 'Female';
export type CivilStatus = 'Single' | 'Married' | 'Divorced' | 'Widow';
/** member; editor: publishes content, moderates, runs events; admin: everything, members and roles included. */
export type Role = 'member' | 'editor' | 'admin';

export interface User {
  _id: string;
  firstname: string;
  lastname: string;
  email: string;
  photo: string | null;
  birth_date: string | null;
  gender: Gender | null;
  civil_status: CivilStatus | null;
  countryOfOrigin: string | null;
  country: string | null;
  city: string | null;
  church: string | null;
  seniority: number | null;
  source: string | null;
  role: Role;
  /** Whether the member confirmed their e-mail address (needed to post and to buy). */
  emailVerified?: boolean;
  /** A new address the member asked for, waiting for its confirmation link to be opened. */
  pendingEmail?: string | null;
  /** Whether the member hears (at most daily) how many prayed for their requests. */
  prayerMail?: boolean;
}

/** Who wrote a post, as shown beside it. */
export interface Author {
  _id?: string;
  firstname: string;
  lastname: string;
  photo?: string | null;
}

export interface ChurchLocation {
  _id: string;
  church_name: string;
  /** Spelled so in the original data model. */
  adress: string;
  main_contact: string[];
  email: string;
  /** Its regular services, in the order of the week (Sunday first). */
  serviceTimes: ServiceTime[];
  /** Where to park, in a sentence; null when not told. */
  parking: string | null;
  /** Its place on the map; null when not told. */
  map: { latitude: number; longitude: number } | null;
}

export interface ServiceTime {
  /** e.g. 'Sunday Service'. */
  name: string;
  /** Sunday 0 … Saturday 6. */
  weekday: number;
  /** 'HH:mm', the church's local time. */
  time: string;
  language: string;
}

/** Where an event happens: one of the churches, or a venue's address. */
export interface EventPlace {
  /** The church's name; null for a venue given by its address. */
  name: string | null;
  address: string;
  churchId: string | null;
}

export interface MinistryEvent {
  _id: string;
  title: string;
  description: string;
  photo: string;
  event_date: string;
  seat_price: number;
  numberOfSeats: number;
  /** Seats still on sale: numberOfSeats less the seats sold or held. */
  seatsLeft: number;
  price_Id: string | null;
  /** Where it happens; null when not told. */
  place: EventPlace | null;
  /** How long it lasts, in minutes; null when not told. */
  durationMinutes: number | null;
  /** When the church cancelled it (nothing is sold any more); null or absent: it goes ahead. */
  cancelledAt?: string | null;
}

export type ModerationStatus = 'pending' | 'published' | 'rejected';

/** The three kinds of community post. */
export type PostKind = 'prayers' | 'stories' | 'comments';

/** One of the signed-in member's own posts, in any state ("My posts"). */
export interface MyPost {
  _id: string;
  kind: PostKind;
  text: string;
  status: ModerationStatus;
  date: string;
  /** Why a moderator did not publish it, when they said. */
  reason: string | null;
  /** A prayer posted without the member's name. */
  anonymous?: boolean;
  /** For a comment: the story it answers. */
  story?: { _id: string; excerpt: string };
}

export interface Prayer {
  _id: string;
  /** Who asked; null on a prayer posted without a name, for everyone but its author and staff. */
  user: Author | null;
  date: string;
  text: string;
  status: ModerationStatus;
  /** Posted without the member's name. */
  anonymous: boolean;
  /** How many members pressed "I prayed". */
  prayedCount: number;
  /** Whether the signed-in viewer did. */
  iPrayed: boolean;
  /** When the requester marked it answered, with what they said; null until then. */
  answered: { date: string; note: string } | null;
  /** The published story that tells how it was answered, if any. */
  storyId: string | null;
}

export interface Comment {
  _id: string;
  text: string;
  date: string;
  user: Author;
  status: ModerationStatus;
}

export interface Story {
  _id: string;
  user: Author;
  content: string;
  createdAt: string;
  nbLikes: number;
  userLikesThis: boolean;
  comments: Comment[];
  status: ModerationStatus;
  /** The author's answered prayer this story tells of (its id), if any. */
  answeredPrayer: string | null;
}

export interface NewsItem {
  _id: string;
  title: string;
  description: string;
  photo: string;
  createdAt: string;
}

export interface PressRelease {
  _id: string;
  title: string;
  description: string;
  photo: string;
  createdAt: string;
}

export interface Devotional {
  _id: string;
  slug: string;
  title: string;
  image: string;
  /** The first of `tags`. */
  tag: string;
  /** Every tag, the first one first. */
  tags: string[];
  /** 'Psalm 23:1-4' ('' when not given). */
  verses: string;
  /** Sanitized HTML. */
  detail: string;
  /** Seconds since the epoch. */
  timestamp: number;
  created_at: string;
  createdAt: string;
}

/** The envelope most list and item answers come in (`data.data`). */
export interface Envelope<T> {
  data: T;
}

/** A tag in use, and how many devotionals have it. */
export interface DevotionalTag {
  tag: string;
  count: number;
}

/** Which page of a list an answer holds. */
export interface Paging {
  page: number;
  pageSize: number;
  total: number;
  pages: number;
}

/** A page of a list: `{ data, paging }`. */
export interface PageOf<T> {
  data: T[];
  paging: Paging;
}

/** Every API error (DESIGN section 2). */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export * from './giving';
export * from './contentStaff';

/** What the staff's first page shows (GET /api/admin/dashboard). */
export interface StaffDashboard {
  moderation: { prayers: number; stories: number; comments: number; reports: number };
  /** The next seven days in the site's time zone; a day without items is a gap. */
  devotionals: { date: string; items: { _id: string; title: string; slug: string }[] }[];
  events: { _id: string; title: string; event_date: string; numberOfSeats: number; seatsSold: number; seatsHeld: number }[];
}

/** A change made on a staff page (GET /api/admin/activity). */
export interface ActivityItem {
  _id: string;
  at: string;
  actor: { _id: string | null; name: string };
  action: string;
  subjectType: string;
  subjectId: string | null;
  summary: string;
}

export interface ActivityPage {
  items: ActivityItem[];
  /** Give it back as `before` for the next (older) page; null on the last. */
  next: string | null;
}

export * from './people';
