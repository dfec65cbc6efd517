/** The admins' calls about the newsletter's subscribers. */
import { http } from '@ministry/shared/api';
import type { Envelope, SubscriberPage } from '@ministry/shared/types';

/** GET /api/admin/subscribers: the newsletter's subscribers, newest first, page by page (from 1). */
export async function getSubscribers({ q, page = 1 }: { q?: string; page?: number } = {}): Promise<SubscriberPage> {
  const params = { ...(q?.trim() ? { q: q.trim() } : {}), ...(page > 1 ? { page } : {}) };
  return (await http.get<Envelope<SubscriberPage>>('/api/admin/subscribers', { params })).data.data;
}

/** GET /api/admin/subscribers.csv: the subscribers (those matching `q`) as a spreadsheet file, and its name. */
export async function downloadSubscribers(q?: string): Promise<{ file: Blob; name: string }> {
  const params = q?.trim() ? { q: q.trim() } : undefined;
  const res = await http.get<Blob>('/api/admin/subscribers.csv', { params, responseType: 'blob' });
  const disposition = String(res.headers['content-disposition'] ?? '');
  return { file: res.data, name: /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'newsletter-subscribers.csv' };
}
