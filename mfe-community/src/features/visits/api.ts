/** A first-time guest plans a visit: the coming services, the form, the confirmation link. */
import { http } from '@ministry/shared/api';
import type { ConfirmedVisit, Envelope, VisitAnswer, VisitLocation } from '@ministry/shared/types';

export interface VisitRequest {
  location: string;
  service: string;
  name: string;
  email: string;
  adults: number;
  /** Each child's age (null: not chosen yet, which the API refuses with the form's message). */
  childrenAges: (number | null)[];
  question?: string;
  /** Left empty by people (a hidden field robots fill). */
  website?: string;
}

/** GET /api/visits/services: each church with its services of the coming weeks. */
export async function getVisitServices(): Promise<VisitLocation[]> {
  return (await http.get<Envelope<VisitLocation[]>>('/api/visits/services')).data.data;
}

/** POST /api/visits: "check your inbox" (the same answer whatever the address). */
export async function planVisit(input: VisitRequest): Promise<VisitAnswer> {
  return (await http.post<Envelope<VisitAnswer>>('/api/visits', input)).data.data;
}

/** POST /api/visits/confirm: the link of the confirmation mail. */
export async function confirmVisit(token: string): Promise<ConfirmedVisit> {
  return (await http.post<Envelope<ConfirmedVisit>>('/api/visits/confirm', { token })).data.data;
}
