/** What the staff see of the people of the site: church locations to edit, members, newsletter subscribers. No React here. */
import type { ChurchLocationContract, MyPostContract, Static, UserContract } from '../contracts';
import type { Role } from '../contracts/people';
import type { LocationInput } from '../validation/locations';

/** A location on the staff's page: what the public sees, and who depends on it. */
export interface StaffLocation extends Static<typeof ChurchLocationContract> {
  /** Members who chose it as their church. */
  memberCount: number;
  /** Events ahead that take place there. */
  upcomingEvents: number;
}

/** How many posts of each kind a member wrote (in any state). */
export interface PostCounts {
  prayers: number;
  stories: number;
  comments: number;
}

/** A member as the members page lists them. */
export interface MemberSummary {
  _id: string;
  firstname: string;
  lastname: string;
  email: string;
  role: Role;
  /** When the account was made. */
  joined: string;
  /** When an admin disabled the account (it cannot sign in); null when active. */
  disabledAt: string | null;
  /** Whether the member confirmed their e-mail address. */
  emailConfirmed: boolean;
  /** When a moderator stopped the member from posting; null when they may post. */
  postingStoppedAt: string | null;
  posts: PostCounts;
}

/** One page of the members found (GET /api/admin/members). */
export interface MemberPage {
  items: MemberSummary[];
  total: number;
  page: number;
  pageSize: number;
}

/** One member in full (GET /api/admin/members/{id}): their church and their posts in every state, newest first. */
export interface MemberDetail extends MemberSummary {
  church: { _id: string; name: string } | null;
  city: string | null;
  country: string | null;
  postList: Static<typeof MyPostContract>[];
}

/** A newsletter subscriber (GET /api/admin/subscribers). */
/** Where an address stands with the newsletter: it receives it only once confirmed. */
export type SubscriptionStatus = 'pending' | 'confirmed' | 'unsubscribed' | 'bounced';

export interface Subscriber {
  email: string;
  /** When they subscribed. */
  since: string;
  status: SubscriptionStatus;
}

/** The answer of subscribing, confirming or unsubscribing: the address and what to tell the visitor. */
export interface NewsletterAnswer {
  email: string;
  message: string;
}

/** A member's own subscription (their account's address); 'none' when it never subscribed. */
export interface MyNewsletter {
  email: string;
  status: SubscriptionStatus | 'none';
}

export interface SubscriberPage {
  items: Subscriber[];
  /** Subscribers that match the search. */
  total: number;
  /** Every subscriber, whatever the search. */
  all: number;
  page: number;
  pageSize: number;
}

/** This week's newsletter as it would go out now (GET /api/admin/newsletter). */
export interface UpcomingNewsletter {
  week: string;
  sendAt: string;
  status: 'planned' | 'sending' | 'sent' | 'skipped';
  intro: string;
  subject: string;
  /** The whole mail as HTML, for the preview. */
  html: string;
  since: string;
  recipients: number;
  counts: { devotionals: number; events: number; news: number };
}

/** A newsletter that went out (or was skipped): how many it went to, and failures. */
export interface PastNewsletter {
  id: string;
  week: string;
  status: 'sending' | 'sent' | 'skipped';
  subject: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  recipients: number;
  sent: number;
  failed: number;
}

export interface NewsletterOverview {
  upcoming: UpcomingNewsletter;
  past: PastNewsletter[];
}

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
export interface Country {
  code: string;
  name: string;
}

/** What the staff's location form sends (POST/PUT /api/admin/locations): its fields as typed (coordinates may be left empty). */
export type LocationFormInput = Omit<LocationInput, 'latitude' | 'longitude'> & {
  latitude: number | string | null;
  longitude: number | string | null;
};
