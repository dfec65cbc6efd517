/** Signing up (both steps sent at the end). */
import { http } from '@ministry/shared/api';
import type { Envelope, OkMessage, SignupInput } from '@ministry/shared/types';

/**
 * POST /api/user/signup: the same answer whether or not the address has an
 * account; the account exists once its owner opens the mailed link.
 */
export async function signupUser(input: SignupInput): Promise<OkMessage> {
  return (await http.post<Envelope<OkMessage>>('/api/user/signup', input)).data.data;
}

/** GET /socialuser/{part}: made for a long signup path parameter; its answer is ignored (spec section 7). */
export async function pingSocialUser(part: string): Promise<void> {
  await http.get(`/socialuser/${encodeURIComponent(part)}`).catch(() => undefined);
}
