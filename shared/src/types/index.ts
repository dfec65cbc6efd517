/**
 * The entities of the product (spec section 3), as the API sends them.
 * Ids are strings named `_id`; dates are ISO strings unless said otherwise.
 * This module must not import React: the API uses it.
 */

export type Gender = 'Male' | 'Female';
export type CivilStatus = 'Single' | 'Married' | 'Divorced' | 'Widow';
export type Role = 'member' | 'admin';

export interface User {
  _id: string;
  firstname: string;
  lastname: string;
  email: string;
  photo: string | null;
  birth_date: string | null;
  gender: Gender | null;
  civil_status: CivilStatus | null;
  countryOfOrigin: string | null;
  country: string | null;
  city: string | null;
  church: string | null;
  seniority: number | null;
  source: string | null;
  role: Role;
  /** Whether the member confirmed their e-mail address (needed to post and to buy). */
  emailVerified?: boolean;
  /** A new address the member asked for, waiting for its confirmation link to be opened. */
  pendingEmail?: string | null;
}

/** Who wrote a post, as shown beside it. */
export interface Author {
  _id?: string;
  firstname: string;
  lastname: string;
  photo?: string | null;
}

export interface ChurchLocation {
  _id: string;
  church_name: string;
  /** Spelled so in the original data model. */
  adress: string;
  main_contact: string[];
  email: string;
}

export interface MinistryEvent {
  _id: string;
  title: string;
  description: string;
  photo: string;
  event_date: string;
  seat_price: number;
  numberOfSeats: number;
  /** Seats still on sale: numberOfSeats less the seats sold or held. */
  seatsLeft: number;
  price_Id: string | null;
}

export type ModerationStatus = 'pending' | 'published' | 'rejected';

export interface Prayer {
  _id: string;
  user: Author;
  date: string;
  text: string;
  status: ModerationStatus;
}

export interface Comment {
  _id: string;
  text: string;
  date: string;
  user: Author;
  status: ModerationStatus;
}

export interface Story {
  _id: string;
  user: Author;
  content: string;
  createdAt: string;
  nbLikes: number;
  userLikesThis: boolean;
  comments: Comment[];
  status: ModerationStatus;
}

export interface NewsItem {
  _id: string;
  title: string;
  description: string;
  photo: string;
  createdAt: string;
}

export interface PressRelease {
  _id: string;
  title: string;
  description: string;
  photo: string;
  createdAt: string;
}

export interface Devotional {
  _id: string;
  slug: string;
  title: string;
  image: string;
  tag: string;
  /** Sanitized HTML. */
  detail: string;
  /** Seconds since the epoch. */
  timestamp: number;
  created_at: string;
  createdAt: string;
}

/** The envelope most list and item answers come in (`data.data`). */
export interface Envelope<T> {
  data: T;
}

/** Every API error (DESIGN section 2). */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export * from './giving';
