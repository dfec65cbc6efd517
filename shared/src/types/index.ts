/**
 * The entities of the product (spec section 3), as the API sends them.
 * Ids are strings named `_id`; dates are ISO strings unless said otherwise.
 * The main entities' types come from their contracts (`../contracts`), type
 * only: browser bundles get the types, not TypeBox.
 * This module must not import React: the API uses it.
 */

import type {
  ActivityItemContract,
  ActivityPageContract,
  ApiErrorContract,
  ArticleContract,
  AuthorContract,
  ChurchLocationContract,
  CommentContract,
  DevotionalContract,
  DevotionalTagContract,
  EventCalendarContract,
  EventSeriesContract,
  EventContract,
  EventPlaceContract,
  FollowUpsContract,
  ModerationDecisionContract,
  MyPostContract,
  OkContract,
  OkMessageContract,
  PagingContract,
  PendingPostContract,
  PendingPrayerUpdateContract,
  PendingPrayerUpdatesContract,
  PostEditAnswerContract,
  PostingStoppedContract,
  PostPageNumberContract,
  QueuedPostContract,
  PrayedAnswerContract,
  PrayerContract,
  PrayerMailChoiceContract,
  PrayerSummaryChoiceContract,
  PrayerUpdateContract,
  PrayerUpdateDecisionContract,
  RejectedPendingContract,
  ReportAnswerContract,
  ServiceTimeContract,
  StaffDashboardContract,
  StoryContract,
  Static,
  UserContract,
  YearThemeContract,
} from '../contracts';

export type { Gender, CivilStatus, Role } from '../contracts/people';
export type { ModerationStatus, PostKind } from '../contracts/community';
import type { PostKind } from '../contracts/community';

export type User = Static<typeof UserContract>;

/** Who wrote a post, as shown beside it. */
export type Author = Static<typeof AuthorContract>;

export type ChurchLocation = Static<typeof ChurchLocationContract>;

export type ServiceTime = Static<typeof ServiceTimeContract>;

/** Where an event happens: one of the churches, or a venue's address. */
export type EventPlace = Static<typeof EventPlaceContract>;

/** An event as the API sends it; the calendar's fields are there in every answer (optional for the shapes built by hand). */
export interface MinistryEvent
  extends
    Static<typeof EventContract>,
    Partial<Static<typeof EventCalendarContract>>,
    Partial<Static<typeof EventSeriesContract>> {}

/** One of the signed-in member's own posts, in any state ("My posts"). */
export type MyPost = Static<typeof MyPostContract>;

/** The answer to a member's new words for their own post: done, and the post's state now (PUT /api/community/mine/{kind}/{id}). */
export type PostEditAnswer = Static<typeof PostEditAnswerContract>;

/** Whether a moderator stopped a member from posting (GET /api/community/mine/posting, POST /api/moderation/members/{userId}/posting). */
export type PostingStopped = Static<typeof PostingStoppedContract>;

/** The page of its list a prayer or story is on, from 1 (GET /api/prayers/{id}/page, /api/stories/{id}/page). */
export type PostPageNumber = Static<typeof PostPageNumberContract>;

/** The answer to a member's report of a post: done, and whether enough reports hide it now (POST /api/community/report/{kind}/{id}). */
export type ReportAnswer = Static<typeof ReportAnswerContract>;

export type Prayer = Static<typeof PrayerContract>;

/** The answer to "I prayed": the new count, and whether the viewer prayed now (POST /api/prayers/{id}/prayed). */
export type PrayedAnswer = Static<typeof PrayedAnswerContract>;

/** The member's "people prayed" mails, on or off (PUT /api/prayers/mail). */
export type PrayerMailChoice = Static<typeof PrayerMailChoiceContract>;

/** A request's weekly summary by e-mail, on or off (PUT /api/prayers/{id}/summary). */
export type PrayerSummaryChoice = Static<typeof PrayerSummaryChoiceContract>;

export type Comment = Static<typeof CommentContract>;

export type Story = Static<typeof StoryContract>;

/** What a member sends to comment on a story (POST /api/comments/add). */
export interface CommentInput {
  text: string;
  /** The story's id. */
  story: string;
  /** The member's own id (spec section 6); the server checks it against the session. */
  user: string;
}

/** A post waiting for review, as admins see it. */
export type PendingPost = Static<typeof PendingPostContract>;

/** The oldest page of each kind waiting for review, and how many wait in all (GET /api/moderation/pending). */
export type PendingPosts = Record<PostKind, PendingPost[]> & { totals: Record<PostKind, number> };
/** A post in the moderation queue as the staff see it (a prayer's anonymity, whether its author may post). */
export type QueuedPost = Static<typeof QueuedPostContract>;
/** The moderation queue: a page of each kind and how many wait in all. */
export type QueuedPosts = Record<PostKind, QueuedPost[]> & { totals: Record<PostKind, number> };
/** A moderator's decision on a post: the post and its state now (POST /api/moderation/{kind}/{id}/publish|reject). */
export type ModerationDecision = Static<typeof ModerationDecisionContract>;
/** Everything one member had waiting, rejected at once: how many of each kind (POST /api/moderation/members/{userId}/reject-pending). */
export type RejectedPending = Static<typeof RejectedPendingContract>;

/** An update the requester posted under their prayer request. */
export type PrayerUpdate = Static<typeof PrayerUpdateContract>;

/** The updates under some prayers, by prayer, and the viewer's weekly summary settings (GET /api/prayers/updates). */
export type FollowUps = Static<typeof FollowUpsContract>;

/** A requester's update under their prayer request, waiting for review. */
export type PendingPrayerUpdate = Static<typeof PendingPrayerUpdateContract>;

/** The updates waiting for review, and how many in all (GET /api/moderation/prayer-updates). */
export type PendingPrayerUpdates = Static<typeof PendingPrayerUpdatesContract>;

/** A moderator's decision on an update: the update and its state now (POST /api/moderation/prayer-updates/{id}/publish|reject). */
export type PrayerUpdateDecision = Static<typeof PrayerUpdateDecisionContract>;

export type NewsItem = Static<typeof ArticleContract>;

export type PressRelease = Static<typeof ArticleContract>;

/** The theme of a year ('The Year of the Luminaries'), shown on the home page during that year. */
export type YearTheme = Static<typeof YearThemeContract>;

export type Devotional = Static<typeof DevotionalContract>;

/** The envelope most list and item answers come in (`data.data`). */
export interface Envelope<T> {
  data: T;
}

/** A tag in use, and how many devotionals have it. */
export type DevotionalTag = Static<typeof DevotionalTagContract>;

/** Which page of a list an answer holds. */
export type Paging = Static<typeof PagingContract>;

/** A page of a list: `{ data, paging }`. */
export interface PageOf<T> {
  data: T[];
  paging: Paging;
}

/** Every API error (DESIGN section 2). */
export type ApiErrorBody = Static<typeof ApiErrorContract>;

/** An answer that only says it was done: `{ ok: true }`. */
export type Ok = Static<typeof OkContract>;

/** An answer that says it was done, and what to tell the person: `{ ok: true, message }`. */
export type OkMessage = Static<typeof OkMessageContract>;

export * from './giving';
export * from './contentStaff';
export * from './releases';

/** What the staff's first page shows (GET /api/admin/dashboard). */
export type StaffDashboard = Static<typeof StaffDashboardContract>;

/** A change made on a staff page (GET /api/admin/activity; see the contract). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the contract's type under its own name
export interface ActivityItem extends Static<typeof ActivityItemContract> {}

/** A page of the activity log, newest first (GET /api/admin/activity). */
export type ActivityPage = Static<typeof ActivityPageContract>;

export * from './people';
export * from './sermons';
export * from './visits';
export * from './groups';
export * from './serving';
