import type { Role } from '../db/schema.js';

/** The signed-in member of a request, from the session cookie (`request.sessionUser`). */
export interface SessionUser {
  id: string;
  role: Role;
  email: string;
  firstname: string;
  lastname: string;
  /** Whether the member confirmed their e-mail address (needed to post and to buy). */
  verified: boolean;
}
