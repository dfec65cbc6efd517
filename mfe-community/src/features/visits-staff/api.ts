/** The staff's calls for planned visits (editors and admins). */
import { apiBase, http } from '@ministry/shared/api';
import type { Envelope, VisitList } from '@ministry/shared/types';

/** GET /api/admin/visits[?location=]: the confirmed visits, coming and of the last two weeks, by service. */
export async function getVisits(location?: string): Promise<VisitList> {
  return (await http.get<Envelope<VisitList>>('/api/admin/visits', { params: location ? { location } : undefined })).data.data;
}

/** PUT /api/admin/visits/{id}: whether they came (null: not marked). */
export async function markVisit(id: string, came: boolean | null): Promise<void> {
  await http.put(`/api/admin/visits/${encodeURIComponent(id)}`, { came });
}

/** DELETE /api/admin/visits/{id}: the guest's visit and what they told us, removed. */
export async function removeVisit(id: string): Promise<void> {
  await http.delete(`/api/admin/visits/${encodeURIComponent(id)}`);
}

/** The list as a spreadsheet file. */
export function visitsCsvUrl(location?: string): string {
  return `${apiBase()}/api/admin/visits.csv${location ? `?location=${encodeURIComponent(location)}` : ''}`;
}
