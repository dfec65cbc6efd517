/** The staff's first page and the activity log. */
import { http } from '@ministry/shared/api';
import type { ActivityPage, Envelope, StaffDashboard } from '@ministry/shared/types';

/** GET /api/admin/dashboard: what waits for the staff this week. */
export async function getStaffDashboard(): Promise<StaffDashboard> {
  return (await http.get<Envelope<StaffDashboard>>('/api/admin/dashboard')).data.data;
}

/** The newest changes first; `before` is the `next` of the previous page. */
export async function getActivity(before?: string | null): Promise<ActivityPage> {
  const params = before ? { before } : undefined;
  return (await http.get<Envelope<ActivityPage>>('/api/admin/activity', { params })).data.data;
}
