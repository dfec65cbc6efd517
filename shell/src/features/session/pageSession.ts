/**
 * Who is signed in, as the page itself carries it: the server writes the
 * member its session belongs to (or null) into every page it serves
 * (`<script id="ministry-session">`), so the first render already shows the
 * right header, whatever the browser's storage holds.
 */
import type { User } from '@ministry/shared/types';

export interface PageSession {
  user: User | null;
}

/** The page's session, or undefined when the page does not carry one (a development server's page). */
export function readPageSession(): PageSession | undefined {
  const element = typeof document === 'undefined' ? null : document.getElementById('ministry-session');
  if (!element?.textContent) return undefined;
  try {
    const value = JSON.parse(element.textContent) as Partial<PageSession> | null;
    if (!value || typeof value !== 'object' || !('user' in value)) return undefined;
    const user = value.user;
    if (user !== null && (typeof user !== 'object' || typeof user?._id !== 'string')) return undefined;
    return { user: user ?? null };
  } catch {
    return undefined;
  }
}
