/** Serving on a volunteer team and the teams' rosters, as the API sends them (types only). No React here. */
import type {
  BlockedOutMemberContract,
  ManagedTeamContract,
  MyScheduleContract,
  MySlotContract,
  RosterDayContract,
  RosterPersonContract,
  RosterSlotContract,
  ServingLeaderContract,
  ServingOverviewContract,
  ServingRefContract,
  ServingSlotContract,
  ServingTeamContract,
  Static,
} from '../contracts';

export type ServingRef = Static<typeof ServingRefContract>;
export type ServingSlot = Static<typeof ServingSlotContract>;
export type ServingTeam = Static<typeof ServingTeamContract>;
export type MySlot = Static<typeof MySlotContract>;
export type MySchedule = Static<typeof MyScheduleContract>;
export type ServingLeader = Static<typeof ServingLeaderContract>;
export type ManagedTeam = Static<typeof ManagedTeamContract>;
export type ServingOverview = Static<typeof ServingOverviewContract>;
export type RosterPerson = Static<typeof RosterPersonContract>;
export type RosterSlot = Static<typeof RosterSlotContract>;
export type BlockedOutMember = Static<typeof BlockedOutMemberContract>;
export type RosterDay = Static<typeof RosterDayContract>;
