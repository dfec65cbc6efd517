/**
 * The small groups (spec addition: /groups, /my-groups, /admin/groups): a
 * group as the finder, its page, its members and the staff see it; the
 * requests to join; the roster. Privacy: only the roster carries members'
 * addresses, and only those they chose to share.
 */
import { Type } from '@sinclair/typebox';
import { IntOrNull, NumOrNull, ObjectOrNull, Str, StrOrNull } from './schema';

/** How often a group meets. */
export const GROUP_FREQUENCIES = ['weekly', 'biweekly', 'monthly'] as const;
export type GroupFrequency = (typeof GROUP_FREQUENCIES)[number];

/** Where a request to join a group stands: waiting, answered by the group's leaders, or withdrawn by the member. */
export const JOIN_REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];

/** A leader or member by name (never their address). */
export const GroupPersonContract = Type.Object({ firstname: Type.String(), lastname: Type.String() });

/** A group as the finder lists it (GET /api/groups); the other views add their fields to these. */
export const GroupContract = Type.Object({
  _id: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  /** 'bible-study', 'prayer', … (the API's `GROUP_KINDS`). */
  kind: Type.String(),
  /** 'everyone', 'students', … (the API's `LIFE_STAGES`). */
  lifeStage: Type.String(),
  /** The church location it meets at; null when it meets at a place of its own (`meetingPlace`). */
  location: ObjectOrNull(Type.Object({ _id: Type.String(), name: Type.String() })),
  /** Where it meets: the location's address, or the meeting place. */
  address: StrOrNull(),
  meetingPlace: StrOrNull(),
  /** 0 Sunday … 6 Saturday. */
  weekday: Type.Integer(),
  /** 'HH:mm'. */
  time: Type.String(),
  frequency: Str<GroupFrequency>(),
  description: Type.String(),
  photo: StrOrNull(),
  /** The most members it takes; null: no limit. */
  capacity: IntOrNull(),
  memberCount: Type.Integer(),
  /** Whether it takes new members. */
  open: Type.Boolean(),
  /** Whether it has as many members as its capacity. */
  full: Type.Boolean(),
  leaders: Type.Array(GroupPersonContract),
  /** With the finder's `near` only: how far its location is, in km (null: its place has no coordinates). */
  distanceKm: Type.Optional(NumOrNull()),
});

/** One group as its page shows it, with the viewer's place in it (GET /api/groups/{slug}). */
export const GroupViewContract = Type.Object({
  ...GroupContract.properties,
  /** The viewer's place in it (null for a visitor or a stranger). */
  membership: StrOrNull<'leader' | 'member' | 'pending'>(),
  /** The viewer is a leader or staff: may see the roster and mail the group. */
  manages: Type.Boolean(),
});

/** One of the signed-in member's groups, with their place and choices in it. */
export const MyGroupContract = Type.Object({
  ...GroupContract.properties,
  role: Str<'leader' | 'member'>(),
  /** They share their address with the group's leaders. */
  shareEmail: Type.Boolean(),
  /** They receive the group's mails. */
  mail: Type.Boolean(),
});

/** A request to join a group, as the member and the group's leaders (and the staff) see it. */
export const JoinRequestContract = Type.Object({
  _id: Type.String(),
  group: Type.Object({ _id: Type.String(), slug: Type.String(), name: Type.String() }),
  /** Who asks; null in the member's own requests. */
  member: ObjectOrNull(GroupPersonContract),
  message: Type.String(),
  status: Str<JoinRequestStatus>(),
  /** The leaders' note with their answer. */
  note: StrOrNull(),
  createdAt: Type.String(),
});

/** /my-groups (GET /api/groups/mine): the member's groups, their requests still waiting, and the requests waiting in the groups they lead. */
export const MyGroupsContract = Type.Object({
  groups: Type.Array(MyGroupContract),
  myRequests: Type.Array(JoinRequestContract),
  toAnswer: Type.Array(JoinRequestContract),
});

/** Someone on a group's roster (GET /api/groups/{id}/roster: its leaders and the staff only), leaders first. */
export const RosterEntryContract = Type.Object({
  _id: Type.String(),
  firstname: Type.String(),
  lastname: Type.String(),
  role: Str<'leader' | 'member'>(),
  /** Only when the member agreed to share it with the group's leaders. */
  email: StrOrNull(),
  joinedAt: Type.String(),
});

/** A group as the staff see it (/api/admin/groups): with its leaders' addresses and the requests waiting. */
export const StaffGroupContract = Type.Object({
  ...GroupContract.properties,
  /** How many requests to join wait for an answer. */
  pendingRequests: Type.Integer(),
  leaderEmails: Type.Array(Type.String()),
});

/** The answer to a request to join (POST /api/groups/{id}/join): it waits for the leaders. */
export const GroupJoinAnswerContract = Type.Object({ membership: Str<'pending'>() });

/** A member's choices in a group (PUT /api/groups/{id}/membership). */
export const GroupMembershipChoicesContract = Type.Object({
  /** Share their address with the group's leaders. */
  shareEmail: Type.Boolean(),
  /** Receive the group's mails. */
  mail: Type.Boolean(),
});

/** A leader's mail to the group (POST /api/groups/{id}/mail): how many it went to. */
export const GroupMailAnswerContract = Type.Object({ sent: Type.Integer() });

/** A group's mails stopped from a mail's link (POST /api/groups/mail-off): the group's name. */
export const GroupMailOffAnswerContract = Type.Object({ group: Type.String() });
