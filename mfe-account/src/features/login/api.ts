/** Signing in (with the password, or a one-time code by e-mail), and asking for a password reset link. */
import { http } from '@ministry/shared/api';
import type { Envelope, LoginInput, OkMessage, User } from '@ministry/shared/types';

/** POST /api/user/login: the answer's data is the user. */
export async function loginUser(input: LoginInput): Promise<User> {
  const body = (await http.post<User | Envelope<User>>('/api/user/login', input)).data;
  return 'data' in body ? body.data : body;
}

/** PUT /api/user/forgotpassword: the answer is the same whether or not the account exists. */
export async function requestPasswordReset(email: string): Promise<string> {
  return (await http.put<Envelope<OkMessage>>('/api/user/forgotpassword', { email })).data.data.message;
}

/** POST /api/user/code: the same answer for every address; a known one is mailed a six-digit code. */
export async function requestSignInCode(email: string): Promise<string> {
  return (await http.post<Envelope<OkMessage>>('/api/user/code', { email })).data.data.message;
}

/** POST /api/user/code/verify: signs in with the code; the answer's data is the user. */
export async function signInWithCode(input: { email: string; code: string; remember: boolean }): Promise<User> {
  return (await http.post<Envelope<User>>('/api/user/code/verify', input)).data.data;
}
