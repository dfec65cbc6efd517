/** Serving on a volunteer team: the calls of /serve, /my-schedule and the rosters. */
import { apiBase, errorStatus, http } from '@ministry/shared/api';
import type { Envelope, MyCalendarFeed, MySchedule, RosterDay, ServingOverview, ServingTeam } from '@ministry/shared/types';

export interface RosterQuery {
  from?: string;
  days?: number;
  team?: string;
}

/** GET /api/serving: the teams and their slots ahead. */
export async function getServingTeams(): Promise<ServingTeam[]> {
  return (await http.get<Envelope<ServingTeam[]>>('/api/serving')).data.data;
}

/** POST /api/serving/slots/{id}/signup. */
export async function signUpForSlot(slotId: string): Promise<void> {
  await http.post(`/api/serving/slots/${encodeURIComponent(slotId)}/signup`);
}

/** DELETE /api/serving/slots/{id}/signup: until the cut-off. */
export async function cancelSlot(slotId: string): Promise<void> {
  await http.delete(`/api/serving/slots/${encodeURIComponent(slotId)}/signup`);
}

/** GET /api/serving/mine. */
export async function getMySchedule(): Promise<MySchedule> {
  return (await http.get<Envelope<MySchedule>>('/api/serving/mine')).data.data;
}

/** PUT /api/serving/blockouts/{day}. */
export async function addBlockout(day: string): Promise<void> {
  await http.put(`/api/serving/blockouts/${encodeURIComponent(day)}`);
}

/** DELETE /api/serving/blockouts/{day}. */
export async function removeBlockout(day: string): Promise<void> {
  await http.delete(`/api/serving/blockouts/${encodeURIComponent(day)}`);
}

/** GET /api/serving/feed: the secret address of the member's serving calendar, or null. */
export async function getServingFeed(): Promise<string | null> {
  return (await http.get<Envelope<MyCalendarFeed>>('/api/serving/feed')).data.data.url;
}

/** POST /api/serving/feed: a new address (the old one stops answering). */
export async function resetServingFeed(): Promise<string | null> {
  return (await http.post<Envelope<MyCalendarFeed>>('/api/serving/feed')).data.data.url;
}

/**
 * GET /api/admin/serving: the teams the member leads (every team for the
 * staff). A member who leads no team is refused (403), as every /api/admin
 * call is for anyone not entitled: for the page, they lead no team.
 */
export async function getServingOverview(): Promise<ServingOverview> {
  try {
    return (await http.get<Envelope<ServingOverview>>('/api/admin/serving')).data.data;
  } catch (error) {
    if (errorStatus(error) === 403) return { staff: false, teams: [], locations: [] };
    throw error;
  }
}

/** GET /api/admin/serving/roster. */
export async function getRoster(query: RosterQuery): Promise<RosterDay[]> {
  return (await http.get<Envelope<RosterDay[]>>('/api/admin/serving/roster', { params: query })).data.data;
}

/** The address of the roster's CSV file (a download link). */
export function rosterCsvUrl(query: RosterQuery): string {
  const params = new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
  return `${apiBase()}/api/admin/serving/roster.csv?${params.toString()}`;
}

/** POST /api/admin/serving/slots/{id}/people: fills a place with the member of that address. */
export async function fillSlot(slotId: string, email: string): Promise<void> {
  await http.post(`/api/admin/serving/slots/${encodeURIComponent(slotId)}/people`, { email });
}

/** DELETE /api/admin/serving/slots/{id}/people/{userId}. */
export async function removeFromSlot(slotId: string, userId: string): Promise<void> {
  await http.delete(`/api/admin/serving/slots/${encodeURIComponent(slotId)}/people/${encodeURIComponent(userId)}`);
}

/** POST /api/admin/serving/teams (staff). */
export async function createTeam(input: { name: string; description: string }): Promise<string> {
  return (await http.post<Envelope<{ _id: string }>>('/api/admin/serving/teams', input)).data.data._id;
}

/** DELETE /api/admin/serving/teams/{id} (staff): with its slots. */
export async function removeTeam(teamId: string): Promise<void> {
  await http.delete(`/api/admin/serving/teams/${encodeURIComponent(teamId)}`);
}

/** POST /api/admin/serving/teams/{id}/positions (staff). */
export async function addPosition(teamId: string, name: string): Promise<void> {
  await http.post(`/api/admin/serving/teams/${encodeURIComponent(teamId)}/positions`, { name });
}

/** DELETE /api/admin/serving/positions/{id} (staff). */
export async function removePosition(positionId: string): Promise<void> {
  await http.delete(`/api/admin/serving/positions/${encodeURIComponent(positionId)}`);
}

/** POST /api/admin/serving/teams/{id}/leaders (staff). */
export async function addLeader(teamId: string, email: string): Promise<void> {
  await http.post(`/api/admin/serving/teams/${encodeURIComponent(teamId)}/leaders`, { email });
}

/** DELETE /api/admin/serving/teams/{id}/leaders/{userId} (staff). */
export async function removeLeader(teamId: string, userId: string): Promise<void> {
  await http.delete(`/api/admin/serving/teams/${encodeURIComponent(teamId)}/leaders/${encodeURIComponent(userId)}`);
}

export interface NewSlot {
  teamId: string;
  positionId: string;
  churchId: string | null;
  date: string;
  time: string;
  needed: number;
}

/** POST /api/admin/serving/slots (staff). */
export async function createSlot(input: NewSlot): Promise<void> {
  await http.post('/api/admin/serving/slots', input);
}

/** DELETE /api/admin/serving/slots/{id} (staff). */
export async function removeSlot(slotId: string): Promise<void> {
  await http.delete(`/api/admin/serving/slots/${encodeURIComponent(slotId)}`);
}
