/** The home page's own call: the theme of the year it is (the lists it shows are their features'). */
import { http } from '@ministry/shared/api';
import type { Envelope, YearTheme } from '@ministry/shared/types';

/** This year's theme, or null when the staff gave this year none. */
export async function getYearTheme(): Promise<YearTheme | null> {
  return (await http.get<Envelope<YearTheme | null>>('/api/year-theme')).data.data;
}
