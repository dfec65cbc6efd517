/** The signed-in member's gifts, their weekly and monthly gifts, and their giving statements. */
import { apiBase, http } from '@ministry/shared/api';
import type { Envelope, MyGiving, RecurringGift } from '@ministry/shared/types';

/** GET /api/giving/mine: the signed-in member's gifts, newest first, and their weekly and monthly gifts. */
export async function getMyGiving(): Promise<MyGiving> {
  return (await http.get<Envelope<MyGiving>>('/api/giving/mine')).data.data;
}

/** POST /api/giving/recurring/{id}/cancel: stops one of the member's weekly or monthly gifts. */
export async function cancelRecurringGift(id: string): Promise<RecurringGift> {
  return (await http.post<Envelope<RecurringGift>>(`/api/giving/recurring/${encodeURIComponent(id)}/cancel`)).data.data;
}

/** The member's giving statement of a year, a PDF (GET /api/giving/statement/{year}). */
export const givingStatementUrl = (year: number): string => `${apiBase()}/api/giving/statement/${year}`;
