/** The database tables, as Kysely sees them. One schema for PGlite and PostgreSQL. */
import type { ColumnType, Generated } from 'kysely';
import type { GroupFrequency, JoinRequestStatus, PushTopic, SermonChapter, TranscriptCue } from '@ministry/shared/types';

/** A column that may be null and may be left out of an insert. */
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp with a database default (now()). */
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Status = 'pending' | 'published' | 'rejected';
/** member; editor: publishes content, moderates, runs events; admin: everything, members and roles included. */
export type Role = 'member' | 'editor' | 'admin';

export interface UsersTable {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  password_hash: string;
  photo: string | null;
  birth_date: string | null;
  gender: string | null;
  civil_status: string | null;
  country_of_origin: string | null;
  country: string | null;
  city: string | null;
  church: string | null;
  seniority: number | null;
  source: string | null;
  role: Generated<Role>;
  /** When an admin disabled the account (null: it may sign in). */
  disabled_at: Nullable<Date>;
  /** When the member confirmed their e-mail address (null: not yet). */
  email_verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: DefaultTimestamp;
  /** The member turned off the mail saying how many prayed for their requests. */
  prayer_mail_off: Generated<boolean>;
  /** When that mail last went out (at most one a day). */
  prayer_mail_sent_at: Nullable<Date>;
  /** The token of that mail's "turn off" link. */
  prayer_mail_token: Nullable<string>;
  /** When a moderator stopped the member from posting (null: may post). */
  posting_blocked_at: Nullable<Date>;
  /** When the member deleted their account (the row is kept, emptied: "former member"). */
  deleted_at: Nullable<Date>;
}

export interface SessionsTable {
  token_hash: string;
  /** The id a member names it by in their list of devices (never the token's hash). */
  id: Generated<string>;
  user_id: string;
  persistent: boolean;
  expires_at: Timestamp;
  created_at: DefaultTimestamp;
  /** The browser's user agent when it started. */
  user_agent: Nullable<string>;
  /** When it was last used (to within a few minutes). */
  last_seen_at: Nullable<Date>;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: DefaultTimestamp;
}

export interface EmailConfirmationsTable {
  token_hash: string;
  user_id: string;
  email: string;
  purpose: 'verify' | 'change';
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: DefaultTimestamp;
}

export interface KnownDevicesTable {
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  created_at: DefaultTimestamp;
}

export interface SignInCodesTable {
  id: string;
  user_id: string;
  /** HMAC-SHA-256 of the code, keyed by the row's id. */
  code_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  wrong_tries: Generated<number>;
  created_at: DefaultTimestamp;
}

/** A member's passkey (migration 0035): `id` is the credential's id (base64url). */
export interface PasskeysTable {
  id: string;
  user_id: string;
  /** The credential's public key, COSE-encoded, base64url. */
  public_key: string;
  /** The signature counter last seen (bigint: the drivers answer a string or a number). */
  counter: ColumnType<string | number, number | undefined, number>;
  /** The transports the browser reported, comma-separated. */
  transports: Generated<string>;
  device_type: Generated<string>;
  backed_up: Generated<boolean>;
  name: string;
  created_at: DefaultTimestamp;
  last_used_at: Timestamp | null;
}

/** A challenge the site asked a passkey to sign: a few minutes, once. */
export interface PasskeyChallengesTable {
  challenge: string;
  purpose: 'register' | 'authenticate';
  user_id: string | null;
  expires_at: Timestamp;
  created_at: DefaultTimestamp;
}

export interface ChurchesTable {
  id: string;
  church_name: string;
  adress: string;
  main_contact: string[];
  email: string;
  position: number;
  parking: Nullable<string>;
  latitude: Nullable<number>;
  longitude: Nullable<number>;
  /** Where its services are streamed live: a YouTube or Vimeo address (null: none). */
  live_stream_url: Nullable<string>;
  /** Its clock (an IANA time zone name) when not the site's: its service times are read on it. */
  time_zone: Nullable<string>;
}

export interface ChurchServicesTable {
  id: string;
  church_id: string;
  /** e.g. 'Sunday Service'. */
  name: string;
  /** Sunday 0 … Saturday 6. */
  weekday: number;
  /** 'HH:mm', the church's local time. */
  start_time: string;
  language: string;
  position: Generated<number>;
}

export type VisitStatus = 'pending' | 'confirmed';

/** A first-time guest's planned visit (migration 0037). */
export interface VisitsTable {
  id: string;
  church_id: string;
  /** The service's moment, and its name and language as they were offered. */
  service_at: ColumnType<Date, Date, Date>;
  service_name: string;
  service_language: string;
  email: string;
  name: string;
  adults: number;
  children_ages: ColumnType<number[], number[] | undefined, number[]>;
  question: Nullable<string>;
  /** The confirmation link's secret. */
  token: string;
  status: ColumnType<VisitStatus, VisitStatus | undefined, VisitStatus>;
  confirmed_at: Nullable<Date>;
  /** When the reminder of the day before was claimed (it goes once). */
  reminder_sent_at: Nullable<Date>;
  /** Whether they came, as the staff marked it (null: not marked). */
  came: Nullable<boolean>;
  created_at: DefaultTimestamp;
}

export interface EventsTable {
  id: string;
  title: string;
  description: string;
  photo: string;
  event_date: Timestamp;
  seat_price: ColumnType<string, string | number, string | number>;
  number_of_seats: number;
  seats_held: Generated<number>;
  seats_sold: Generated<number>;
  price_id: string | null;
  created_at: DefaultTimestamp;
  /** The church it happens at, or null (then `venue`, or not told). */
  church_id: Nullable<string>;
  /** The address when it is not at one of the churches. */
  venue: Nullable<string>;
  duration_minutes: Nullable<number>;
  /** When an admin cancelled it (null: it goes ahead). */
  cancelled_at: Nullable<Date>;
  /** What kind of event it is ('Worship', 'Youth', …); the calendar and its feeds filter by it. */
  category: Nullable<string>;
  /** A series' rule (JSON of RecurrenceRule): this row is the series' template, never booked itself. */
  recurrence: Nullable<string>;
  /** The last date ('YYYY-MM-DD') a series' occurrences were made up to. */
  materialized_until: Nullable<string>;
  /** The series an occurrence belongs to. */
  series_id: Nullable<string>;
  /** An occurrence's date in its series' rule ('YYYY-MM-DD', on the site's clock). */
  occurrence_on: Nullable<string>;
  /** An occurrence changed on its own: edits of the series leave it as it is. */
  overridden: Generated<boolean>;
}

/** A devotional, news item or press release: a draft, or published (scheduled while its date is ahead). */
export type ContentStatus = 'draft' | 'published';

export interface NewsTable {
  id: string;
  title: string;
  description: string;
  photo: string;
  /** Its date: the public sees it from then on (when published). */
  created_at: Timestamp;
  status: ColumnType<ContentStatus, ContentStatus | undefined, ContentStatus>;
  updated_at: DefaultTimestamp;
}

/** The theme of a year, shown on the home page during that year (migration 0034). */
export interface YearThemesTable {
  year: number;
  title: string;
  verse: ColumnType<string, string | undefined, string>;
  updated_at: DefaultTimestamp;
}

export interface PressReleasesTable {
  id: string;
  title: string;
  description: string;
  photo: string;
  /** Its date: the public sees it from then on (when published). */
  created_at: Timestamp;
  status: ColumnType<ContentStatus, ContentStatus | undefined, ContentStatus>;
  updated_at: DefaultTimestamp;
}

export interface DevotionalsTable {
  id: string;
  slug: string;
  title: string;
  image: string;
  /** The first of `tags` (the spec's single tag). */
  tag: string;
  detail: string;
  /** Its date: the public sees it from then on (when published). */
  published_at: Timestamp;
  created_at: DefaultTimestamp;
  status: ColumnType<ContentStatus, ContentStatus | undefined, ContentStatus>;
  /** 'Psalm 23:1-4' ('' when not given). */
  verses: ColumnType<string, string | undefined, string>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  /** When the public could first read it (null: not yet): its slug is kept from then on. */
  first_live_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  updated_at: DefaultTimestamp;
}

export interface PrayersTable {
  id: string;
  user_id: string;
  text: string;
  status: Status;
  created_at: DefaultTimestamp;
  /** Posted without the member's name: the public sees "Anonymous". */
  anonymous: Generated<boolean>;
  /** When the requester marked it answered, and what they said. */
  answered_at: Nullable<Date>;
  answer_note: Nullable<string>;
  /** Why a moderator did not publish it (told to the author). */
  moderation_reason: Nullable<string>;
  /** Whether the requester gets the weekly summary for it (off by default when posted without a name). */
  summary_mail: Generated<boolean>;
  /** The end of the last week a summary counted. */
  summary_sent_at: Nullable<Date>;
  /** The summary mail's one-click stop. */
  summary_token: Nullable<string>;
}

/** The requester's news under their prayer request, moderated like the request. */
export interface PrayerUpdatesTable {
  id: string;
  prayer_id: string;
  user_id: string;
  text: string;
  status: Status;
  moderation_reason: Nullable<string>;
  created_at: DefaultTimestamp;
}

export interface PrayerPrayedTable {
  prayer_id: string;
  user_id: string;
  created_at: DefaultTimestamp;
}

export interface StoriesTable {
  id: string;
  user_id: string;
  content: string;
  status: Status;
  created_at: DefaultTimestamp;
  /** The author's answered prayer this story tells of. */
  prayer_id: Nullable<string>;
  moderation_reason: Nullable<string>;
}

export interface StoryLikesTable {
  story_id: string;
  user_id: string;
  created_at: DefaultTimestamp;
}

export interface CommentsTable {
  id: string;
  story_id: string;
  user_id: string;
  text: string;
  status: Status;
  created_at: DefaultTimestamp;
  moderation_reason: Nullable<string>;
}

export interface PostReportsTable {
  id: string;
  kind: 'prayers' | 'stories' | 'comments';
  post_id: string;
  /** Who reported it. */
  user_id: string;
  reason: string;
  created_at: DefaultTimestamp;
  resolved_at: Nullable<Date>;
}

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type SubscriberStatus = 'pending' | 'confirmed' | 'unsubscribed' | 'bounced';

export interface NewsletterSubscribersTable {
  email: string;
  created_at: DefaultTimestamp;
  status: ColumnType<SubscriberStatus, SubscriberStatus | undefined, SubscriberStatus>;
  /** The address's secret: its confirmation and unsubscribe links (the database makes one when none is given). */
  token: Generated<string>;
  confirmed_at: NullableTimestamp;
  unsubscribed_at: NullableTimestamp;
  hard_bounces: Generated<number>;
}

export type IssueStatus = 'planned' | 'sending' | 'sent' | 'skipped';

export interface NewsletterIssuesTable {
  id: string;
  /** The week's day ('YYYY-MM-DD', the planned day in the site's time zone). */
  week: string;
  send_at: Timestamp;
  status: ColumnType<IssueStatus, IssueStatus | undefined, IssueStatus>;
  intro: Generated<string>;
  since: NullableTimestamp;
  subject: Nullable<string>;
  body_text: Nullable<string>;
  body_html: Nullable<string>;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  created_at: DefaultTimestamp;
}

export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed';

export interface NewsletterDeliveriesTable {
  issue_id: string;
  email: string;
  status: ColumnType<DeliveryStatus, DeliveryStatus | undefined, DeliveryStatus>;
  attempts: Generated<number>;
  error: Nullable<string>;
  sent_at: NullableTimestamp;
}

export type BookingStatus = 'pending' | 'paid' | 'expired' | 'cancelled' | 'refund_due' | 'refunded';

export interface BookingsTable {
  id: string;
  user_id: string;
  event_id: string;
  quantity: number;
  unit_price: ColumnType<string, string | number, string | number>;
  status: ColumnType<BookingStatus, BookingStatus | undefined, BookingStatus>;
  provider: string;
  provider_session_id: string | null;
  provider_payment_ref: string | null;
  checkout_url: string | null;
  expires_at: Timestamp;
  paid_at: Timestamp | null;
  released_at: Timestamp | null;
  confirmation_sent_at: Timestamp | null;
  /** The provider's reference of the refund of a payment that came too late. */
  refund_ref: ColumnType<string | null, string | null | undefined, string | null>;
  refunded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: DefaultTimestamp;
  /** Why it is refunded: paid after its seats were gone, or the event was cancelled (null: as late_payment). */
  refund_reason: Nullable<'late_payment' | 'event_cancelled' | 'member_cancelled'>;
  /** When a refund was claimed (the provider is called once, even by concurrent requests). */
  refund_started_at: Nullable<Date>;
  /** When the ticket holder was told the event is cancelled. */
  cancellation_sent_at: Nullable<Date>;
  /** The ticket's unguessable token (its QR code), made when the booking is paid. */
  ticket_token: Nullable<string>;
  /** When the member cancelled the paid booking themselves (refund_reason member_cancelled). */
  member_cancelled_at: Nullable<Date>;
  /** When the ticket was checked in at the door, and by which staff member. */
  checked_in_at: Nullable<Date>;
  checked_in_by: Nullable<string>;
}

export interface DonationsTable {
  id: string;
  type: 'offering' | 'tithing' | 'charitable' | 'generous';
  frequency: 'once' | 'weekly' | 'monthly';
  amount: ColumnType<string | null, string | number | null, string | number | null>;
  currency: Generated<string>;
  status: Generated<'paid' | 'refunded'>;
  provider: string;
  provider_ref: string;
  /** The subscription of a weekly or monthly gift (Stripe: sub_…): its renewals are recorded under it. */
  subscription_ref: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the donor stopped the weekly or monthly gift (set on each gift of the subscription). */
  subscription_cancelled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The part of `amount` the donor added to cover the processing fees. */
  fee_covered: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  user_id: string | null;
  email: string | null;
  created_at: DefaultTimestamp;
}

export interface PaymentWebhookEventsTable {
  id: string;
  provider: string;
  type: string;
  received_at: DefaultTimestamp;
}

export interface ActivityLogTable {
  id: string;
  /** The order the changes were made in (newest highest). */
  seq: Generated<string>;
  at: DefaultTimestamp;
  actor_id: string | null;
  /** The staff member's name at the time (kept if the account goes). */
  actor_name: string;
  /** What was done: 'created', 'updated', 'published', 'deleted', 'cancelled', 'role changed', … */
  action: string;
  /** What it was done to: 'devotional', 'event', 'member', … */
  subject_type: string;
  subject_id: string | null;
  /** One line a person reads: 'Devotional "Walking in the light" published'. */
  summary: string;
}

export interface UploadsTable {
  name: string;
  content_type: string;
  data: ColumnType<Buffer, Buffer, Buffer>;
  created_at: DefaultTimestamp;
}

export interface SpeakersTable {
  id: string;
  name: string;
  role: ColumnType<string, string | undefined, string>;
  photo: ColumnType<string, string | undefined, string>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface SermonSeriesTable {
  id: string;
  slug: string;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  image: ColumnType<string, string | undefined, string>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

type Json<T> = ColumnType<T, string | undefined, string>;

export interface SermonsTable {
  id: string;
  slug: string;
  title: string;
  /** The day it was preached, 'YYYY-MM-DD'. */
  preached_on: ColumnType<string, string, string>;
  speaker_id: string;
  series_id: Nullable<string>;
  summary: ColumnType<string, string | undefined, string>;
  /** Sanitized HTML. */
  notes: ColumnType<string, string | undefined, string>;
  image: ColumnType<string, string | undefined, string>;
  audio_src: Nullable<string>;
  audio_type: Nullable<string>;
  audio_bytes: Nullable<number>;
  audio_seconds: Nullable<number>;
  /** A YouTube or Vimeo address. */
  video_url: Nullable<string>;
  video_src: Nullable<string>;
  video_type: Nullable<string>;
  video_bytes: Nullable<number>;
  /** The WebVTT file. */
  transcript_src: Nullable<string>;
  /** Its cues, read from the file when it was uploaded. */
  transcript: ColumnType<TranscriptCue[] | null, string | null | undefined, string | null>;
  chapters: Json<SermonChapter[]>;
  status: ColumnType<ContentStatus, ContentStatus | undefined, ContentStatus>;
  /** When the public sees it from (once published). */
  publish_at: Timestamp;
  /** When the public could first read it: its slug is kept from then on. */
  first_live_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  search: ColumnType<string, never, never>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  /** When its "new sermon" notification was made (migration 0042; null: not yet). */
  pushed_at: Nullable<Date>;
}

export interface SermonPassagesTable {
  sermon_id: string;
  position: number;
  /** As people write it: '1 Corinthians 13:4–7'. */
  reference: string;
  book: number;
  start_verse: number;
  end_verse: number;
}

export type MediaKind = 'audio' | 'video' | 'transcript';

export interface MediaFilesTable {
  name: string;
  kind: MediaKind;
  content_type: string;
  /** The size announced when the upload started; the file's size once complete. */
  size: ColumnType<number, number, number>;
  received: ColumnType<number, number | undefined, number>;
  duration_seconds: Nullable<number>;
  original_name: ColumnType<string, string | undefined, string>;
  uploaded_by: Nullable<string>;
  s3_upload_id: Nullable<string>;
  s3_parts: Json<{ PartNumber: number; ETag: string }[]>;
  created_at: DefaultTimestamp;
  completed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface UploadChunksTable {
  name: string;
  start_byte: ColumnType<number, number, number>;
  data: ColumnType<Buffer, Buffer, Buffer>;
}

export interface WaitlistEntriesTable {
  id: string;
  event_id: string;
  user_id: string;
  quantity: number;
  status: Generated<string>;
  booking_id: string | null;
  created_at: Generated<Date>;
  offered_at: Date | null;
  closed_at: Date | null;
}

/** A member's personal calendar feed of their tickets: its secret address is /calendar/<token>.ics. */
export interface CalendarFeedsTable {
  user_id: string;
  token: string;
  created_at: DefaultTimestamp;
}

/** Serving (migration 0039): volunteer teams, their positions, leaders and dated slots. */
export interface ServingTeamsTable {
  id: string;
  name: string;
  description: Generated<string>;
  created_at: DefaultTimestamp;
}

export interface ServingPositionsTable {
  id: string;
  team_id: string;
  name: string;
  created_at: DefaultTimestamp;
}

export interface ServingTeamLeadersTable {
  team_id: string;
  user_id: string;
  created_at: DefaultTimestamp;
}

export interface ServingSlotsTable {
  id: string;
  team_id: string;
  position_id: string;
  church_id: Nullable<string>;
  starts_at: Timestamp;
  needed: number;
  created_at: DefaultTimestamp;
}

export interface ServingSignupsTable {
  id: string;
  slot_id: string;
  user_id: string;
  added_by: Nullable<string>;
  created_at: DefaultTimestamp;
  reminded_at: Nullable<Date>;
}

/** A day a member cannot serve, 'YYYY-MM-DD' on the site's clock. */
export interface ServingBlockoutsTable {
  user_id: string;
  day: string;
  created_at: DefaultTimestamp;
}

export interface ServingFeedsTable {
  user_id: string;
  token: string;
  created_at: DefaultTimestamp;
}
/** A small group (migration 0038): where and when it meets, and whether it takes new members. */
export interface GroupsTable {
  id: string;
  slug: string;
  name: string;
  kind: string;
  life_stage: string;
  /** One of the church's locations, or null (then `meeting_place` says where). */
  church_id: Nullable<string>;
  meeting_place: Nullable<string>;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  /** 'HH:mm'. */
  start_time: string;
  frequency: GroupFrequency;
  description: ColumnType<string, string | undefined, string>;
  photo: Nullable<string>;
  capacity: Nullable<number>;
  open: Generated<boolean>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** A member of a group: a leader or a member, whether they share their address with its leaders, and whether they want its mails. */
export interface GroupMembersTable {
  group_id: string;
  user_id: string;
  role: ColumnType<'leader' | 'member', 'leader' | 'member' | undefined, 'leader' | 'member'>;
  share_email: Generated<boolean>;
  mail_off: Generated<boolean>;
  /** The token of the "stop this group's mails" link. */
  mail_token: string;
  joined_at: DefaultTimestamp;
}

/** A member's request to join a group, and its leaders' answer. */
export interface GroupRequestsTable {
  id: string;
  group_id: string;
  user_id: string;
  message: ColumnType<string, string | undefined, string>;
  share_email: Generated<boolean>;
  status: ColumnType<JoinRequestStatus, JoinRequestStatus | undefined, JoinRequestStatus>;
  note: Nullable<string>;
  created_at: DefaultTimestamp;
  decided_at: Nullable<Date>;
  decided_by: Nullable<string>;
}

/** One seat of a paid booking: its own code (QR), checked in on its own, and maybe forwarded to a guest (migration 0036). */
export interface EventTicketsTable {
  id: string;
  booking_id: string;
  event_id: string;
  /** 1 for the booking's first ticket (the member's own), 2… for their guests. */
  position: number;
  token: string;
  checked_in_at: Nullable<Date>;
  checked_in_by: Nullable<string>;
  /** The guest's address it was last e-mailed to, and when. */
  forwarded_to: Nullable<string>;
  forwarded_at: Nullable<Date>;
  created_at: DefaultTimestamp;
}

/** The site's VAPID key pair when none is configured (one row; migration 0042, with the notifications members choose). */
export interface PushKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: DefaultTimestamp;
}

/** A browser's push subscription: where its push service takes messages, and the keys they are encrypted for. */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: Nullable<string>;
  created_at: DefaultTimestamp;
  last_sent_at: Nullable<Date>;
}

/** What a member wants to hear about: each topic off until turned on. */
export interface PushTopicsTable {
  user_id: string;
  devotional: Generated<boolean>;
  /** 'HH:mm' on the site's clock. */
  devotional_time: Generated<string>;
  reminders: Generated<boolean>;
  prayed: Generated<boolean>;
  sermons: Generated<boolean>;
  announcements: Generated<boolean>;
  /** How far the last "someone prayed" notification counted the presses. */
  prayed_counted_until: Nullable<Date>;
  updated_at: DefaultTimestamp;
}

/** One notification to one member: made once (`key` unique per member), sent once. */
export interface PushMessagesTable {
  id: string;
  user_id: string;
  topic: PushTopic;
  key: string;
  title: string;
  body: string;
  url: string;
  created_at: DefaultTimestamp;
  claimed_at: Nullable<Date>;
  sent_at: Nullable<Date>;
  /** To how many of the member's browsers it went. */
  delivered: Nullable<number>;
}

/** An announcement the staff sent. */
export interface PushAnnouncementsTable {
  id: string;
  title: string;
  body: string;
  url: string;
  sent_by: Nullable<string>;
  sent_by_name: string;
  recipients: Generated<number>;
  created_at: DefaultTimestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  email_confirmations: EmailConfirmationsTable;
  known_devices: KnownDevicesTable;
  sign_in_codes: SignInCodesTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  churches: ChurchesTable;
  church_services: ChurchServicesTable;
  events: EventsTable;
  news: NewsTable;
  press_releases: PressReleasesTable;
  year_themes: YearThemesTable;
  devotionals: DevotionalsTable;
  prayers: PrayersTable;
  prayer_prayed: PrayerPrayedTable;
  post_reports: PostReportsTable;
  stories: StoriesTable;
  story_likes: StoryLikesTable;
  comments: CommentsTable;
  prayer_updates: PrayerUpdatesTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  newsletter_issues: NewsletterIssuesTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
  bookings: BookingsTable;
  waitlist_entries: WaitlistEntriesTable;
  donations: DonationsTable;
  payment_webhook_events: PaymentWebhookEventsTable;
  activity_log: ActivityLogTable;
  uploads: UploadsTable;
  speakers: SpeakersTable;
  sermon_series: SermonSeriesTable;
  sermons: SermonsTable;
  sermon_passages: SermonPassagesTable;
  media_files: MediaFilesTable;
  upload_chunks: UploadChunksTable;
  calendar_feeds: CalendarFeedsTable;
  serving_teams: ServingTeamsTable;
  serving_positions: ServingPositionsTable;
  serving_team_leaders: ServingTeamLeadersTable;
  serving_slots: ServingSlotsTable;
  serving_signups: ServingSignupsTable;
  serving_blockouts: ServingBlockoutsTable;
  serving_feeds: ServingFeedsTable;
  visits: VisitsTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  group_requests: GroupRequestsTable;
  event_tickets: EventTicketsTable;
  push_keys: PushKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  push_topics: PushTopicsTable;
  push_messages: PushMessagesTable;
  push_announcements: PushAnnouncementsTable;
}
