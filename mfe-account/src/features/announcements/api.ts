/** The staff's announcements (notifications to members who turned announcements on). */
import { http } from '@ministry/shared/api';
import type { Announcement, AnnouncementList, AnnouncementPreview, Envelope } from '@ministry/shared/types';

export interface AnnouncementInput {
  title: string;
  body: string;
  url: string;
}

/** GET /api/admin/announcements: the last announcements, and how many members would get one now. */
export async function getAnnouncements(): Promise<AnnouncementList> {
  return (await http.get<Envelope<AnnouncementList>>('/api/admin/announcements')).data.data;
}

/** POST /api/admin/announcements/preview: the notification as members will see it (its link checked), and to how many. */
export async function previewAnnouncement(input: AnnouncementInput): Promise<AnnouncementPreview> {
  return (await http.post<Envelope<AnnouncementPreview>>('/api/admin/announcements/preview', input)).data.data;
}

/** POST /api/admin/announcements: sends it (a few a day per person). */
export async function sendAnnouncement(input: AnnouncementInput): Promise<Announcement> {
  return (await http.post<Envelope<Announcement>>('/api/admin/announcements', input)).data.data;
}
