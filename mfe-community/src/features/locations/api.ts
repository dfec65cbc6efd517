/** The church locations, as every visitor sees them. */
import { http } from '@ministry/shared/api';
import type { ChurchLocation, Envelope } from '@ministry/shared/types';

export async function getLocations(): Promise<ChurchLocation[]> {
  return (await http.get<Envelope<ChurchLocation[]>>('/api/locations')).data.data;
}
