/** The newsletter mails' links: confirming a subscription, unsubscribing (no sign-in needed). */
import { http } from '@ministry/shared/api';
import type { Envelope, NewsletterAnswer } from '@ministry/shared/types';

/** POST /api/newsletter/confirm: the link of the confirmation mail. */
export async function confirmNewsletter(token: string): Promise<NewsletterAnswer> {
  return (await http.post<Envelope<NewsletterAnswer>>('/api/newsletter/confirm', { token })).data.data;
}

/** POST /api/newsletter/unsubscribe: the unsubscribe link of a newsletter (no sign-in needed). */
export async function unsubscribeNewsletter(token: string): Promise<NewsletterAnswer> {
  return (await http.post<Envelope<NewsletterAnswer>>('/api/newsletter/unsubscribe', { token })).data.data;
}
