/** Members as the API sends them: a member's own account, and the author shown beside a post. */
import { Type } from '@sinclair/typebox';
import { IntOrNull, Str, StrOrNull } from './schema';

export type Gender = 'Male' | 'Female';
export type CivilStatus = 'Single' | 'Married' | 'Divorced' | 'Widow';
/** member; editor: publishes content, moderates, runs events; admin: everything, members and roles included. */
export type Role = 'member' | 'editor' | 'admin';

export const UserContract = Type.Object({
  _id: Type.String(),
  firstname: Type.String(),
  lastname: Type.String(),
  email: Type.String(),
  photo: StrOrNull(),
  birth_date: StrOrNull(),
  gender: StrOrNull<Gender>(),
  civil_status: StrOrNull<CivilStatus>(),
  countryOfOrigin: StrOrNull(),
  country: StrOrNull(),
  city: StrOrNull(),
  church: StrOrNull(),
  seniority: IntOrNull(),
  source: StrOrNull(),
  role: Str<Role>(),
  /** Whether the member confirmed their e-mail address (needed to post and to buy). */
  emailVerified: Type.Optional(Type.Boolean()),
  /** A new address the member asked for, waiting for its confirmation link to be opened. */
  pendingEmail: Type.Optional(StrOrNull()),
  /** Whether the member hears (at most daily) how many prayed for their requests. */
  prayerMail: Type.Optional(Type.Boolean()),
});

/** Who wrote a post, as shown beside it. */
export const AuthorContract = Type.Object({
  _id: Type.Optional(Type.String()),
  firstname: Type.String(),
  lastname: Type.String(),
  photo: Type.Optional(StrOrNull()),
});
