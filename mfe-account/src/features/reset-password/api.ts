/** The e-mailed password reset link: whether it still works, and the new password. */
import { http } from '@ministry/shared/api';
import type { Envelope, OkMessage } from '@ministry/shared/types';

/** POST /api/user/reset-password/check: whether an e-mailed reset link still works. */
export async function checkResetToken(token: string): Promise<boolean> {
  return (await http.post<Envelope<{ valid: boolean }>>('/api/user/reset-password/check', { token })).data.data.valid;
}

/** POST /api/user/reset-password: sets a new password with the e-mailed token. */
export async function resetPassword(token: string, password: string): Promise<string> {
  return (await http.post<Envelope<OkMessage>>('/api/user/reset-password', { token, password })).data.data.message;
}
