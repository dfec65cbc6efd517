/** The press releases' calls: the newest, a page at a time, one by id. */
import { http } from '@ministry/shared/api';
import type { Envelope, PageOf, PressRelease } from '@ministry/shared/types';

/** A page's number as a query parameter: none for the first. */
const pageParams = (page?: number, limit?: number): Record<string, number> => ({
  ...(page && page > 1 ? { page } : {}),
  ...(limit ? { limit } : {}),
});

/** The newest press releases (the first page). */
export async function getPressReleases(): Promise<PressRelease[]> {
  return (await getPressReleasesPage()).data;
}

/** The press releases, a page at a time, newest first. */
export async function getPressReleasesPage(page?: number): Promise<PageOf<PressRelease>> {
  return (await http.get<PageOf<PressRelease>>('/api/pressrelease', { params: pageParams(page) })).data;
}

/** One press release, however old (404 when it does not exist, 400 for a malformed id). */
export async function getPressRelease(id: string): Promise<PressRelease> {
  return (await http.get<Envelope<PressRelease>>(`/api/pressrelease/${encodeURIComponent(id)}`)).data.data;
}
