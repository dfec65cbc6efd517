/**
 * The prayer wall's calls: reading it, and what a signed-in member does on it.
 * The server takes the author from the session cookie; the ids sent must be the member's own.
 */
import { http } from '@ministry/shared/api';
import type { Envelope, PageOf, Prayer } from '@ministry/shared/types';

/** A page's number as a query parameter: none for the first. */
const pageParams = (page?: number, limit?: number): Record<string, number> => ({
  ...(page && page > 1 ? { page } : {}),
  ...(limit ? { limit } : {}),
});

/** The prayer wall a page at a time, newest first (the signed-in member's own awaiting review among them). */
export async function getPrayersPage(page?: number): Promise<PageOf<Prayer>> {
  return (await http.get<PageOf<Prayer>>('/api/prayers/', { params: pageParams(page) })).data;
}

/** POST /api/prayers/add/{id}: the saved prayer (pending until an admin publishes it, unless moderation is off). */
export async function addPrayer(userId: string, text: string, options: { anonymous?: boolean } = {}): Promise<Prayer> {
  return (
    await http.post<Envelope<Prayer>>(`/api/prayers/add/${encodeURIComponent(userId)}`, {
      text,
      anonymous: options.anonymous ?? false,
    })
  ).data.data;
}

/** POST /api/prayers/{id}/prayed: "I prayed" set (true) or taken back (false); answers the new count. */
export async function prayFor(prayerId: string, prayed: boolean): Promise<{ prayedCount: number; iPrayed: boolean }> {
  return (
    await http.post<Envelope<{ prayedCount: number; iPrayed: boolean }>>(`/api/prayers/${encodeURIComponent(prayerId)}/prayed`, {
      prayed,
    })
  ).data.data;
}

/** POST /api/prayers/{id}/answered: the requester marks their prayer answered, with a short note. */
export async function markPrayerAnswered(prayerId: string, note: string): Promise<Prayer> {
  return (await http.post<Envelope<Prayer>>(`/api/prayers/${encodeURIComponent(prayerId)}/answered`, { note })).data.data;
}

/** POST /api/prayers/mail-off: turns those e-mails off from the mail's link (no sign-in). */
export async function turnPrayerMailOff(token: string): Promise<void> {
  await http.post('/api/prayers/mail-off', { token });
}
