/** The small groups as visitors and members see them: the finder, a group, asking to join, stopping a group's mails. */
import { http } from '@ministry/shared/api';
import type { ChurchLocation, Envelope, Group, GroupMailOffAnswer, GroupView, PageOf } from '@ministry/shared/types';

export interface GroupFilters {
  kind?: string;
  day?: number;
  location?: string;
  stage?: string;
  page?: number;
}

/** The visitor's position, when they asked for the groups near them (kept in the page only). */
export interface Position {
  lat: number;
  lng: number;
}

/**
 * GET /api/groups: a page of the groups matching the filters; with `near`,
 * nearest first, each with its distance. The position goes with this
 * request only, rounded to about a kilometre.
 */
export async function getGroups(filters: GroupFilters, near?: Position | null): Promise<PageOf<Group>> {
  const params = {
    near: near ? `${near.lat.toFixed(2)},${near.lng.toFixed(2)}` : undefined,
    kind: filters.kind || undefined,
    day: filters.day,
    location: filters.location || undefined,
    stage: filters.stage || undefined,
    page: filters.page && filters.page > 1 ? filters.page : undefined,
  };
  return (await http.get<PageOf<Group>>('/api/groups', { params })).data;
}

/** GET /api/groups/{slug}: one group, with the viewer's place in it. */
export async function getGroup(slug: string): Promise<GroupView> {
  return (await http.get<Envelope<GroupView>>(`/api/groups/${encodeURIComponent(slug)}`)).data.data;
}

/** The church locations, for the finder's "where" filter. */
export async function getGroupLocations(): Promise<ChurchLocation[]> {
  return (await http.get<Envelope<ChurchLocation[]>>('/api/locations')).data.data;
}

/** POST /api/groups/{id}/join: asks its leaders to join, with a short message. */
export async function askToJoin(id: string, message: string, shareEmail: boolean): Promise<void> {
  await http.post(`/api/groups/${encodeURIComponent(id)}/join`, { message, shareEmail });
}

/** DELETE /api/groups/{id}/membership: withdraws the request waiting. */
export async function withdrawRequest(id: string): Promise<void> {
  await http.delete(`/api/groups/${encodeURIComponent(id)}/membership`);
}

/** POST /api/groups/mail-off: stops one group's mails, from the mail's link; answers the group's name. */
export async function turnGroupMailOff(token: string): Promise<string> {
  return (await http.post<Envelope<GroupMailOffAnswer>>('/api/groups/mail-off', { token })).data.data.group;
}
