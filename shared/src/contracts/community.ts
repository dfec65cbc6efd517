/** The community's posts (prayers, stories, comments), as the wall, "My posts" and the moderation queue show them. */
import { Type, type Static } from '@sinclair/typebox';
import { AuthorContract } from './people';
import { STORY_PRAYER_MAX } from '../limits';
import { BodyFlag, BodyOptionalText, BodyText, ObjectOrNull, Str, StringEnum, StrOrNull } from './schema';

export const MODERATION_STATUSES = ['pending', 'published', 'rejected'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/** The three kinds of community post. */
export type PostKind = 'prayers' | 'stories' | 'comments';

const status = StringEnum(MODERATION_STATUSES);

export const PrayerContract = Type.Object({
  _id: Type.String(),
  /** Who asked; null on a prayer posted without a name, for everyone but its author and staff. */
  user: ObjectOrNull(AuthorContract),
  date: Type.String(),
  text: Type.String(),
  status,
  /** Posted without the member's name. */
  anonymous: Type.Boolean(),
  /** How many members pressed "I prayed". */
  prayedCount: Type.Integer(),
  /** Whether the signed-in viewer did. */
  iPrayed: Type.Boolean(),
  /** When the requester marked it answered, with what they said; null until then. */
  answered: ObjectOrNull(Type.Object({ date: Type.String(), note: Type.String() })),
  /** The published story that tells how it was answered, if any. */
  storyId: StrOrNull(),
});

/** The answer to "I prayed" (POST /api/prayers/{id}/prayed): the new count, and whether the viewer prayed now. */
export const PrayedAnswerContract = Type.Object({
  prayedCount: Type.Integer(),
  iPrayed: Type.Boolean(),
});

export const CommentContract = Type.Object({
  _id: Type.String(),
  text: Type.String(),
  date: Type.String(),
  user: AuthorContract,
  status,
});

export const StoryContract = Type.Object({
  _id: Type.String(),
  user: AuthorContract,
  content: Type.String(),
  createdAt: Type.String(),
  nbLikes: Type.Integer(),
  userLikesThis: Type.Boolean(),
  comments: Type.Array(CommentContract),
  status,
  /** The author's answered prayer this story tells of (its id), if any. */
  answeredPrayer: StrOrNull(),
});

/** One of the signed-in member's own posts, in any state ("My posts"). */
export const MyPostContract = Type.Object({
  _id: Type.String(),
  kind: Str<PostKind>(),
  text: Type.String(),
  status: Str<ModerationStatus>(),
  date: Type.String(),
  /** Why a moderator did not publish it, when they said. */
  reason: StrOrNull(),
  /** A prayer posted without the member's name. */
  anonymous: Type.Optional(Type.Boolean()),
  /** For a comment: the story it answers. */
  story: Type.Optional(Type.Object({ _id: Type.String(), excerpt: Type.String() })),
});

/** A member's new words for their own post (PUT /api/community/mine/{kind}/{id}): done, and the post's state now. */
export const PostEditAnswerContract = Type.Object({
  ok: Type.Boolean(),
  status: Str<ModerationStatus>(),
});

/** Whether a moderator stopped a member from posting (GET /api/community/mine/posting, POST /api/moderation/members/{userId}/posting). */
export const PostingStoppedContract = Type.Object({ stopped: Type.Boolean() });

/** The page of its list a prayer or story is on, from 1 (GET /api/prayers/{id}/page, /api/stories/{id}/page). */
export const PostPageNumberContract = Type.Object({ page: Type.Integer() });

/** A member's report of a post (POST /api/community/report/{kind}/{id}): done, and whether enough reports hide it now. */
export const ReportAnswerContract = Type.Object({
  ok: Type.Boolean(),
  hidden: Type.Boolean(),
});

/** A post waiting for review, as admins see it. */
export const PendingPostContract = Type.Object({
  _id: Type.String(),
  kind: Str<PostKind>(),
  text: Type.String(),
  date: Type.String(),
  user: Type.Object({ _id: Type.String(), firstname: Type.String(), lastname: Type.String(), email: Type.String() }),
  /** For a comment: the story it answers. */
  story: Type.Optional(Type.Object({ _id: Type.String(), content: Type.String(), status: Str<ModerationStatus>() })),
  /**
   * `pending`: waiting for review (new, or hidden by several reports);
   * `published`: on the site, flagged by members' reports.
   */
  status: Str<ModerationStatus>(),
  /** The words as listed here: publishing names it, so a post changed since is not published unseen. */
  version: Type.String(),
  /** Members' reports not dealt with yet. */
  reports: Type.Array(Type.Object({ reason: Type.String(), date: Type.String() })),
});

/** A post in the moderation queue: the waiting post, and what the staff need besides. */
export const QueuedPostContract = Type.Object({
  ...PendingPostContract.properties,
  /** A prayer posted without the author's name: the church family sees "Anonymous", the staff see both. */
  anonymous: Type.Optional(Type.Boolean()),
  /** Whether a moderator stopped the author from posting. */
  authorPostingStopped: Type.Optional(Type.Boolean()),
});

/** A moderator's decision on a post (POST /api/moderation/{kind}/{id}/publish|reject): the post and its state now. */
export const ModerationDecisionContract = Type.Object({
  _id: Type.String(),
  kind: Str<PostKind>(),
  status: Str<ModerationStatus>(),
});

/* The requester's updates under their prayer request, moderated like the request. */

/** An update the requester posted under their request (POST /api/prayers/{id}/updates). */
export const PrayerUpdateContract = Type.Object({
  _id: Type.String(),
  /** The request's id. */
  prayer: Type.String(),
  text: Type.String(),
  status: Str<ModerationStatus>(),
  date: Type.String(),
  /** Why a moderator did not publish it (its author only). */
  reason: StrOrNull(),
});

/**
 * GET /api/prayers/updates?ids=: the updates under each of these prayers
 * (published, and the viewer's own), by prayer id, oldest first; and for
 * the viewer's own prayers whether their weekly summary is on.
 */
export const FollowUpsContract = Type.Object({
  updates: Type.Unsafe<Record<string, Static<typeof PrayerUpdateContract>[]>>({
    type: 'object',
    additionalProperties: Type.Array(PrayerUpdateContract),
  }),
  summaryMail: Type.Unsafe<Record<string, boolean>>({ type: 'object', additionalProperties: { type: 'boolean' } }),
});

/** The member's "people prayed" mails, on or off (PUT /api/prayers/mail). */
export const PrayerMailChoiceContract = Type.Object({ prayerMail: Type.Boolean() });

/** A request's weekly summary by e-mail, on or off (PUT /api/prayers/{id}/summary). */
export const PrayerSummaryChoiceContract = Type.Object({ summaryMail: Type.Boolean() });

/** A requester's update under their prayer request, waiting for review (the moderators'). */
export const PendingPrayerUpdateContract = Type.Object({
  _id: Type.String(),
  text: Type.String(),
  /** The words as listed here: publishing names it, so an update changed since is not published unseen. */
  version: Type.String(),
  date: Type.String(),
  /** The request it is under. */
  prayer: Type.Object({ _id: Type.String(), text: Type.String() }),
  user: Type.Object({ _id: Type.String(), firstname: Type.String(), lastname: Type.String(), email: Type.String() }),
});

/** GET /api/moderation/prayer-updates: the updates waiting for review, oldest first, and how many in all. */
export const PendingPrayerUpdatesContract = Type.Object({
  total: Type.Integer(),
  updates: Type.Array(PendingPrayerUpdateContract),
});

/** A moderator's decision on an update (POST /api/moderation/prayer-updates/{id}/publish|reject): the update and its state now. */
export const PrayerUpdateDecisionContract = Type.Object({
  _id: Type.String(),
  status: Str<ModerationStatus>(),
});

/* Request bodies of the posting calls. */

export const PrayerBody = Type.Object({ text: BodyText(), anonymous: BodyFlag() });

export const StoryBody = Type.Object({
  content: BodyText(),
  /** The member's answered prayer it tells of. */
  prayer: BodyOptionalText({ maxLength: STORY_PRAYER_MAX }),
});

export const CommentBody = Type.Object({
  text: BodyText(),
  /** The story it answers. */
  story: BodyText(),
  /** The author, when given: the session's own member (a 403 otherwise). */
  user: BodyOptionalText(),
});

/** What the requester says when marking a prayer answered. */
export const AnsweredBody = Type.Object({ note: BodyOptionalText() });

/** A member's new words for their own post, still waiting for review. */
export const PostEditBody = Type.Object({ text: BodyText() });
