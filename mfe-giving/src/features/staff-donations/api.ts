/** The admins' donation report. */
import { apiBase, http } from '@ministry/shared/api';
import type { DonationFilters, DonationReport, Envelope } from '@ministry/shared/types';

const filterParams = (filters: DonationFilters): Record<string, string> =>
  Object.fromEntries(
    Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );

/** GET /api/admin/donations (admins): the newest gifts that match, with totals per type and per month. */
export async function getDonationReport(filters: DonationFilters = {}): Promise<DonationReport> {
  return (await http.get<Envelope<DonationReport>>('/api/admin/donations', { params: filterParams(filters) })).data.data;
}

/** The gifts that match as a CSV file: a link to download. */
export function donationsCsvUrl(filters: DonationFilters = {}): string {
  const query = new URLSearchParams(filterParams(filters)).toString();
  return `${apiBase()}/api/admin/donations.csv${query ? `?${query}` : ''}`;
}
