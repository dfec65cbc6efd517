/** Members as the API sends them: a member's own account, and the author shown beside a post. */
import { Type } from '@sinclair/typebox';
import { PASSWORD_MAX, RESET_TOKEN_MAX, SOURCE_MAX } from '../limits';
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

/*
 * A member's own account: where they are signed in, their passkeys, their
 * notifications (/api/user/sessions, /api/user/passkeys, /api/push); and the
 * staff's announcements to members (/api/admin/announcements).
 */

/** Where the member is signed in (GET /api/user/sessions, this device first): one live session. */
export const DeviceContract = Type.Object({
  _id: Type.String(),
  /** The browser its user agent names ("Firefox"). */
  browser: Type.String(),
  /** The system its user agent names ("Android"). */
  system: Type.String(),
  createdAt: Type.String(),
  lastSeenAt: StrOrNull(),
  /** Whether it is the device asking. */
  thisDevice: Type.Boolean(),
});

/** A passkey as the member sees it (GET /api/user/passkeys, and their data export): never its key. */
export const PasskeyContract = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  createdAt: Type.String(),
  lastUsedAt: StrOrNull(),
  backedUp: Type.Boolean(),
});

/** The topics a member may get notifications about, each off until they turn it on. */
export const PushTopicsContract = Type.Object({
  devotional: Type.Boolean(),
  reminders: Type.Boolean(),
  prayed: Type.Boolean(),
  sermons: Type.Boolean(),
  announcements: Type.Boolean(),
});

/** GET /api/push: what the member chose, and whether the browser named by `endpoint` is one they turned on. */
export const PushSettingsContract = Type.Object({
  topics: PushTopicsContract,
  /** 'HH:mm' on the site's clock. */
  devotionalTime: Type.String(),
  /** Browsers the member has turned notifications on in. */
  browsers: Type.Integer(),
  /** Whether the browser asked about (`?endpoint=`) is one of them. */
  thisBrowser: Type.Boolean(),
});

/** GET /api/push/key: the site's VAPID public key (URL-safe base64), which a browser subscribes with. */
export const PushKeyContract = Type.Object({ publicKey: Type.String() });

/** An announcement the staff sent (a notification to the members who turned announcements on). */
export const AnnouncementContract = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  body: Type.String(),
  /** The page of the site ('/events/…') or the https address it opens. */
  url: Type.String(),
  /** The name of who sent it. */
  sentBy: Type.String(),
  /** Members it went to. */
  recipients: Type.Integer(),
  createdAt: Type.String(),
});

/** GET /api/admin/announcements: the last announcements, and how many members would get one now. */
export const AnnouncementListContract = Type.Object({
  audience: Type.Integer(),
  announcements: Type.Array(AnnouncementContract),
});

/** POST /api/admin/announcements/preview: the notification as members will see it (its link checked), and to how many. */
export const AnnouncementPreviewContract = Type.Object({
  title: Type.String(),
  body: Type.String(),
  url: Type.String(),
  /** Where the notification's "stop" leads (the member's notification settings). */
  stopUrl: Type.String(),
  audience: Type.Integer(),
});
