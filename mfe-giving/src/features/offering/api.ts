/** The hosted donation pages. */
import { apiBase } from '@ministry/shared/api';
import type { DonationFrequency, DonationType } from '@ministry/shared/config';

/** The hosted donation page of a giving type (opened in a new tab). */
export function donationPageUrl(type: DonationType, frequency: DonationFrequency = 'once'): string {
  return `${apiBase()}/pay/donate/${encodeURIComponent(type)}?frequency=${encodeURIComponent(frequency)}`;
}
