/** The staff's calls for devotionals, news items and press releases (editors and admins), and their photos. */
import { http } from '@ministry/shared/api';
import type {
  ArticleKind,
  ContentState,
  DevotionalTag,
  Envelope,
  StaffArticle,
  StaffArticleInput,
  StaffDevotional,
  StaffDevotionalInput,
  StaffListPage,
} from '@ministry/shared/types';

export interface StaffListFilter {
  /** Words of the title. */
  q?: string;
  /** Devotionals only: one of their tags. */
  tag?: string;
  state?: ContentState;
  offset?: number;
}

/** Only the filters that are set, so the address stays short. */
const params = (filter: StaffListFilter) =>
  Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== ''));

export async function listStaffDevotionals(filter: StaffListFilter = {}): Promise<StaffListPage<StaffDevotional>> {
  return (await http.get<Envelope<StaffListPage<StaffDevotional>>>('/api/admin/devotionals', { params: params(filter) })).data
    .data;
}

/** The tags in use, most used first. */
export async function getDevotionalTags(): Promise<DevotionalTag[]> {
  return (await http.get<Envelope<DevotionalTag[]>>('/api/admin/devotionals/tags')).data.data;
}

export async function getStaffDevotional(id: string): Promise<StaffDevotional> {
  return (await http.get<Envelope<StaffDevotional>>(`/api/admin/devotionals/${encodeURIComponent(id)}`)).data.data;
}

/** Saved as a draft. */
export async function createDevotional(input: StaffDevotionalInput): Promise<StaffDevotional> {
  return (await http.post<Envelope<StaffDevotional>>('/api/admin/devotionals', input)).data.data;
}

export async function updateDevotional(id: string, input: StaffDevotionalInput): Promise<StaffDevotional> {
  return (await http.put<Envelope<StaffDevotional>>(`/api/admin/devotionals/${encodeURIComponent(id)}`, input)).data.data;
}

/** Published (or scheduled, when dated ahead), or back to a draft. */
export async function setDevotionalPublished(id: string, published: boolean): Promise<StaffDevotional> {
  const action = published ? 'publish' : 'unpublish';
  return (await http.post<Envelope<StaffDevotional>>(`/api/admin/devotionals/${encodeURIComponent(id)}/${action}`)).data.data;
}

export async function deleteDevotional(id: string): Promise<void> {
  await http.delete(`/api/admin/devotionals/${encodeURIComponent(id)}`);
}

export async function listStaffArticles(kind: ArticleKind, filter: StaffListFilter = {}): Promise<StaffListPage<StaffArticle>> {
  return (await http.get<Envelope<StaffListPage<StaffArticle>>>(`/api/admin/${kind}`, { params: params(filter) })).data.data;
}

export async function getStaffArticle(kind: ArticleKind, id: string): Promise<StaffArticle> {
  return (await http.get<Envelope<StaffArticle>>(`/api/admin/${kind}/${encodeURIComponent(id)}`)).data.data;
}

export async function createArticle(kind: ArticleKind, input: StaffArticleInput): Promise<StaffArticle> {
  return (await http.post<Envelope<StaffArticle>>(`/api/admin/${kind}`, input)).data.data;
}

export async function updateArticle(kind: ArticleKind, id: string, input: StaffArticleInput): Promise<StaffArticle> {
  return (await http.put<Envelope<StaffArticle>>(`/api/admin/${kind}/${encodeURIComponent(id)}`, input)).data.data;
}

export async function setArticlePublished(kind: ArticleKind, id: string, published: boolean): Promise<StaffArticle> {
  const action = published ? 'publish' : 'unpublish';
  return (await http.post<Envelope<StaffArticle>>(`/api/admin/${kind}/${encodeURIComponent(id)}/${action}`)).data.data;
}

export async function deleteArticle(kind: ArticleKind, id: string): Promise<void> {
  await http.delete(`/api/admin/${kind}/${encodeURIComponent(id)}`);
}

/** POST /api/admin/images: a photo for a devotional, news item, press release or event; answers what the entity stores. */
export async function uploadStaffImage(file: File): Promise<{ src: string; width: number; height: number }> {
  const form = new FormData();
  form.append('image', file);
  return (await http.post<Envelope<{ src: string; width: number; height: number }>>('/api/admin/images', form)).data.data;
}
