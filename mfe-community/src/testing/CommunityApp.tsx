import { useLocation } from 'react-router-dom';
import CommunityRoutes from '../routes';

/** Shows where the app is (path and query), beside the community pages. */
export function Where() {
  const location = useLocation();
  return (
    <output data-testid="where">
      {location.pathname}
      {location.search}
    </output>
  );
}

/** The community routes as the shell mounts them, plus where the router is. */
export function CommunityApp() {
  return (
    <>
      <CommunityRoutes />
      <Where />
    </>
  );
}
