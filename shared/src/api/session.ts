/** Who is signed in: what the shell owns of the session (restoring it at the start, signing out). */
import { http } from './client';
import type { Envelope, User } from '../types';

/** GET /api/user/search/{token}: the signed-in user (the server answers only for its own session). */
export async function fetchCurrentUser(token: string): Promise<User> {
  const body = (await http.get<Partial<Envelope<User>>>(`/api/user/search/${encodeURIComponent(token)}`)).data;
  if (!body?.data) throw new Error('No user in the answer');
  return body.data;
}

/** DELETE /api/user/logout: ends the session (the server deletes it and its cookie). */
export async function logoutUser(): Promise<void> {
  await http.delete('/api/user/logout');
}
