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
