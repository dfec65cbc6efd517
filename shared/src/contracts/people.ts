/** Members as the API sends them: a member's own account, and the author shown beside a post. */
import { Type } from '@sinclair/typebox';
import { PASSWORD_MAX, RESET_TOKEN_MAX, SOURCE_MAX } from '../validation';
import { BodyInteger, BodyOptionalText, BodyText, IntOrNull, Str, StrOrNull } from './schema';

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

/* Request bodies of the account calls (spec section 7). */

export const SignupBody = Type.Object({
  firstname: BodyText(),
  lastname: BodyText(),
  birth_date: BodyText(),
  email: BodyText(),
  password: BodyText({ maxLength: PASSWORD_MAX }),
  gender: BodyText(),
  civil_status: BodyText(),
  church: BodyText(),
  countryOfOrigin: BodyText(),
  country: BodyText(),
  city: BodyText(),
  seniority: BodyInteger(),
  source: BodyOptionalText({ maxLength: SOURCE_MAX }),
});

export const LoginBody = Type.Object({
  email: BodyText(),
  password: BodyText(),
  /** false: the session ends with the browser; anything else (or nothing) keeps it. */
  remember: Type.Optional(Type.Unknown()),
});

/** Every field optional: only those sent change. */
export const UpdateBasicBody = Type.Object({
  firstname: BodyOptionalText(),
  lastname: BodyOptionalText(),
  birth_date: BodyOptionalText(),
  gender: BodyOptionalText(),
  civil_status: BodyOptionalText(),
  countryOfOrigin: BodyOptionalText(),
  country: BodyOptionalText(),
  city: BodyOptionalText(),
  church: BodyOptionalText(),
  seniority: BodyInteger(),
  source: BodyOptionalText({ maxLength: SOURCE_MAX }),
});

export const UpdateSecurityBody = Type.Object({
  email: BodyOptionalText(),
  password: BodyOptionalText({ maxLength: PASSWORD_MAX }),
  currentPassword: BodyText(),
});

export const ForgotPasswordBody = Type.Object({ email: BodyText() });

/** The newsletter's sign-up (POST /api/newsletter): the address to confirm. */
export const NewsletterBody = Type.Object({ email: BodyText() });

/** "E-mail me a code": the address to send a one-time sign-in code to. */
export const SignInCodeRequestBody = Type.Object({ email: BodyText() });

/** Signing in with a one-time code; `remember` as for the password. */
export const SignInCodeBody = Type.Object({
  email: BodyText(),
  code: BodyText({ maxLength: 20 }),
  remember: Type.Optional(Type.Unknown()),
});

/** The link's token and the new password. */
export const ResetPasswordBody = Type.Object({
  token: BodyText({ maxLength: RESET_TOKEN_MAX }),
  password: BodyText({ maxLength: PASSWORD_MAX }),
});

/*
 * The newsletter: a visitor's subscription, a member's own, and the staff's
 * subscribers and issues (/api/newsletter…, /api/user/newsletter, /api/admin/subscribers, /api/admin/newsletter).
 */

/** Where an address stands with the newsletter: it receives it only once confirmed. */
export type SubscriptionStatus = 'pending' | 'confirmed' | 'unsubscribed' | 'bounced';

/** The answer of subscribing, confirming or unsubscribing: the address and what to tell the visitor. */
export const NewsletterAnswerContract = Type.Object({ email: Type.String(), message: Type.String() });

/** A member's own subscription (their account's address); 'none' when it never subscribed. */
export const MyNewsletterContract = Type.Object({ email: Type.String(), status: Str<SubscriptionStatus | 'none'>() });

/** A newsletter subscriber (GET /api/admin/subscribers). */
export const SubscriberContract = Type.Object({
  email: Type.String(),
  /** When they subscribed. */
  since: Type.String(),
  status: Str<SubscriptionStatus>(),
});

export const SubscriberPageContract = Type.Object({
  items: Type.Array(SubscriberContract),
  /** Subscribers that match the search. */
  total: Type.Integer(),
  /** Every subscriber, whatever the search. */
  all: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});

/** This week's newsletter as it would go out now (GET /api/admin/newsletter). */
export const UpcomingNewsletterContract = Type.Object({
  week: Type.String(),
  sendAt: Type.String(),
  status: Str<'planned' | 'sending' | 'sent' | 'skipped'>(),
  intro: Type.String(),
  subject: Type.String(),
  /** The whole mail as HTML, for the preview. */
  html: Type.String(),
  since: Type.String(),
  recipients: Type.Integer(),
  counts: Type.Object({ devotionals: Type.Integer(), events: Type.Integer(), news: Type.Integer() }),
});

/** A newsletter that went out (or was skipped): how many it went to, and failures. */
export const PastNewsletterContract = Type.Object({
  id: Type.String(),
  week: Type.String(),
  status: Str<'sending' | 'sent' | 'skipped'>(),
  subject: StrOrNull(),
  startedAt: StrOrNull(),
  finishedAt: StrOrNull(),
  recipients: Type.Integer(),
  sent: Type.Integer(),
  failed: Type.Integer(),
});

export const NewsletterOverviewContract = Type.Object({
  upcoming: UpcomingNewsletterContract,
  past: Type.Array(PastNewsletterContract),
});
