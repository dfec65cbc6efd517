/** Account calls of spec section 7 used across apps (the header, session restore). */
import { http } from './client';
import type { Envelope, User } from '../types';

export async function logoutUser(): Promise<void> {
  await http.delete('/api/user/logout');
}

/** GET /api/user/search/{token}: the signed-in user (the server answers only for its own session). */
export async function fetchCurrentUser(token: string): Promise<User> {
  const body = (await http.get<Partial<Envelope<User>>>(`/api/user/search/${encodeURIComponent(token)}`)).data;
  if (!body?.data) throw new Error('No user in the answer');
  return body.data;
}

export interface LoginInput {
  email: string;
  password: string;
  /** 'Keep me logged in': a persistent cookie rather than a browser-session one. */
  remember: boolean;
}

/** POST /api/user/login: the answer's data is the user. */
export async function loginUser(input: LoginInput): Promise<User> {
  const body = (await http.post<User | Envelope<User>>('/api/user/login', input)).data;
  return 'data' in body ? body.data : body;
}

/** The login and signup error catalogue of spec section 8, by HTTP status. */
export function authErrorMessage(status: number): string {
  switch (status) {
    case 400:
      return 'Incorrect email or password, please try again.';
    case 401:
      return 'Unauthorized';
    case 409:
      return 'This email already exists, please try again with a different email.';
    case 429:
      return 'Too many attempts. Please wait a few minutes and try again.';
    default:
      return 'Oops, there is a problem, please try again later.';
  }
}

/** What the signup form sends: both steps, without confirmPassword. */
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

/**
 * POST /api/user/signup: the same answer whether or not the address has an
 * account; the account exists once its owner opens the mailed link.
 */
export async function signupUser(input: SignupInput): Promise<{ ok: boolean; message: string }> {
  return (await http.post<Envelope<{ ok: boolean; message: string }>>('/api/user/signup', input)).data.data;
}

/** POST /api/user/verify-email: opens a confirmation link; the member is signed in. */
export async function verifyEmail(token: string): Promise<{ user: User; message: string }> {
  return (await http.post<Envelope<{ user: User; message: string }>>('/api/user/verify-email', { token })).data.data;
}

/** POST /api/user/verify-email/resend: another link for the signed-in member's address. */
export async function resendConfirmation(): Promise<string> {
  return (await http.post<Envelope<{ ok: boolean; message: string }>>('/api/user/verify-email/resend')).data.data.message;
}

/** GET /socialuser/{part}: made for a long signup path parameter; its answer is ignored (spec section 7). */
export async function pingSocialUser(part: string): Promise<void> {
  await http.get(`/socialuser/${encodeURIComponent(part)}`).catch(() => undefined);
}

/** PUT /api/user/forgotpassword: the answer is the same whether or not the account exists. */
export async function requestPasswordReset(email: string): Promise<string> {
  return (await http.put<Envelope<{ message: string }>>('/api/user/forgotpassword', { email })).data.data.message;
}

/** POST /api/user/reset-password/check: whether an e-mailed reset link still works. */
export async function checkResetToken(token: string): Promise<boolean> {
  return (await http.post<Envelope<{ valid: boolean }>>('/api/user/reset-password/check', { token })).data.data.valid;
}

/** POST /api/user/reset-password: sets a new password with the e-mailed token. */
export async function resetPassword(token: string, password: string): Promise<string> {
  return (await http.post<Envelope<{ message: string }>>('/api/user/reset-password', { token, password })).data.data.message;
}

export type BasicInfoInput = Partial<Omit<User, '_id' | 'email' | 'photo' | 'role'>>;

/** PUT /api/user/updateBasic/{id}: basic info and church. */
export async function updateBasic(id: string, input: BasicInfoInput): Promise<User> {
  return (await http.put<Envelope<User>>(`/api/user/updateBasic/${encodeURIComponent(id)}`, input)).data.data;
}

/** PUT /api/user/updateSecurity/{userId}: a new e-mail, a new password or both, with the current password. */
export async function updateSecurity(
  userId: string,
  input: { email?: string; password?: string; currentPassword: string },
): Promise<User> {
  return (await http.put<Envelope<User>>(`/api/user/updateSecurity/${encodeURIComponent(userId)}`, input)).data.data;
}

/** PUT /api/user/updatePhoto/{userId}: multipart with the field `photo`. */
export async function updatePhoto(userId: string, file: File): Promise<User> {
  const form = new FormData();
  form.append('photo', file);
  return (await http.put<Envelope<User>>(`/api/user/updatePhoto/${encodeURIComponent(userId)}`, form)).data.data;
}

/** PUT /api/user/deletePhoto/{userId}. */
export async function deletePhoto(userId: string): Promise<User> {
  return (await http.put<Envelope<User>>(`/api/user/deletePhoto/${encodeURIComponent(userId)}`)).data.data;
}

export interface Country {
  code: string;
  name: string;
}

export async function getCountries(): Promise<Country[]> {
  return (await http.get<Envelope<Country[]>>('/api/geo/countries')).data.data;
}

/** The cities offered for a country of residence (its states). */
export async function getCities(country: string): Promise<string[]> {
  return (await http.get<Envelope<string[]>>('/api/geo/cities', { params: { country } })).data.data;
}

/** A path inside this site to go to after login (`?next=` or router state); anything else is home. */
export function safeNextPath(candidate: unknown): string {
  return typeof candidate === 'string' && candidate.startsWith('/') && !candidate.startsWith('//') && !candidate.startsWith('/\\')
    ? candidate
    : '/';
}
