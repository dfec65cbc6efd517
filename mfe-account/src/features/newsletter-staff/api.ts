/** The admins' calls for the weekly newsletter. */
import { http } from '@ministry/shared/api';
import type { Envelope, NewsletterOverview } from '@ministry/shared/types';

/** GET /api/admin/newsletter: this week's newsletter (preview, moment, opening paragraph) and the past sends. */
export async function getNewsletterOverview(): Promise<NewsletterOverview> {
  return (await http.get<Envelope<NewsletterOverview>>('/api/admin/newsletter')).data.data;
}

/** PUT /api/admin/newsletter: the opening paragraph, a later moment this week, or skipping the week. */
export async function updateNewsletter(changes: {
  intro?: string;
  sendAt?: string;
  skip?: boolean;
}): Promise<NewsletterOverview> {
  return (await http.put<Envelope<NewsletterOverview>>('/api/admin/newsletter', changes)).data.data;
}

/** POST /api/admin/newsletter/test: the week's newsletter to the admin's own address; answers what to tell them. */
export async function sendNewsletterTest(): Promise<string> {
  return (await http.post<Envelope<{ message: string }>>('/api/admin/newsletter/test')).data.data.message;
}

/** POST /api/admin/newsletter/send: this week's planned newsletter goes now, to every confirmed subscriber. */
export async function sendNewsletterNow(): Promise<NewsletterOverview> {
  return (await http.post<Envelope<NewsletterOverview>>('/api/admin/newsletter/send')).data.data;
}
