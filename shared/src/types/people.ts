/** What the staff see of the people of the site: church locations to edit, members, newsletter subscribers, announcements; and a member's own devices, passkeys and notifications. No React here. */
import type {
  AnnouncementContract,
  AnnouncementListContract,
  AnnouncementPreviewContract,
  CountryContract,
  DeviceContract,
  MemberDetailContract,
  MemberPageContract,
  MemberSummaryContract,
  MyNewsletterContract,
  NewsletterAnswerContract,
  NewsletterOverviewContract,
  PasskeyContract,
  PastNewsletterContract,
  PostCountsContract,
  PushKeyContract,
  PushSettingsContract,
  StaffLocationContract,
  Static,
  SubscriberContract,
  SubscriberPageContract,
  UpcomingNewsletterContract,
  UserContract,
} from '../contracts';
import type { LocationInput } from '../validation/locations';

/** A location on the staff's page: what the public sees, and who depends on it. */
export type StaffLocation = Static<typeof StaffLocationContract>;

/** How many posts of each kind a member wrote (in any state). */
export type PostCounts = Static<typeof PostCountsContract>;

/** A member as the members page lists them. */
export type MemberSummary = Static<typeof MemberSummaryContract>;

/** One page of the members found (GET /api/admin/members). */
export type MemberPage = Static<typeof MemberPageContract>;

/** One member in full (GET /api/admin/members/{id}): their church and their posts in every state, newest first. */
export type MemberDetail = Static<typeof MemberDetailContract>;

export type { SubscriptionStatus } from '../contracts/people';

/** A newsletter subscriber (GET /api/admin/subscribers). */
export type Subscriber = Static<typeof SubscriberContract>;

/** The answer of subscribing, confirming or unsubscribing: the address and what to tell the visitor. */
export type NewsletterAnswer = Static<typeof NewsletterAnswerContract>;

/** A member's own subscription (their account's address); 'none' when it never subscribed. */
export type MyNewsletter = Static<typeof MyNewsletterContract>;

export type SubscriberPage = Static<typeof SubscriberPageContract>;

/** This week's newsletter as it would go out now (GET /api/admin/newsletter). */
export type UpcomingNewsletter = Static<typeof UpcomingNewsletterContract>;

/** A newsletter that went out (or was skipped): how many it went to, and failures. */
export type PastNewsletter = Static<typeof PastNewsletterContract>;

export type NewsletterOverview = Static<typeof NewsletterOverviewContract>;

/** What the login form sends (POST /api/user/login). */
export interface LoginInput {
  email: string;
  password: string;
  /** 'Keep me logged in': a persistent cookie rather than a browser-session one. */
  remember: boolean;
}

/** What the signup form sends (POST /api/user/signup): both steps, without confirmPassword. */
export interface SignupInput {
  firstname: string;
  lastname: string;
  birth_date: string;
  email: string;
  password: string;
  gender: string;
  civil_status: string;
  church: string;
  countryOfOrigin: string;
  country: string;
  city: string;
  seniority: number;
  source: string;
}

/** What the profile's basic info and church send (PUT /api/user/updateBasic/{id}). */
export type BasicInfoInput = Partial<Omit<Static<typeof UserContract>, '_id' | 'email' | 'photo' | 'role'>>;

/** A new e-mail, a new password or both, with the current password (PUT /api/user/updateSecurity/{userId}). */
export interface SecurityInput {
  email?: string;
  password?: string;
  currentPassword: string;
}

/** A country to live in or come from (GET /api/geo/countries). */
export type Country = Static<typeof CountryContract>;

/** What the staff's location form sends (POST/PUT /api/admin/locations): its fields as typed (coordinates may be left empty). */
export type LocationFormInput = Omit<LocationInput, 'latitude' | 'longitude'> & {
  latitude: number | string | null;
  longitude: number | string | null;
};

/** Where the member is signed in (GET /api/user/sessions, this device first): one live session. */
export type Device = Static<typeof DeviceContract>;

/** A passkey as the member sees it (GET /api/user/passkeys): never its key. */
export type Passkey = Static<typeof PasskeyContract>;

/** What the member chose for notifications, and in how many browsers they are on (GET /api/push). */
export type PushSettings = Static<typeof PushSettingsContract>;

/** A topic of notifications a member may turn on ('devotional', 'reminders', …). */
export type PushTopic = keyof PushSettings['topics'];

/** The site's VAPID public key, which a browser subscribes with (GET /api/push/key). */
export type PushKey = Static<typeof PushKeyContract>;

/** An announcement the staff sent. */
export type Announcement = Static<typeof AnnouncementContract>;

/** The last announcements, and how many members would get one now (GET /api/admin/announcements). */
export type AnnouncementList = Static<typeof AnnouncementListContract>;

/** An announcement as members will see it, and to how many (POST /api/admin/announcements/preview). */
export type AnnouncementPreview = Static<typeof AnnouncementPreviewContract>;
