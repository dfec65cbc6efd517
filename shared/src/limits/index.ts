/**
 * The limits the forms and the API share, as plain values: the longest a
 * field may be, the ranges and the choices a field allows. The rules that
 * check them (yup) are in `../validation`, which exports these too; a page
 * that only shows a limit (a post's "123 / 2000") imports it from here and
 * loads no yup for it. Nothing here imports anything.
 */

/* Accounts. */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
/** A password-reset link's token is never longer. */
export const RESET_TOKEN_MAX = 100;
export const SOURCE_MAX = 300;
export const SENIORITY = { min: 1, max: 100, step: 1, default: 50 } as const;
export const BIRTH_DATE = { min: '1910-01-01', default: '1980-01-01' } as const;
/** Members are adults: at least this old on the day they sign up. */
export const ADULT_AGE = 18;
export const GENDERS = ['Male', 'Female'] as const;
export const CIVIL_STATUSES = ['Single', 'Married', 'Divorced', 'Widow'] as const;
/** A one-time sign-in code: six digits (spaces typed between them are ignored). */
export const SIGN_IN_CODE_LENGTH = 6;

/* The community's posts. */

/** Longest prayer, story or comment a member may post. */
export const POST_MAX = 2000;
/** A story's `prayer` (the id of the answered prayer it tells of) is never longer. */
export const STORY_PRAYER_MAX = 100;
/** What a requester may say when marking a prayer answered. */
export const ANSWER_NOTE_MAX = 500;

/* Devotionals, news items and press releases. */

export const CONTENT_LIMITS = { title: 200, slug: 120, verses: 200, tag: 40, tags: 10, body: 100_000, text: 10_000 } as const;
/** The days a devotional, news item or press release may be dated. */
export const CONTENT_DATES = { min: '2000-01-01', max: '2100-12-31' } as const;

/* Sermons, series, speakers and their media. */

export const SERMON_LIMITS = {
  title: 200,
  slug: 120,
  passages: 300,
  summary: 1000,
  notes: 100_000,
  name: 120,
  role: 120,
  description: 2000,
  chapters: 60,
  chapterTitle: 120,
  fileName: 255,
} as const;

/** The days a sermon may be dated. */
export const SERMON_DATES = { min: '1900-01-01', max: '2100-12-31' } as const;

/** The kinds of file the staff upload for a sermon, and what each may be. */
export const SERMON_MEDIA = {
  audio: { label: 'audio', types: ['audio/mpeg', 'audio/mp4', 'audio/x-m4a', 'audio/m4a'], extensions: ['.mp3', '.m4a'] },
  video: { label: 'video', types: ['video/mp4'], extensions: ['.mp4'] },
  transcript: { label: 'transcript', types: ['text/vtt'], extensions: ['.vtt'] },
} as const;
export type SermonMediaKind = keyof typeof SERMON_MEDIA;
export const SERMON_MEDIA_KINDS = Object.keys(SERMON_MEDIA) as SermonMediaKind[];

/* Events and tickets. */

/** No single booking is larger than this, whatever the hall. */
export const MAX_TICKETS_PER_BOOKING = 1000;

/** Event prices and sizes the form accepts. */
export const EVENT_LIMITS = {
  titleMax: 150,
  descriptionMax: 5000,
  addressMax: 300,
  priceMin: 1,
  priceMax: 10_000,
  seatsMax: 100_000,
  durationMax: 14 * 24 * 60,
  categoryMax: 40,
} as const;

/* Church locations. */

export const LOCATION_LIMITS = {
  name: 120,
  address: 300,
  phones: 5,
  phone: 40,
  parking: 500,
  services: 20,
  serviceName: 80,
  language: 40,
} as const;

/* Planning a visit. */

export const VISIT_LIMITS = { name: 80, question: 1000, adults: 20, children: 15, childAge: 17 } as const;
