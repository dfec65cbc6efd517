/**
 * The staff's calls about people: church locations (editors and admins),
 * members and newsletter subscribers (admins).
 */
import { http } from './client';
import type { Envelope, MemberDetail, MemberPage, NewsletterOverview, Role, StaffLocation, SubscriberPage } from '../types';
import type { LocationInput } from '../validation/locations';

/** What the location form sends: its fields as typed (coordinates may be left empty). */
export type LocationFormInput = Omit<LocationInput, 'latitude' | 'longitude'> & {
  latitude: number | string | null;
  longitude: number | string | null;
};

/** GET /api/admin/locations: every location, with the members who chose it and its events ahead. */
export async function getStaffLocations(): Promise<StaffLocation[]> {
  return (await http.get<Envelope<StaffLocation[]>>('/api/admin/locations')).data.data;
}

/** GET /api/admin/locations/{id}. */
export async function getStaffLocation(id: string): Promise<StaffLocation> {
  return (await http.get<Envelope<StaffLocation>>(`/api/admin/locations/${encodeURIComponent(id)}`)).data.data;
}

/** POST /api/admin/locations: the new location. */
export async function createLocation(input: LocationFormInput): Promise<StaffLocation> {
  return (await http.post<Envelope<StaffLocation>>('/api/admin/locations', input)).data.data;
}

/** PUT /api/admin/locations/{id}: the location as saved. */
export async function updateLocation(id: string, input: LocationFormInput): Promise<StaffLocation> {
  return (await http.put<Envelope<StaffLocation>>(`/api/admin/locations/${encodeURIComponent(id)}`, input)).data.data;
}

/**
 * DELETE /api/admin/locations/{id}: refused (409, with the reason) while
 * members chose it, unless they move to `moveMembersTo`, and while events ahead take place there.
 */
export async function removeLocation(id: string, moveMembersTo?: string): Promise<{ removed: boolean; moved: number }> {
  const params = moveMembersTo ? { moveMembersTo } : undefined;
  return (
    await http.delete<Envelope<{ removed: boolean; moved: number }>>(`/api/admin/locations/${encodeURIComponent(id)}`, { params })
  ).data.data;
}

/** GET /api/admin/members: members found by name or e-mail (`q`), newest first, page by page (from 1). */
export async function getMembers({ q, page = 1 }: { q?: string; page?: number } = {}): Promise<MemberPage> {
  const params = { ...(q?.trim() ? { q: q.trim() } : {}), ...(page > 1 ? { page } : {}) };
  return (await http.get<Envelope<MemberPage>>('/api/admin/members', { params })).data.data;
}

/** GET /api/admin/members/{id}: one member with their church and posts. */
export async function getMember(id: string): Promise<MemberDetail> {
  return (await http.get<Envelope<MemberDetail>>(`/api/admin/members/${encodeURIComponent(id)}`)).data.data;
}

/** PUT /api/admin/members/{id}/role: the member as they are now. */
export async function setMemberRole(id: string, role: Role): Promise<MemberDetail> {
  return (await http.put<Envelope<MemberDetail>>(`/api/admin/members/${encodeURIComponent(id)}/role`, { role })).data.data;
}

/** PUT /api/admin/members/{id}/disabled: disables (their sessions end at once) or enables an account. */
export async function setMemberDisabled(id: string, disabled: boolean): Promise<MemberDetail> {
  return (await http.put<Envelope<MemberDetail>>(`/api/admin/members/${encodeURIComponent(id)}/disabled`, { disabled })).data
    .data;
}

/** GET /api/admin/subscribers: the newsletter's subscribers, newest first, page by page (from 1). */
export async function getSubscribers({ q, page = 1 }: { q?: string; page?: number } = {}): Promise<SubscriberPage> {
  const params = { ...(q?.trim() ? { q: q.trim() } : {}), ...(page > 1 ? { page } : {}) };
  return (await http.get<Envelope<SubscriberPage>>('/api/admin/subscribers', { params })).data.data;
}

/** GET /api/admin/subscribers.csv: the subscribers (those matching `q`) as a spreadsheet file, and its name. */
export async function downloadSubscribers(q?: string): Promise<{ file: Blob; name: string }> {
  const params = q?.trim() ? { q: q.trim() } : undefined;
  const res = await http.get<Blob>('/api/admin/subscribers.csv', { params, responseType: 'blob' });
  const disposition = String(res.headers['content-disposition'] ?? '');
  return { file: res.data, name: /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'newsletter-subscribers.csv' };
}

/** GET /api/admin/newsletter: this week's newsletter (preview, moment, opening paragraph) and the past sends. */
export async function getNewsletterOverview(): Promise<NewsletterOverview> {
  return (await http.get<Envelope<NewsletterOverview>>('/api/admin/newsletter')).data.data;
}

/** PUT /api/admin/newsletter: the opening paragraph, a later moment this week, or skipping the week. */
export async function updateNewsletter(changes: {
  intro?: string;
  sendAt?: string;
  skip?: boolean;
}): Promise<NewsletterOverview> {
  return (await http.put<Envelope<NewsletterOverview>>('/api/admin/newsletter', changes)).data.data;
}

/** POST /api/admin/newsletter/test: the week's newsletter to the admin's own address; answers what to tell them. */
export async function sendNewsletterTest(): Promise<string> {
  return (await http.post<Envelope<{ message: string }>>('/api/admin/newsletter/test')).data.data.message;
}
