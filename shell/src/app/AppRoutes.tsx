import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '@ministry/shared/store';
import { NotFound } from '@ministry/shared/ui';
import { AuthLayout } from '../features/layout/AuthLayout';
import { MainLayout } from '../features/layout/MainLayout';
import { HomePage } from '../features/home/HomePage';
import { RemoteModule } from '../features/remotes/RemoteModule';
import { findRouteOwner } from './routeOwners';

/**
 * Picks the layout and the remote for the current path. Each remote's own
 * `<Routes>` then renders the exact page, at the same absolute paths it uses
 * when it runs standalone.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const { isAuth } = useAuth();

  if (pathname === '/') {
    return (
      <MainLayout>
        <HomePage />
      </MainLayout>
    );
  }
  const owner = findRouteOwner(pathname);
  if (!owner) {
    return (
      <MainLayout>
        <NotFound />
      </MainLayout>
    );
  }
  if (owner.requiresAuth && !isAuth) return <Navigate to="/login" replace state={{ from: pathname }} />;
  const Layout = owner.layout === 'auth' ? AuthLayout : MainLayout;
  return (
    <Layout>
      <RemoteModule key={owner.remote} remote={owner.remote} expose="routes" />
    </Layout>
  );
}
