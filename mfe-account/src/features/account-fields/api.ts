/** What the signup and profile forms offer to choose from: countries, their cities, the churches. */
import { http } from '@ministry/shared/api';
import type { ChurchLocation, Country, Envelope } from '@ministry/shared/types';

export async function getCountries(): Promise<Country[]> {
  return (await http.get<Envelope<Country[]>>('/api/geo/countries')).data.data;
}

/** The cities offered for a country of residence (its states). */
export async function getCities(country: string): Promise<string[]> {
  return (await http.get<Envelope<string[]>>('/api/geo/cities', { params: { country } })).data.data;
}

export async function getLocations(): Promise<ChurchLocation[]> {
  return (await http.get<Envelope<ChurchLocation[]>>('/api/locations')).data.data;
}

/** POST /api/user/password-check: whether a new password is one of the common or breached ones (the list is the server's). */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await http.post<Envelope<{ common: boolean }>>('/api/user/password-check', { password })).data.data.common;
}
