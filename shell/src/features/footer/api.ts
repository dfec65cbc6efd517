/** The footer's newsletter form. */
import { http } from '@ministry/shared/api';
import type { Envelope, NewsletterAnswer } from '@ministry/shared/types';

/** POST /api/newsletter: asks for the newsletter; the answer ("Check your inbox to confirm") is the same for every address. */
export async function subscribeNewsletter(email: string): Promise<NewsletterAnswer> {
  return (await http.post<Envelope<NewsletterAnswer>>('/api/newsletter', { email })).data.data;
}
