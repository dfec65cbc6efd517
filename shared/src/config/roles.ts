/**
 * Who may do what: a member; an editor (publishes content, moderates, runs
 * events); an admin (everything, members and roles included). The API
 * checks it on every staff call; the shell uses it to show staff pages.
 */
import type { Role } from '../types';

const RANK: Record<Role, number> = { member: 0, editor: 1, admin: 2 };

/** Whether `role` may do what `needed` may (an admin may do all an editor may). */
export function hasRole(role: Role | undefined | null, needed: Role): boolean {
  return role !== undefined && role !== null && RANK[role] >= RANK[needed];
}

/** Whether `role` is one of the staff's. */
export const isStaff = (role: Role | undefined | null): boolean => hasRole(role, 'editor');
