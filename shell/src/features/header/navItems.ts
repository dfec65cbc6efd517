/**
 * The site's navigation. The desktop bar writes its links in capitals (its
 * style, with the spec's words); the drawer on small screens writes every
 * item in title case, the page links and the account ones alike, and adds
 * the calendar (the events page links to it on a wide screen).
 */
export interface NavItem {
  to: string;
  label: string;
}

export const PAGE_LINKS: NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/community', label: 'Community' },
  { to: '/events', label: 'Events' },
  { to: '/news', label: 'News' },
  { to: '/daily-devotion', label: 'Daily Devotion' },
  { to: '/offering', label: 'Offering' },
];

export const DESKTOP_NAV: NavItem[] = PAGE_LINKS.map((item) => ({ ...item, label: item.label.toUpperCase() }));

/** The drawer also offers the small groups beside the community (the desktop bar has no room: its footer and the community page link them). */
export const MOBILE_NAV: NavItem[] = [
  ...PAGE_LINKS.flatMap((item) => (item.to === '/community' ? [item, { to: '/groups', label: 'Groups' }] : [item])),
  { to: '/calendar', label: 'Calendar' },
];

/** The drawer's links for a signed-in member (the staff also get "Staff Pages"). */
export const MEMBER_LINKS: NavItem[] = [
  { to: '/profile', label: 'Profile' },
  { to: '/my-tickets', label: 'My Tickets' },
  { to: '/my-giving', label: 'My Giving' },
  { to: '/community/my-posts', label: 'My Posts' },
  { to: '/my-schedule', label: 'My Schedule' },
  { to: '/my-groups', label: 'My Groups' },
];
