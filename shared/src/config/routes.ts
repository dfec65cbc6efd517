/**
 * Which remote owns each page of the spec's route table, and which remote
 * modules a page renders first. The shell routes with it; the server reads
 * it to preload a page's remotes from index.html. No React here: the API
 * imports it.
 */
import type { RemoteName } from './runtime';

export interface RouteOwner {
  /** A path pattern of the spec's route table (`/*` takes the paths below it). */
  path: string;
  remote: RemoteName;
  layout: 'main' | 'auth';
  requiresAuth?: boolean;
}

/**
 * The home page `/` is the shell's own. The remote's `./routes` renders the
 * exact page; a path here that the remote does not know shows its not-found page.
 */
export const ROUTE_OWNERS: RouteOwner[] = [
  { path: '/login', remote: 'mfe_account', layout: 'auth' },
  { path: '/signup/:id', remote: 'mfe_account', layout: 'auth' },
  { path: '/nextSignup', remote: 'mfe_account', layout: 'auth' },
  { path: '/reset-password/:token', remote: 'mfe_account', layout: 'auth' },
  { path: '/verify-email/:token', remote: 'mfe_account', layout: 'auth' },
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

/**
 * Every page of the site, exactly as the routers match it: the shell's `/`
 * and each remote's own routes (their `routes.tsx`). A path matching none is
 * the not-found page, which the server answers with status 404.
 */
export const PAGE_PATHS: string[] = [
  '/',
  '/login',
  '/signup/:id',
  '/nextSignup',
  '/reset-password/:token',
  '/verify-email/:token',
  '/profile',
  '/about',
  '/news',
  '/press',
  '/policies',
  '/daily-devotion',
  '/daily-devotion/all',
  '/daily-devotion/tag/:tag',
  '/devotion-detail/:id',
  '/devotional-detail/tag/:tag',
  '/devotional-detail/:id',
  '/community',
  '/community/moderation',
  '/events',
  '/events/:id',
  '/booking',
  '/booking/success',
  '/booking/cancelled',
  '/offering',
];

/** Whether `pathname` is a page of the site (not the not-found page). */
export function isSitePage(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === '/' || PAGE_PATHS.some((pattern) => pattern !== '/' && matchesRoute(pattern, path));
}

/**
 * Pages the server renders for visitors who are not signed in (their content
 * shows before any script runs): every page of the main layout but the
 * members' and admins' own (profile, booking, moderation). Forms of the auth
 * layout are left to the browser, so nothing typed can be lost while it loads.
 */
const NOT_PRERENDERED = ['/profile', '/booking/*', '/community/moderation'];

export function isPrerenderedPage(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return true;
  if (NOT_PRERENDERED.some((pattern) => matchesRoute(pattern, path))) return false;
  const owner = ROUTE_OWNERS.find((o) => matchesRoute(o.path, path));
  return !!owner && owner.layout === 'main' && !owner.requiresAuth && isSitePage(path);
}

/** The remote modules the home page composes. */
export const HOME_REMOTES: { remote: RemoteName; expose: string }[] = [
  { remote: 'mfe_content', expose: 'HomeSections' },
  { remote: 'mfe_community', expose: 'LatestStories' },
];

/** Whether `pathname` matches a pattern of ROUTE_OWNERS (`:param` is one segment, a final `*` any rest). */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  const rest = want[want.length - 1] === '*';
  if (rest) want.pop();
  if (rest ? have.length < want.length : have.length !== want.length) return false;
  return want.every((segment, i) =>
    segment.startsWith(':') ? have[i].length > 0 : segment.toLowerCase() === have[i].toLowerCase(),
  );
}

/** The remote modules the page at `pathname` renders first. */
export function pageRemotes(pathname: string): { remote: RemoteName; expose: string }[] {
  if (pathname === '/' || pathname === '') return HOME_REMOTES;
  const owner = ROUTE_OWNERS.find((o) => matchesRoute(o.path, pathname));
  return owner ? [{ remote: owner.remote, expose: 'routes' }] : [];
}
