import { matchPath } from 'react-router-dom';
import { pageRemotes, ROUTE_OWNERS, type RemoteName, type RouteOwner } from '@ministry/shared/config';

export { ROUTE_OWNERS, type RouteOwner };

/** The owner of a page (the table lives in shared/config, where the server reads it too). */
export function findRouteOwner(pathname: string): RouteOwner | undefined {
  return ROUTE_OWNERS.find((owner) => matchPath({ path: owner.path, end: true }, pathname));
}

/** The remote modules the page at `pathname` renders first. */
export function remotesForPath(pathname: string): { remote: RemoteName; expose: string }[] {
  return pageRemotes(pathname);
}
