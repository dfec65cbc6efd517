/** The staff's calls that belong to no one remote: the dashboard and the activity log. */
import { http } from './client';
import type { ActivityPage, Envelope, StaffDashboard } from '../types';

export async function getStaffDashboard(): Promise<StaffDashboard> {
  return (await http.get<Envelope<StaffDashboard>>('/api/admin/dashboard')).data.data;
}

/** The newest changes first; `before` is the `next` of the previous page. */
export async function getActivity(before?: string | null): Promise<ActivityPage> {
  const params = before ? { before } : undefined;
  return (await http.get<Envelope<ActivityPage>>('/api/admin/activity', { params })).data.data;
}

/** POST /api/admin/images: a photo for a devotional, news item, press release or event; answers what the entity stores. */
export async function uploadStaffImage(file: File): Promise<{ src: string; width: number; height: number }> {
  const form = new FormData();
  form.append('image', file);
  return (await http.post<Envelope<{ src: string; width: number; height: number }>>('/api/admin/images', form)).data.data;
}
