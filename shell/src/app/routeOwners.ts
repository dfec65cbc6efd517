import { matchPath } from 'react-router-dom';
import type { RemoteName } from '@ministry/shared/config';

export interface RouteOwner {
  /** A path pattern of the spec's route table (`/*` takes the paths below it). */
  path: string;
  remote: RemoteName;
  layout: 'main' | 'auth';
  requiresAuth?: boolean;
}

/**
 * Which remote owns each route of the spec, and in which layout it shows.
 * The home page `/` is the shell's own. The remote's `./routes` renders the
 * exact page; a path here that the remote does not know shows its not-found page.
 */
export const ROUTE_OWNERS: RouteOwner[] = [
  { path: '/login', remote: 'mfe_account', layout: 'auth' },
  { path: '/signup/:id', remote: 'mfe_account', layout: 'auth' },
  { path: '/nextSignup', remote: 'mfe_account', layout: 'auth' },
  { path: '/reset-password/:token', remote: 'mfe_account', layout: 'auth' },
  { path: '/profile', remote: 'mfe_account', layout: 'main', requiresAuth: true },
  { path: '/about', remote: 'mfe_content', layout: 'main' },
  { path: '/news', remote: 'mfe_content', layout: 'main' },
  { path: '/press', remote: 'mfe_content', layout: 'main' },
  { path: '/policies', remote: 'mfe_content', layout: 'main' },
  { path: '/daily-devotion/*', remote: 'mfe_content', layout: 'main' },
  { path: '/devotion-detail/*', remote: 'mfe_content', layout: 'main' },
  { path: '/devotional-detail/*', remote: 'mfe_content', layout: 'main' },
  { path: '/community/*', remote: 'mfe_community', layout: 'main' },
  { path: '/events/*', remote: 'mfe_giving', layout: 'main' },
  { path: '/booking/*', remote: 'mfe_giving', layout: 'main' },
  { path: '/offering/*', remote: 'mfe_giving', layout: 'main' },
];

export function findRouteOwner(pathname: string): RouteOwner | undefined {
  return ROUTE_OWNERS.find((owner) => matchPath({ path: owner.path, end: true }, pathname));
}

/** The remote modules the page at `pathname` renders first. */
export function remotesForPath(pathname: string): { remote: RemoteName; expose: string }[] {
  if (pathname === '/') {
    return [
      { remote: 'mfe_content', expose: 'HomeSections' },
      { remote: 'mfe_community', expose: 'LatestStories' },
    ];
  }
  const owner = findRouteOwner(pathname);
  return owner ? [{ remote: owner.remote, expose: 'routes' }] : [];
}
