/** How serving dates read, on the site's clock. */
import { inSiteTimeZone } from '@ministry/shared/format';

/** 'Sunday 6 December'. */
export const slotDay = (iso: string): string => inSiteTimeZone(iso).format('dddd D MMMM');
/** '8:30 AM'. */
export const slotTime = (iso: string): string => inSiteTimeZone(iso).format('h:mm A');
/** A day 'YYYY-MM-DD' as 'Sunday 6 December 2026'. */
export const dayLong = (day: string): string => inSiteTimeZone(day).format('dddd D MMMM YYYY');
/** Today on the site's clock, 'YYYY-MM-DD'. */
export const today = (): string => inSiteTimeZone(new Date()).format('YYYY-MM-DD');
/** 'Sunday 6 December, 8:30 AM'. */
export const slotMoment = (iso: string): string => `${slotDay(iso)}, ${slotTime(iso)}`;
