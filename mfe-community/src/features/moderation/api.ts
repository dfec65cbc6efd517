/** The admins' moderation calls: what waits for review, and a member's posting (publishing or rejecting one post: ../community/api). */
import { http } from '@ministry/shared/api';
import type {
  Envelope,
  PendingPrayerUpdates,
  PostingStopped,
  PrayerUpdateDecision,
  QueuedPost,
  QueuedPosts,
  RejectedPending,
} from '@ministry/shared/types';

/**
 * GET /api/moderation/pending (admins only; a 404 for anyone else); with
 * `after` (the last post shown), the next page of that post's kind.
 */
export async function getPendingPosts(after?: QueuedPost): Promise<QueuedPosts> {
  const params = after ? { kind: after.kind, afterDate: after.date, afterId: after._id } : undefined;
  return (await http.get<Envelope<QueuedPosts>>('/api/moderation/pending', { params })).data.data;
}

/** POST /api/moderation/members/{userId}/reject-pending: rejects everything one member has waiting; answers how many of each kind. */
export async function rejectPendingOf(userId: string): Promise<RejectedPending['rejected']> {
  return (await http.post<Envelope<RejectedPending>>(`/api/moderation/members/${encodeURIComponent(userId)}/reject-pending`)).data
    .data.rejected;
}

/** POST /api/moderation/members/{userId}/posting: stops a member from posting (or lets them again); answers whether they are stopped now. */
export async function stopMemberPosting(userId: string, stopped: boolean): Promise<boolean> {
  return (await http.post<Envelope<PostingStopped>>(`/api/moderation/members/${encodeURIComponent(userId)}/posting`, { stopped }))
    .data.data.stopped;
}

/** GET /api/moderation/prayer-updates: the requesters' updates waiting for review, oldest first, and how many in all. */
export async function getPendingPrayerUpdates(): Promise<PendingPrayerUpdates> {
  return (await http.get<Envelope<PendingPrayerUpdates>>('/api/moderation/prayer-updates')).data.data;
}

/** POST /api/moderation/prayer-updates/{id}/publish|reject (publish names the words seen: `version`). */
export async function decidePrayerUpdate(
  id: string,
  action: 'publish' | 'reject',
  body: { version?: string; reason?: string },
): Promise<PrayerUpdateDecision> {
  return (
    await http.post<Envelope<PrayerUpdateDecision>>(`/api/moderation/prayer-updates/${encodeURIComponent(id)}/${action}`, body)
  ).data.data;
}
