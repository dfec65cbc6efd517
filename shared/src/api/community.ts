/**
 * Community calls of spec section 7 that need a signed-in member (posting,
 * liking, commenting) and the admins' moderation calls. The server takes
 * the author from the session cookie; the ids sent must be the member's own.
 */
import { http } from './client';
import type { PendingPostContract, Static } from '../contracts';
import type { Comment, Envelope, ModerationStatus, MyPost, PostKind, Prayer, Story } from '../types';

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

/** POST /api/story/add/{id}: the saved story. */
export async function addStory(userId: string, content: string, options: { prayer?: string | null } = {}): Promise<Story> {
  const body = options.prayer ? { content, prayer: options.prayer } : { content };
  return (await http.post<Envelope<Story>>(`/api/story/add/${encodeURIComponent(userId)}`, body)).data.data;
}

/** POST /api/prayers/{id}/answered: the requester marks their prayer answered, with a short note. */
export async function markPrayerAnswered(prayerId: string, note: string): Promise<Prayer> {
  return (await http.post<Envelope<Prayer>>(`/api/prayers/${encodeURIComponent(prayerId)}/answered`, { note })).data.data;
}

/**
 * POST /api/story/like/{storyId} (a GET in the spec; see docs/spec-deviations.md).
 * `liked` is the state asked for, so a repeated call cannot undo itself.
 * Answers the number to add to the like count: 1, -1, or 0 when nothing changed.
 */
export async function likeStory(storyId: string, liked: boolean): Promise<number> {
  return (await http.post<number>(`/api/story/like/${encodeURIComponent(storyId)}`, { liked })).data;
}

export interface CommentInput {
  text: string;
  /** The story's id. */
  story: string;
  /** The member's own id (spec section 6); the server checks it against the session. */
  user: string;
}

/** POST /api/comments/add: the saved comment. */
export async function addComment(input: CommentInput): Promise<Comment> {
  return (await http.post<Envelope<Comment>>('/api/comments/add', input)).data.data;
}

export type { PostKind } from '../types';

/** A post waiting for review, as admins see it. */
export type PendingPost = Static<typeof PendingPostContract>;

/** The oldest page of each kind waiting for review, and how many wait in all. */
export type PendingPosts = Record<PostKind, PendingPost[]> & { totals: Record<PostKind, number> };

/**
 * GET /api/moderation/pending (admins only; a 404 for anyone else); with
 * `after` (the last post shown), the next page of that post's kind.
 */
export async function getPendingPosts(after?: PendingPost): Promise<PendingPosts> {
  const params = after ? { kind: after.kind, afterDate: after.date, afterId: after._id } : undefined;
  return (await http.get<Envelope<PendingPosts>>('/api/moderation/pending', { params })).data.data;
}

/** POST /api/moderation/members/{userId}/reject-pending: rejects everything one member has waiting; answers how many of each kind. */
export async function rejectPendingOf(userId: string): Promise<Record<PostKind, number>> {
  return (
    await http.post<Envelope<{ rejected: Record<PostKind, number> }>>(
      `/api/moderation/members/${encodeURIComponent(userId)}/reject-pending`,
    )
  ).data.data.rejected;
}

/** POST /api/moderation/{kind}/{id}/publish|reject; a rejection's `reason` is mailed to the author. */
export async function moderatePost(
  kind: PostKind,
  id: string,
  action: 'publish' | 'reject',
  reason?: string,
): Promise<{ _id: string; kind: PostKind; status: ModerationStatus }> {
  return (
    await http.post<Envelope<{ _id: string; kind: PostKind; status: ModerationStatus }>>(
      `/api/moderation/${kind}/${encodeURIComponent(id)}/${action}`,
      reason ? { reason } : {},
    )
  ).data.data;
}

/** POST /api/moderation/members/{userId}/posting: stops a member from posting (or lets them again). */
export async function stopMemberPosting(userId: string, stopped: boolean): Promise<void> {
  await http.post(`/api/moderation/members/${encodeURIComponent(userId)}/posting`, { stopped });
}

/** POST /api/community/report/{kind}/{id}: a member reports a post, with what is wrong. */
export async function reportPost(kind: PostKind, id: string, reason: string): Promise<void> {
  await http.post(`/api/community/report/${kind}/${encodeURIComponent(id)}`, { reason });
}

/** PUT /api/prayers/mail: "people prayed" e-mails on or off for the signed-in member. */
export async function setPrayerMail(on: boolean): Promise<boolean> {
  return (await http.put<Envelope<{ prayerMail: boolean }>>('/api/prayers/mail', { on })).data.data.prayerMail;
}

/** POST /api/prayers/mail-off: turns those e-mails off from the mail's link (no sign-in). */
export async function turnPrayerMailOff(token: string): Promise<void> {
  await http.post('/api/prayers/mail-off', { token });
}

/** GET /api/community/mine: the member's own prayers, stories and comments in every state, newest first. */
export async function getMyPosts(): Promise<MyPost[]> {
  return (await http.get<Envelope<MyPost[]>>('/api/community/mine')).data.data;
}

/** PUT /api/community/mine/{kind}/{id}: new words for the member's own post while it waits for review. */
export async function editMyPost(kind: PostKind, id: string, text: string): Promise<void> {
  await http.put(`/api/community/mine/${kind}/${encodeURIComponent(id)}`, { text });
}

/** DELETE /api/community/mine/{kind}/{id}: deletes the member's own post. */
export async function deleteMyPost(kind: PostKind, id: string): Promise<void> {
  await http.delete(`/api/community/mine/${kind}/${encodeURIComponent(id)}`);
}
