import { useResource } from '@ministry/shared/app';
import { getCities, getCountries, getLocations } from './api';

/** Countries for the origin and residence lists (from the API, never bundled). */
export const useCountries = () => useResource(getCountries, 'countries');

/** The cities (states) of the country of residence; reloaded when it changes, empty until one is chosen. */
export const useCities = (country: string) =>
  useResource(() => (country ? getCities(country) : Promise.resolve([])), `cities:${country}`);

/** Our churches, for the church list. */
export const useChurches = () => useResource(getLocations, 'locations');
