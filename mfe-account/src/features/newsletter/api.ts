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

/** GET /api/newsletter/unsubscribe/{token}: the address of an unsubscribe link and where it stands (changes nothing). */
export async function getUnsubscribeLink(
  token: string,
): Promise<{ email: string; status: 'pending' | 'confirmed' | 'unsubscribed' | 'bounced' }> {
  return (
    await http.get<Envelope<{ email: string; status: 'pending' | 'confirmed' | 'unsubscribed' | 'bounced' }>>(
      `/api/newsletter/unsubscribe/${encodeURIComponent(token)}`,
    )
  ).data.data;
}

/** POST /api/newsletter: subscribes an address again (a confirmation mail goes to it first). */
export async function subscribeAgain(email: string): Promise<NewsletterAnswer> {
  return (await http.post<Envelope<NewsletterAnswer>>('/api/newsletter', { email })).data.data;
}
