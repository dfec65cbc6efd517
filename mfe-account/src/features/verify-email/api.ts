/** The e-mail confirmation link. */
import { http } from '@ministry/shared/api';
import type { Envelope, User } from '@ministry/shared/types';

/**
 * POST /api/user/verify-email: opens a confirmation link; the member is
 * signed in. While someone else is signed in here the server asks first
 * (409 `signed_in_as_other`); `switchAccount` answers "go on".
 */
export async function verifyEmail(token: string, switchAccount = false): Promise<{ user: User; message: string }> {
  return (
    await http.post<Envelope<{ user: User; message: string }>>('/api/user/verify-email', {
      token,
      ...(switchAccount ? { switchAccount: true } : {}),
    })
  ).data.data;
}
