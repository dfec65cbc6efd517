/**
 * The fixed lists members choose their countries and city from (spec
 * section 5): countries of country-state-city, and as cities the states of
 * the country of residence. Kept on the server; the browser asks /api/geo.
 */
import { createRequire } from 'node:module';
import { REQUIRED } from '@ministry/shared/validation';
import { badRequest } from '../../lib/errors.js';

type CountryStateCity = typeof import('country-state-city');
let lists:
  | {
      data: CountryStateCity;
      countries: { code: string; name: string }[];
      byName: Map<string, { code: string; name: string }>;
      byCode: Map<string, { code: string; name: string }>;
    }
  | undefined;

/** The lists, read on first use (a few megabytes most processes never need). */
function places() {
  if (!lists) {
    const data = createRequire(import.meta.url)('country-state-city') as CountryStateCity;
    const countries = data.Country.getAllCountries().map((c) => ({ code: c.isoCode, name: c.name }));
    lists = {
      data,
      countries,
      byName: new Map(countries.map((c) => [c.name.toLowerCase(), c])),
      byCode: new Map(countries.map((c) => [c.code, c])),
    };
  }
  return lists;
}

/** Every country, as the lists name them. */
export const allCountries = (): { code: string; name: string }[] => places().countries;

export const COUNTRY_UNKNOWN = 'Please choose a country from the list.';
export const CITY_UNKNOWN = 'Please choose a city of your country of residence.';

/** The country of that name (any case), as the list spells it; undefined when unknown. */
export function countryNamed(name: string): { code: string; name: string } | undefined {
  return places().byName.get(name.trim().toLowerCase());
}

/** The country of that name or ISO code. */
export function findCountry(nameOrCode: string): { code: string; name: string } | undefined {
  return countryNamed(nameOrCode) ?? places().byCode.get(nameOrCode.trim());
}

/** The cities offered for a country: its states, or the country itself when the data has none. */
export function citiesOf(country: { code: string; name: string }): string[] {
  const states = places()
    .data.State.getStatesOfCountry(country.code)
    .map((s) => s.name);
  return states.length ? states : [country.name];
}

export interface Places {
  countryOfOrigin?: string;
  country?: string;
  city?: string;
}

/**
 * Checks the place fields that were sent: each country must be on the list
 * and the city one of the states of the country of residence (the one sent,
 * else `storedCountry`). A new country of residence needs its city too.
 * Returns the input with the names spelled as the list does; a 400 with a
 * message under each refused field otherwise.
 */
export function assertKnownPlaces<T extends Places>(input: T, storedCountry?: string | null): T {
  const fields: Record<string, string> = {};
  const out: T = { ...input };
  for (const key of ['countryOfOrigin', 'country'] as const) {
    const value = input[key];
    if (value === undefined) continue;
    const found = value.trim() ? countryNamed(value) : undefined;
    if (found) out[key] = found.name;
    else fields[key] = value.trim() ? COUNTRY_UNKNOWN : REQUIRED;
  }
  let residence: { code: string; name: string } | undefined;
  if (input.country !== undefined) residence = fields.country ? undefined : countryNamed(out.country!);
  else if (storedCountry) residence = countryNamed(storedCountry);
  const movedCountry =
    input.country !== undefined &&
    storedCountry !== undefined &&
    residence !== undefined &&
    residence.name.toLowerCase() !== (storedCountry ?? '').trim().toLowerCase();
  if (input.city !== undefined) {
    const wanted = input.city.trim().toLowerCase();
    const match = residence && wanted ? citiesOf(residence).find((c) => c.toLowerCase() === wanted) : undefined;
    if (match) out.city = match;
    else if (!wanted) fields.city = REQUIRED;
    else if (!fields.country) fields.city = CITY_UNKNOWN;
  } else if (movedCountry) {
    // The saved city belongs to the old country.
    fields.city = REQUIRED;
  }
  if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0]!, fields);
  return out;
}
