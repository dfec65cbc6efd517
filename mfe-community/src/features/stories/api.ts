/**
 * The stories' calls: reading them, and what a signed-in member does with them
 * (telling one, liking, commenting). The server takes the author from the session cookie.
 */
import { http } from '@ministry/shared/api';
import type { Comment, CommentInput, Envelope, PageOf, Prayer, Story } from '@ministry/shared/types';

/** A page's number as a query parameter: none for the first. */
const pageParams = (page?: number, limit?: number): Record<string, number> => ({
  ...(page && page > 1 ? { page } : {}),
  ...(limit ? { limit } : {}),
});

/**
 * The stories a page at a time, newest first: the signed-in member's own
 * awaiting review among them, unless `publishedOnly`; `limit`: a page's size.
 */
export async function getStoriesPage(
  options: { page?: number; limit?: number; publishedOnly?: boolean } = {},
): Promise<PageOf<Story>> {
  const params = { ...pageParams(options.page, options.limit), ...(options.publishedOnly ? { published: true } : {}) };
  return (await http.get<PageOf<Story>>('/api/stories', { params })).data;
}

export async function getTopStories(): Promise<Story[]> {
  return (await http.get<Story[]>('/api/story/top')).data;
}

/** One prayer, as the visitor may see it (404 when they may not). */
export async function getPrayer(id: string): Promise<Prayer> {
  return (await http.get<Envelope<Prayer>>(`/api/prayers/${encodeURIComponent(id)}`)).data.data;
}

/** POST /api/story/add/{id}: the saved story. */
export async function addStory(userId: string, content: string, options: { prayer?: string | null } = {}): Promise<Story> {
  const body = options.prayer ? { content, prayer: options.prayer } : { content };
  return (await http.post<Envelope<Story>>(`/api/story/add/${encodeURIComponent(userId)}`, body)).data.data;
}

/**
 * POST /api/story/like/{storyId} (a GET in the spec; see docs/spec-deviations.md).
 * `liked` is the state asked for, so a repeated call cannot undo itself.
 * Answers the number to add to the like count: 1, -1, or 0 when nothing changed.
 */
export async function likeStory(storyId: string, liked: boolean): Promise<number> {
  return (await http.post<number>(`/api/story/like/${encodeURIComponent(storyId)}`, { liked })).data;
}

/** POST /api/comments/add: the saved comment. */
export async function addComment(input: CommentInput): Promise<Comment> {
  return (await http.post<Envelope<Comment>>('/api/comments/add', input)).data.data;
}
