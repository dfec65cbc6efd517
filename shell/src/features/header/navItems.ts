/** The spec's navigation: the desktop bar has no Daily Devotion link; the drawer has, and the calendar (the events page links to it on a wide screen). */
export interface NavItem {
  to: string;
  label: string;
}

export const DESKTOP_NAV: NavItem[] = [
  { to: '/', label: 'HOME' },
  { to: '/about', label: 'ABOUT' },
  { to: '/community', label: 'COMMUNITY' },
  { to: '/events', label: 'EVENTS' },
  { to: '/news', label: 'NEWS' },
  { to: '/offering', label: 'OFFERING' },
];

export const MOBILE_NAV: NavItem[] = [
  ...DESKTOP_NAV,
  { to: '/daily-devotion', label: 'Daily Devotion' },
  { to: '/calendar', label: 'Calendar' },
];
