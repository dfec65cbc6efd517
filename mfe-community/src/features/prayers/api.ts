/**
 * The prayer wall's calls: reading it, and what a signed-in member does on it.
 * The server takes the author from the session cookie; the ids sent must be the member's own.
 */
import { http } from '@ministry/shared/api';
import type {
  Envelope,
  FollowUps,
  PageOf,
  PrayedAnswer,
  Prayer,
  PrayerSummaryChoice,
  PrayerUpdate,
} from '@ministry/shared/types';

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
export async function prayFor(prayerId: string, prayed: boolean): Promise<PrayedAnswer> {
  return (await http.post<Envelope<PrayedAnswer>>(`/api/prayers/${encodeURIComponent(prayerId)}/prayed`, { prayed })).data.data;
}

/** POST /api/prayers/{id}/answered: the requester marks their prayer answered, with a short note. */
export async function markPrayerAnswered(prayerId: string, note: string): Promise<Prayer> {
  return (await http.post<Envelope<Prayer>>(`/api/prayers/${encodeURIComponent(prayerId)}/answered`, { note })).data.data;
}

/** POST /api/prayers/mail-off: turns those e-mails off from the mail's link (no sign-in). */
export async function turnPrayerMailOff(token: string): Promise<void> {
  await http.post('/api/prayers/mail-off', { token });
}

/** GET /api/prayers/updates: the updates under these prayers, and the weekly summary setting of the viewer's own. */
export async function getPrayerUpdates(prayerIds: string[]): Promise<FollowUps> {
  return (await http.get<Envelope<FollowUps>>('/api/prayers/updates', { params: { ids: prayerIds.join(',') } })).data.data;
}

/** POST /api/prayers/{id}/updates: the requester's update (waiting for review unless moderation is off). */
export async function postPrayerUpdate(prayerId: string, text: string): Promise<PrayerUpdate> {
  return (await http.post<Envelope<PrayerUpdate>>(`/api/prayers/${encodeURIComponent(prayerId)}/updates`, { text })).data.data;
}

/** PUT /api/prayers/{id}/summary: the request's weekly summary by e-mail, on or off; answers whether it is on now. */
export async function setPrayerSummary(prayerId: string, on: boolean): Promise<boolean> {
  return (await http.put<Envelope<PrayerSummaryChoice>>(`/api/prayers/${encodeURIComponent(prayerId)}/summary`, { on })).data.data
    .summaryMail;
}

/** POST /api/prayers/summary-off: stops one request's weekly summary from the mail's link (no sign-in). */
export async function turnPrayerSummaryOff(token: string): Promise<void> {
  await http.post('/api/prayers/summary-off', { token });
}
