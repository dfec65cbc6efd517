/** Serving on a volunteer team (/serve, /my-schedule) and the teams' rosters for their leaders and the staff. */
import { Type } from '@sinclair/typebox';

/** A team, a position or a church, as a slot or a team names it. */
export const ServingRefContract = Type.Object({ _id: Type.String(), name: Type.String() });

/** A dated slot of a team's position, with how many are needed and signed up. */
export const ServingSlotContract = Type.Object({
  _id: Type.String(),
  team: ServingRefContract,
  position: ServingRefContract,
  /** Where it is served; null when the slot names no church. */
  church: Type.Union([ServingRefContract, Type.Null()]),
  /** The instant it starts (ISO 8601). */
  startsAt: Type.String(),
  /** Its day on the site's clock, 'YYYY-MM-DD'. */
  day: Type.String(),
  needed: Type.Integer(),
  filled: Type.Integer(),
});

/** A team with its positions and its slots ahead (GET /api/serving). */
export const ServingTeamContract = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  positions: Type.Array(ServingRefContract),
  slots: Type.Array(ServingSlotContract),
});

/** A slot the member signed up for. */
export const MySlotContract = Type.Object({
  ...ServingSlotContract.properties,
  /** Until when the member may cancel it themself. */
  cancelUntil: Type.String(),
});

/** The member's slots and blockout days ahead (GET /api/serving/mine). */
export const MyScheduleContract = Type.Object({
  slots: Type.Array(MySlotContract),
  /** Days ('YYYY-MM-DD') the member cannot serve. */
  blockouts: Type.Array(Type.String()),
  /** Until how many hours before a slot the member may cancel it. */
  cancelHours: Type.Integer(),
});

/** A team's leader. */
export const ServingLeaderContract = Type.Object({ _id: Type.String(), name: Type.String(), email: Type.String() });

/** A team its leaders or the staff manage. */
export const ManagedTeamContract = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  positions: Type.Array(ServingRefContract),
  leaders: Type.Array(ServingLeaderContract),
  /** How many of its slots are ahead. */
  upcomingSlots: Type.Integer(),
});

/** GET /api/admin/serving: the teams the member leads (every team for the staff), the locations. */
export const ServingOverviewContract = Type.Object({
  /** Whether the member is staff (may change teams and slots). */
  staff: Type.Boolean(),
  teams: Type.Array(ManagedTeamContract),
  locations: Type.Array(ServingRefContract),
});

/** Someone serving in a slot of the roster. */
export const RosterPersonContract = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  /** Put there by a leader or the staff rather than signed up themself. */
  addedByLeader: Type.Boolean(),
});

/** A slot of the roster, with who serves in it. */
export const RosterSlotContract = Type.Object({
  ...ServingSlotContract.properties,
  people: Type.Array(RosterPersonContract),
});

/** A member of the teams who cannot serve on a day of the roster. */
export const BlockedOutMemberContract = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  /** The names of their teams among the roster's. */
  teams: Type.Array(Type.String()),
});

/** One day of the roster (GET /api/admin/serving/roster). */
export const RosterDayContract = Type.Object({
  /** 'YYYY-MM-DD' on the site's clock. */
  day: Type.String(),
  slots: Type.Array(RosterSlotContract),
  /** Members of these teams (their leaders and whoever served on them) who cannot serve that day. */
  blockedOut: Type.Array(BlockedOutMemberContract),
});
