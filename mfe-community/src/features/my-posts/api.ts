/** The signed-in member's own posts: every state, new words while one waits for review, deleting one. */
import { http } from '@ministry/shared/api';
import type { Envelope, MyPost, PostEditAnswer, PostKind } from '@ministry/shared/types';

/** GET /api/community/mine: the member's own prayers, stories and comments in every state, newest first. */
export async function getMyPosts(): Promise<MyPost[]> {
  return (await http.get<Envelope<MyPost[]>>('/api/community/mine')).data.data;
}

/**
 * PUT /api/community/mine/{kind}/{id}: new words for the member's own post while it waits for review, or
 * for one not published (it goes back to review); answers its state after.
 */
export async function editMyPost(kind: PostKind, id: string, text: string): Promise<PostEditAnswer['status']> {
  return (await http.put<Envelope<PostEditAnswer>>(`/api/community/mine/${kind}/${encodeURIComponent(id)}`, { text })).data.data
    .status;
}

/** DELETE /api/community/mine/{kind}/{id}: deletes the member's own post. */
export async function deleteMyPost(kind: PostKind, id: string): Promise<void> {
  await http.delete(`/api/community/mine/${kind}/${encodeURIComponent(id)}`);
}
