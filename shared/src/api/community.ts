/**
 * Community calls of spec section 7 that need a signed-in member (posting,
 * liking, commenting) and the admins' moderation calls. The server takes
 * the author from the session cookie; the ids sent must be the member's own.
 */
import { http } from './client';
import type { Comment, Envelope, ModerationStatus, Prayer, Story } from '../types';

/** POST /api/prayers/add/{id}: the saved prayer (pending until an admin publishes it, unless moderation is off). */
export async function addPrayer(userId: string, text: string): Promise<Prayer> {
  return (await http.post<Envelope<Prayer>>(`/api/prayers/add/${encodeURIComponent(userId)}`, { text })).data.data;
}

/** POST /api/story/add/{id}: the saved story. */
export async function addStory(userId: string, content: string): Promise<Story> {
  return (await http.post<Envelope<Story>>(`/api/story/add/${encodeURIComponent(userId)}`, { content })).data.data;
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

export type PostKind = 'prayers' | 'stories' | 'comments';

/** A post waiting for review, as admins see it. */
export interface PendingPost {
  _id: string;
  kind: PostKind;
  text: string;
  date: string;
  user: { _id: string; firstname: string; lastname: string; email: string };
  /** For a comment: the story it answers. */
  story?: { _id: string; content: string; status: ModerationStatus };
}

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
  return (await http.post<Envelope<{ rejected: Record<PostKind, number> }>>(`/api/moderation/members/${encodeURIComponent(userId)}/reject-pending`)).data.data.rejected;
}

/** POST /api/moderation/{kind}/{id}/publish|reject. */
export async function moderatePost(
  kind: PostKind,
  id: string,
  action: 'publish' | 'reject',
): Promise<{ _id: string; kind: PostKind; status: ModerationStatus }> {
  return (
    await http.post<Envelope<{ _id: string; kind: PostKind; status: ModerationStatus }>>(
      `/api/moderation/${kind}/${encodeURIComponent(id)}/${action}`,
    )
  ).data.data;
}
