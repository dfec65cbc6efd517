/** The member's groups on /my-groups: their groups and requests, answering requests, the roster, mailing the group, leaving. */
import { http } from '@ministry/shared/api';
import type { Envelope, GroupMailAnswer, GroupMembershipChoices, MyGroups, RosterEntry } from '@ministry/shared/types';

/** GET /api/groups/mine. */
export async function getMyGroups(): Promise<MyGroups> {
  return (await http.get<Envelope<MyGroups>>('/api/groups/mine')).data.data;
}

/** POST /api/groups/requests/{id}/accept or /decline, with an optional note to the member. */
export async function answerRequest(id: string, decision: 'accept' | 'decline', note: string): Promise<void> {
  await http.post(`/api/groups/requests/${encodeURIComponent(id)}/${decision}`, note ? { note } : {});
}

/** DELETE /api/groups/{id}/membership: leaves the group (or withdraws a request). */
export async function leaveGroup(id: string): Promise<void> {
  await http.delete(`/api/groups/${encodeURIComponent(id)}/membership`);
}

/** PUT /api/groups/{id}/membership: share the address with the leaders, receive the group's mails. */
export async function updateMembership(
  id: string,
  choices: { shareEmail?: boolean; mail?: boolean },
): Promise<GroupMembershipChoices> {
  return (await http.put<Envelope<GroupMembershipChoices>>(`/api/groups/${encodeURIComponent(id)}/membership`, choices)).data
    .data;
}

/** GET /api/groups/{id}/roster (leaders and staff). */
export async function getRoster(id: string): Promise<RosterEntry[]> {
  return (await http.get<Envelope<RosterEntry[]>>(`/api/groups/${encodeURIComponent(id)}/roster`)).data.data;
}

/** POST /api/groups/{id}/mail: a leader's e-mail to the group; answers how many it went to. */
export async function mailGroup(id: string, subject: string, text: string): Promise<number> {
  return (await http.post<Envelope<GroupMailAnswer>>(`/api/groups/${encodeURIComponent(id)}/mail`, { subject, text })).data.data
    .sent;
}
