import { lazy, Suspense, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { LoadingState, NotFound } from '@ministry/shared/ui';
import { AboutPage } from './features/about/AboutPage';
import { DevotionalDetailPage } from './features/devotionals/DevotionalDetailPage';
import { DevotionalListPage } from './features/devotionals/DevotionalListPage';
import { NewsPage } from './features/news/NewsPage';
import { PoliciesPage } from './features/policies/PoliciesPage';
import { PressPage } from './features/press/PressPage';

// The staff pages are chunks of their own, loaded only when a staff member opens one:
// nothing of them (the rich-text editor least of all) weighs on the public pages.
const DevotionalsAdminPage = lazy(() => import('./features/staff/DevotionalsAdminPage'));
const DevotionalEditorPage = lazy(() => import('./features/staff/DevotionalEditorPage'));
const ArticlesAdminPage = lazy(() => import('./features/staff/ArticlesAdminPage'));
const ArticleEditorPage = lazy(() => import('./features/staff/ArticleEditorPage'));

const staffPage = (page: ReactNode) => (
  <Suspense fallback={<LoadingState label="Loading the staff page…" rows={2} />}>{page}</Suspense>
);

/** The content remote's pages, at the paths its manifest (app.json) declares. */
export const routes: RouteObject[] = [
  { path: '/about', element: <AboutPage /> },
  { path: '/news', element: <NewsPage /> },
  { path: '/press', element: <PressPage /> },
  { path: '/policies', element: <PoliciesPage /> },
  { path: '/daily-devotion', element: <DevotionalListPage /> },
  { path: '/daily-devotion/all', element: <DevotionalListPage variant="all" /> },
  { path: '/daily-devotion/tag/:tag', element: <DevotionalListPage variant="tag" /> },
  { path: '/devotion-detail/:id', element: <DevotionalDetailPage /> },
  { path: '/devotional-detail/tag/:tag', element: <DevotionalListPage variant="tag" /> },
  { path: '/devotional-detail/:id', element: <DevotionalDetailPage /> },
  { path: '/admin/devotionals', element: staffPage(<DevotionalsAdminPage />) },
  { path: '/admin/devotionals/new', element: staffPage(<DevotionalEditorPage />) },
  { path: '/admin/devotionals/:id', element: staffPage(<DevotionalEditorPage />) },
  { path: '/admin/news', element: staffPage(<ArticlesAdminPage kind="news" />) },
  { path: '/admin/news/new', element: staffPage(<ArticleEditorPage kind="news" />) },
  { path: '/admin/news/:id', element: staffPage(<ArticleEditorPage kind="news" />) },
  { path: '/admin/press', element: staffPage(<ArticlesAdminPage kind="press" />) },
  { path: '/admin/press/new', element: staffPage(<ArticleEditorPage kind="press" />) },
  { path: '/admin/press/:id', element: staffPage(<ArticleEditorPage kind="press" />) },
  { path: '*', element: <NotFound /> },
];

export default function ContentRoutes() {
  return useRoutes(routes);
}
