/** The staff's first page and the activity log. */
import { http } from '@ministry/shared/api';
import type { ActivityPage, Envelope, StaffDashboard, YearTheme } from '@ministry/shared/types';

/** GET /api/admin/dashboard: what waits for the staff this week. */
export async function getStaffDashboard(): Promise<StaffDashboard> {
  return (await http.get<Envelope<StaffDashboard>>('/api/admin/dashboard')).data.data;
}

/** The newest changes first; `before` is the `next` of the previous page. */
export async function getActivity(before?: string | null): Promise<ActivityPage> {
  const params = before ? { before } : undefined;
  return (await http.get<Envelope<ActivityPage>>('/api/admin/activity', { params })).data.data;
}

/** Every year's theme (the latest year first) and the year it is on the ministry's clock. */
export async function getYearThemes(): Promise<{ data: YearTheme[]; currentYear: number }> {
  return (await http.get<{ data: YearTheme[]; currentYear: number }>('/api/admin/year-themes')).data;
}

/** Sets a year's theme (the home page shows this year's). */
export async function saveYearTheme(theme: YearTheme): Promise<YearTheme> {
  const { year, title, verse } = theme;
  return (await http.put<Envelope<YearTheme>>(`/api/admin/year-themes/${year}`, { title, verse })).data.data;
}

export async function removeYearTheme(year: number): Promise<void> {
  await http.delete(`/api/admin/year-themes/${year}`);
}
