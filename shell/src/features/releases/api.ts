/** The release page's calls (admins): the apps' releases, promote, roll back, see every canary. */
import { http } from '@ministry/shared/api';
import type { Envelope, ReleasesOverview } from '@ministry/shared/types';

export interface ReleaseChange {
  from: string;
  to: string;
  canary: boolean;
}

/** GET /api/admin/releases: each app's live release, a canary and its figures, the last releases. */
export async function getReleases(): Promise<ReleasesOverview> {
  return (await http.get<Envelope<ReleasesOverview>>('/api/admin/releases')).data.data;
}

/** The app's canary becomes live for everyone. */
export async function promoteRelease(app: string): Promise<ReleaseChange> {
  return (await http.post<Envelope<ReleaseChange>>(`/api/admin/releases/${encodeURIComponent(app)}/promote`)).data.data;
}

/** Ends the app's canary, or goes back to the release live before. */
export async function rollBackRelease(app: string): Promise<ReleaseChange> {
  return (await http.post<Envelope<ReleaseChange>>(`/api/admin/releases/${encodeURIComponent(app)}/rollback`)).data.data;
}

/** Whether this browser is served every canary. */
export async function setCanaryOptIn(optedIn: boolean): Promise<boolean> {
  return (await http.put<Envelope<{ optedIn: boolean }>>('/api/admin/releases/canary-opt-in', { optedIn })).data.data.optedIn;
}
