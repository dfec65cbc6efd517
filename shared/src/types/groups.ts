/** The small groups, as the API sends them (types only). No React here. */
import type {
  GroupContract,
  GroupJoinAnswerContract,
  GroupMailAnswerContract,
  GroupMailOffAnswerContract,
  GroupMembershipChoicesContract,
  GroupPersonContract,
  GroupViewContract,
  JoinRequestContract,
  MyGroupContract,
  MyGroupsContract,
  RosterEntryContract,
  Static,
  StaffGroupContract,
} from '../contracts';

export type { GroupFrequency, JoinRequestStatus } from '../contracts/groups';

export type GroupPerson = Static<typeof GroupPersonContract>;
export type Group = Static<typeof GroupContract>;
export type GroupView = Static<typeof GroupViewContract>;
export type MyGroup = Static<typeof MyGroupContract>;
export type JoinRequest = Static<typeof JoinRequestContract>;
export type MyGroups = Static<typeof MyGroupsContract>;
export type RosterEntry = Static<typeof RosterEntryContract>;
export type StaffGroup = Static<typeof StaffGroupContract>;
export type GroupJoinAnswer = Static<typeof GroupJoinAnswerContract>;
export type GroupMembershipChoices = Static<typeof GroupMembershipChoicesContract>;
export type GroupMailAnswer = Static<typeof GroupMailAnswerContract>;
export type GroupMailOffAnswer = Static<typeof GroupMailOffAnswerContract>;
