/** The live page's call: which services stream now, and the next one. */
import { http } from '@ministry/shared/api';
import type { Envelope, LiveStatus } from '@ministry/shared/types';

export async function getLiveStatus(): Promise<LiveStatus> {
  return (await http.get<Envelope<LiveStatus>>('/api/live')).data.data;
}

/** The next service as a calendar file, for "Add to calendar". */
export const NEXT_SERVICE_CALENDAR = '/api/live/next.ics';
