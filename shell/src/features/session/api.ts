/** The session's calls: who the server says is signed in on this browser. */
import { http } from '@ministry/shared/api';
import type { Envelope, User } from '@ministry/shared/types';

/**
 * GET /api/user/me: the member this browser's session belongs to, or null
 * when the server knows no session here (401, answered as a value: being
 * signed out is no failure). Other failures reject.
 */
export async function fetchSignedInUser(): Promise<User | null> {
  const answer = await http.get<Partial<Envelope<User>>>('/api/user/me', {
    validateStatus: (status) => status === 200 || status === 401,
    headers: { 'Cache-Control': 'no-cache' },
  });
  if (answer.status === 401) return null;
  if (!answer.data?.data) throw new Error('No user in the answer');
  return answer.data.data;
}
