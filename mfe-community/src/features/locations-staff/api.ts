/** The staff's calls for church locations (editors and admins). */
import { http } from '@ministry/shared/api';
import type { Envelope, LocationFormInput, StaffLocation } from '@ministry/shared/types';

/** GET /api/admin/locations: every location, with the members who chose it and its events ahead. */
export async function getStaffLocations(): Promise<StaffLocation[]> {
  return (await http.get<Envelope<StaffLocation[]>>('/api/admin/locations')).data.data;
}

/** GET /api/admin/locations/{id}. */
export async function getStaffLocation(id: string): Promise<StaffLocation> {
  return (await http.get<Envelope<StaffLocation>>(`/api/admin/locations/${encodeURIComponent(id)}`)).data.data;
}

/** POST /api/admin/locations: the new location. */
export async function createLocation(input: LocationFormInput): Promise<StaffLocation> {
  return (await http.post<Envelope<StaffLocation>>('/api/admin/locations', input)).data.data;
}

/** PUT /api/admin/locations/{id}: the location as saved. */
export async function updateLocation(id: string, input: LocationFormInput): Promise<StaffLocation> {
  return (await http.put<Envelope<StaffLocation>>(`/api/admin/locations/${encodeURIComponent(id)}`, input)).data.data;
}

/**
 * DELETE /api/admin/locations/{id}: refused (409, with the reason) while
 * members chose it, unless they move to `moveMembersTo`, and while events ahead take place there.
 */
export async function removeLocation(id: string, moveMembersTo?: string): Promise<{ removed: boolean; moved: number }> {
  const params = moveMembersTo ? { moveMembersTo } : undefined;
  return (
    await http.delete<Envelope<{ removed: boolean; moved: number }>>(`/api/admin/locations/${encodeURIComponent(id)}`, { params })
  ).data.data;
}
