/** The profile page's calls: the member's details, photo, e-mail confirmation, newsletter, tickets and prayer e-mails. */
import { http } from '@ministry/shared/api';
import type {
  BasicInfoInput,
  Booking,
  Device,
  Envelope,
  MyNewsletter,
  OkMessage,
  PrayerMailChoice,
  SecurityInput,
  User,
} from '@ministry/shared/types';

/** PUT /api/user/updateBasic/{id}: basic info and church. */
export async function updateBasic(id: string, input: BasicInfoInput): Promise<User> {
  return (await http.put<Envelope<User>>(`/api/user/updateBasic/${encodeURIComponent(id)}`, input)).data.data;
}

/** PUT /api/user/updateSecurity/{userId}: a new e-mail, a new password or both, with the current password. */
export async function updateSecurity(userId: string, input: SecurityInput): Promise<User> {
  return (await http.put<Envelope<User>>(`/api/user/updateSecurity/${encodeURIComponent(userId)}`, input)).data.data;
}

/** PUT /api/user/updatePhoto/{userId}: multipart with the field `photo`. */
export async function updatePhoto(userId: string, file: File): Promise<User> {
  const form = new FormData();
  form.append('photo', file);
  return (await http.put<Envelope<User>>(`/api/user/updatePhoto/${encodeURIComponent(userId)}`, form)).data.data;
}

/** PUT /api/user/deletePhoto/{userId}. */
export async function deletePhoto(userId: string): Promise<User> {
  return (await http.put<Envelope<User>>(`/api/user/deletePhoto/${encodeURIComponent(userId)}`)).data.data;
}

/** POST /api/user/verify-email/resend: another link for the signed-in member's address. */
export async function resendConfirmation(): Promise<string> {
  return (await http.post<Envelope<OkMessage>>('/api/user/verify-email/resend')).data.data.message;
}

/** GET /api/user/newsletter: the signed-in member's own subscription. */
export async function getMyNewsletter(): Promise<MyNewsletter> {
  return (await http.get<Envelope<MyNewsletter>>('/api/user/newsletter')).data.data;
}

/** PUT /api/user/newsletter: the member subscribes (at once when their address is confirmed) or unsubscribes. */
export async function setMyNewsletter(subscribed: boolean): Promise<MyNewsletter> {
  return (await http.put<Envelope<MyNewsletter>>('/api/user/newsletter', { subscribed })).data.data;
}

/** GET /api/payment/my-tickets: the signed-in member's paid bookings, soonest event first. */
export async function getMyTickets(): Promise<Booking[]> {
  return (await http.get<Envelope<Booking[]>>('/api/payment/my-tickets')).data.data;
}

/** PUT /api/prayers/mail: "people prayed" e-mails on or off for the signed-in member. */
export async function setPrayerMail(on: boolean): Promise<boolean> {
  return (await http.put<Envelope<PrayerMailChoice>>('/api/prayers/mail', { on })).data.data.prayerMail;
}

/** GET /api/user/export: "Download my data", a ZIP (data.json and the photo's file). */
export async function downloadMyData(): Promise<Blob> {
  return (await http.get<Blob>('/api/user/export', { responseType: 'blob' })).data;
}

/** POST /api/user/code: a one-time code mailed to the member's address (to confirm a deletion without a password). */
export async function requestCode(email: string): Promise<string> {
  return (await http.post<Envelope<OkMessage>>('/api/user/code', { email })).data.data.message;
}

/** DELETE /api/user/me: deletes the account, with the password or a fresh one-time code. */
export async function deleteMyAccount(input: {
  password?: string;
  code?: string;
  posts: 'delete' | 'anonymous';
}): Promise<string> {
  return (await http.delete<Envelope<OkMessage>>('/api/user/me', { data: input })).data.data.message;
}

/** GET /api/user/sessions: where the member is signed in, this device first. */
export async function getMyDevices(): Promise<Device[]> {
  return (await http.get<Envelope<Device[]>>('/api/user/sessions')).data.data;
}

/** DELETE /api/user/sessions/{id}: signs out one other device; answers the list left. */
export async function signOutDevice(id: string): Promise<Device[]> {
  return (await http.delete<Envelope<Device[]>>(`/api/user/sessions/${encodeURIComponent(id)}`)).data.data;
}

/** DELETE /api/user/sessions: signs out every other device; answers the list left. */
export async function signOutOtherDevices(): Promise<Device[]> {
  return (await http.delete<Envelope<Device[]>>('/api/user/sessions')).data.data;
}
