/** The database tables, as Kysely sees them. One schema for PGlite and PostgreSQL. */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp with a database default (now()). */
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Status = 'pending' | 'published' | 'rejected';

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
  role: Generated<'member' | 'admin'>;
  /** When the member confirmed their e-mail address (null: not yet). */
  email_verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: DefaultTimestamp;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  persistent: boolean;
  expires_at: Timestamp;
  created_at: DefaultTimestamp;
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

export interface ChurchesTable {
  id: string;
  church_name: string;
  adress: string;
  main_contact: string[];
  email: string;
  position: number;
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
}

export interface NewsTable {
  id: string;
  title: string;
  description: string;
  photo: string;
  created_at: Timestamp;
}

export interface PressReleasesTable {
  id: string;
  title: string;
  description: string;
  photo: string;
  created_at: Timestamp;
}

export interface DevotionalsTable {
  id: string;
  slug: string;
  title: string;
  image: string;
  tag: string;
  detail: string;
  published_at: Timestamp;
  created_at: DefaultTimestamp;
}

export interface PrayersTable {
  id: string;
  user_id: string;
  text: string;
  status: Status;
  created_at: DefaultTimestamp;
}

export interface StoriesTable {
  id: string;
  user_id: string;
  content: string;
  status: Status;
  created_at: DefaultTimestamp;
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
}

export interface NewsletterSubscribersTable {
  email: string;
  created_at: DefaultTimestamp;
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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  email_confirmations: EmailConfirmationsTable;
  known_devices: KnownDevicesTable;
  churches: ChurchesTable;
  events: EventsTable;
  news: NewsTable;
  press_releases: PressReleasesTable;
  devotionals: DevotionalsTable;
  prayers: PrayersTable;
  stories: StoriesTable;
  story_likes: StoryLikesTable;
  comments: CommentsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  bookings: BookingsTable;
  donations: DonationsTable;
  payment_webhook_events: PaymentWebhookEventsTable;
}
