/** Calls every part of the community page uses: where a post is in its list, reporting a post, an admin's publish or reject. */
import { http } from '@ministry/shared/api';
import type {
  Envelope,
  ModerationDecision,
  PostingStopped,
  PostKind,
  PostPageNumber,
  ReportAnswer,
} from '@ministry/shared/types';

/** GET /api/prayers/{id}/page: the page of the wall the prayer is on (404 when the visitor may not see it). */
export async function getPrayerPageNumber(id: string): Promise<number> {
  return (await http.get<Envelope<PostPageNumber>>(`/api/prayers/${encodeURIComponent(id)}/page`)).data.data.page;
}

/** GET /api/stories/{id}/page: the page of the stories the story is on (404 when the visitor may not see it). */
export async function getStoryPageNumber(id: string): Promise<number> {
  return (await http.get<Envelope<PostPageNumber>>(`/api/stories/${encodeURIComponent(id)}/page`)).data.data.page;
}

/** POST /api/community/report/{kind}/{id}: a member reports a post, with what is wrong; answers whether enough reports hide it now. */
export async function reportPost(kind: PostKind, id: string, reason: string): Promise<ReportAnswer> {
  return (await http.post<Envelope<ReportAnswer>>(`/api/community/report/${kind}/${encodeURIComponent(id)}`, { reason })).data
    .data;
}

/**
 * POST /api/moderation/{kind}/{id}/publish|reject; a rejection's `reason` is
 * mailed to the author; a publish names the `version` the moderator saw (a
 * post changed since answers 409 `post_changed`).
 */
export async function moderatePost(
  kind: PostKind,
  id: string,
  action: 'publish' | 'reject',
  options: { reason?: string; version?: string } = {},
): Promise<ModerationDecision> {
  const body = {
    ...(options.reason ? { reason: options.reason } : {}),
    ...(action === 'publish' && options.version ? { version: options.version } : {}),
  };
  return (await http.post<Envelope<ModerationDecision>>(`/api/moderation/${kind}/${encodeURIComponent(id)}/${action}`, body)).data
    .data;
}

/** GET /api/community/mine/posting: whether a moderator stopped the signed-in member from posting. */
export async function getPostingStopped(): Promise<boolean> {
  return (await http.get<Envelope<PostingStopped>>('/api/community/mine/posting')).data.data.stopped;
}
