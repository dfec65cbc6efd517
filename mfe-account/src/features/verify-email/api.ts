/** The e-mail confirmation link. */
import { http } from '@ministry/shared/api';
import type { Envelope, User } from '@ministry/shared/types';

/** POST /api/user/verify-email: opens a confirmation link; the member is signed in. */
export async function verifyEmail(token: string): Promise<{ user: User; message: string }> {
  return (await http.post<Envelope<{ user: User; message: string }>>('/api/user/verify-email', { token })).data.data;
}
