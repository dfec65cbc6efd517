import { lazy, Suspense, useLayoutEffect, type ComponentType } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { hasRole, isStaff, siteIdentity } from '@ministry/shared/config';
import { useAuth } from '@ministry/shared/store';
import { LoadingState, NotFound } from '@ministry/shared/ui';
import { AuthLayout } from '../features/layout/AuthLayout';
import { MainLayout } from '../features/layout/MainLayout';
import { HomePage } from '../features/home/HomePage';
import { StaffLayout } from '../features/staff/StaffLayout';
import { RemoteModule } from '../features/remotes/RemoteModule';
import { useSitePage } from '../features/remotes/siteConfig';

/** A page loaded when it is opened: the staff's pages, which no visitor's first load carries. */
function loadedWhenOpened(load: () => Promise<ComponentType>): ComponentType {
  const Page = lazy(() => load().then((page) => ({ default: page })));
  return function PageWhenOpened() {
    return (
      <Suspense fallback={<LoadingState />}>
        <Page />
      </Suspense>
    );
  };
}

/** The shell's own pages (its app.json declares them). */
const SHELL_PAGES: Record<string, ComponentType> = {
  '/': HomePage,
  '/admin': loadedWhenOpened(() => import('../features/staff/DashboardPage').then((m) => m.DashboardPage)),
  '/admin/activity': loadedWhenOpened(() => import('../features/staff/ActivityPage').then((m) => m.ActivityPage)),
  '/admin/releases': loadedWhenOpened(() => import('../features/releases/ReleasesPage').then((m) => m.ReleasesPage)),
};

/**
 * Picks the page for the current path among the pages every app declares
 * (the runtime config), then its layout and the remote that renders it. The
 * remote's own routes render the exact page, at the same paths as when it
 * runs standalone. A path nobody owns is the not-found page.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const { isAuth, user } = useAuth();
  const page = useSitePage(pathname);

  // The page's title from its manifest, before the page itself may refine it (its own effects run after this one).
  useLayoutEffect(() => {
    document.title = page && page.path !== '/' ? `${page.title} | ${siteIdentity.ministryName}` : siteIdentity.ministryName;
  }, [page]);

  if (!page) {
    return (
      <MainLayout>
        <NotFound />
      </MainLayout>
    );
  }
  if (page.signedIn && !isAuth) return <Navigate to="/login" replace state={{ from: pathname }} />;
  const Layout = page.layout === 'auth' ? AuthLayout : MainLayout;
  const ShellPage = page.app === 'shell' ? (SHELL_PAGES[page.path] ?? NotFound) : null;
  const content = ShellPage ? <ShellPage /> : <RemoteModule key={page.app} remote={page.app} expose="routes" />;
  if (page.staff) {
    // A member who is not staff sees the same page as for a path that does not exist; an editor opening an
    // admin's page is told whose page it is, under the bar of the staff pages they may open.
    if (hasRole(user?.role, page.staff)) {
      return (
        <MainLayout>
          <StaffLayout>{content}</StaffLayout>
        </MainLayout>
      );
    }
    return (
      <MainLayout>
        {isStaff(user?.role) ? (
          <StaffLayout>
            <NotFound
              title={`This page is for ${page.staff}s`}
              message={`${page.title} is open to the ${page.staff}s of the site only. Ask one of them if you need something done here.`}
            />
          </StaffLayout>
        ) : (
          <NotFound />
        )}
      </MainLayout>
    );
  }
  return <Layout>{content}</Layout>;
}
