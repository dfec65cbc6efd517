/** The admins' calls about members: finding them, one in full, their role, their account, their posting. */
import { http } from '@ministry/shared/api';
import type { Envelope, MemberDetail, MemberPage, PostingStopped, Role } from '@ministry/shared/types';

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

/** POST /api/moderation/members/{userId}/posting: stops a member from posting (or lets them again); answers whether they are stopped now. */
export async function stopMemberPosting(userId: string, stopped: boolean): Promise<boolean> {
  return (await http.post<Envelope<PostingStopped>>(`/api/moderation/members/${encodeURIComponent(userId)}/posting`, { stopped }))
    .data.data.stopped;
}
