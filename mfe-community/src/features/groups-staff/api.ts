/** The staff's small groups (/admin/groups): every group, its details and leaders, the rosters as CSV. */
import { apiBase, http } from '@ministry/shared/api';
import type { ChurchLocation, Envelope, JoinRequest, RosterEntry, StaffGroup } from '@ministry/shared/types';
import type { Frequency } from '../../lib/groups';

export interface GroupInput {
  name: string;
  slug?: string;
  kind: string;
  lifeStage: string;
  locationId: string | null;
  meetingPlace: string | null;
  weekday: number;
  time: string;
  frequency: Frequency;
  description: string;
  photo: string | null;
  capacity: number | null;
  open: boolean;
}

export async function getStaffGroups(): Promise<StaffGroup[]> {
  return (await http.get<Envelope<StaffGroup[]>>('/api/admin/groups')).data.data;
}

export async function getStaffGroup(id: string): Promise<StaffGroup> {
  return (await http.get<Envelope<StaffGroup>>(`/api/admin/groups/${encodeURIComponent(id)}`)).data.data;
}

export async function createGroup(input: GroupInput): Promise<StaffGroup> {
  return (await http.post<Envelope<StaffGroup>>('/api/admin/groups', input)).data.data;
}

export async function updateGroup(id: string, input: GroupInput): Promise<StaffGroup> {
  return (await http.put<Envelope<StaffGroup>>(`/api/admin/groups/${encodeURIComponent(id)}`, input)).data.data;
}

export async function deleteGroup(id: string): Promise<void> {
  await http.delete(`/api/admin/groups/${encodeURIComponent(id)}`);
}

/** PUT /api/admin/groups/{id}/leaders: the leaders, by their accounts' addresses. */
export async function setGroupLeaders(id: string, emails: string[]): Promise<StaffGroup> {
  return (await http.put<Envelope<StaffGroup>>(`/api/admin/groups/${encodeURIComponent(id)}/leaders`, { emails })).data.data;
}

/** GET /api/groups/{id}/roster: the people in it, with the addresses they shared. */
export async function getGroupRoster(id: string): Promise<RosterEntry[]> {
  return (await http.get<Envelope<RosterEntry[]>>(`/api/groups/${encodeURIComponent(id)}/roster`)).data.data;
}

/** The locations a group may meet at. */
export async function getLocationChoices(): Promise<ChurchLocation[]> {
  return (await http.get<Envelope<ChurchLocation[]>>('/api/locations')).data.data;
}

/** POST /api/admin/images: the group's photo; answers what the group stores. */
export async function uploadGroupPhoto(file: File): Promise<{ src: string }> {
  const form = new FormData();
  form.append('image', file);
  return (await http.post<Envelope<{ src: string }>>('/api/admin/images', form)).data.data;
}

/** Every roster (or one group's) as a CSV file: a link to download, not a call. */
export function rostersCsvUrl(groupId?: string): string {
  return `${apiBase()}/api/admin/groups/rosters.csv${groupId ? `?group=${encodeURIComponent(groupId)}` : ''}`;
}

/** GET /api/admin/groups/{id}/requests: the requests waiting in a group. */
export async function getGroupRequests(id: string): Promise<JoinRequest[]> {
  return (await http.get<Envelope<JoinRequest[]>>(`/api/admin/groups/${encodeURIComponent(id)}/requests`)).data.data;
}

/** POST /api/groups/requests/{id}/accept or /decline: the staff answer a request as its leaders would. */
export async function answerGroupRequest(id: string, decision: 'accept' | 'decline'): Promise<void> {
  await http.post(`/api/groups/requests/${encodeURIComponent(id)}/${decision}`, {});
}

/** DELETE /api/admin/groups/{id}/members/{userId}: takes someone off the roster. */
export async function removeGroupMember(id: string, userId: string): Promise<void> {
  await http.delete(`/api/admin/groups/${encodeURIComponent(id)}/members/${encodeURIComponent(userId)}`);
}
