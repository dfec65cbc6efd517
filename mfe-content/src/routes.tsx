import { lazy, Suspense, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { LoadingState, NotFound } from '@ministry/shared/ui';
import { AboutPage } from './features/about/AboutPage';
import { DevotionalDetailPage } from './features/devotionals/DevotionalDetailPage';
import { DevotionalListPage } from './features/devotionals/DevotionalListPage';
import { NewsPage } from './features/news/NewsPage';
import { PoliciesPage } from './features/policies/PoliciesPage';
import { PressPage } from './features/press/PressPage';
import { SermonPage } from './features/sermons/SermonPage';
import { SermonsPage } from './features/sermons/SermonsPage';
import { SeriesPage } from './features/sermons/SeriesPage';
import { LivePage } from './features/live/LivePage';

// The staff pages are chunks of their own, loaded only when a staff member opens one:
// nothing of them (the rich-text editor least of all) weighs on the public pages.
const DevotionalsAdminPage = lazy(() => import('./features/staff/DevotionalsAdminPage'));
const DevotionalEditorPage = lazy(() => import('./features/staff/DevotionalEditorPage'));
const ArticlesAdminPage = lazy(() => import('./features/staff/ArticlesAdminPage'));
const ArticleEditorPage = lazy(() => import('./features/staff/ArticleEditorPage'));
const SermonsAdminPage = lazy(() => import('./features/staff/SermonsAdminPage'));
const SermonEditorPage = lazy(() => import('./features/staff/SermonEditorPage'));
const SermonSeriesAdminPage = lazy(() => import('./features/staff/SermonSeriesAdminPage'));
const SpeakersAdminPage = lazy(() => import('./features/staff/SpeakersAdminPage'));

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
  { path: '/sermons', element: <SermonsPage /> },
  { path: '/sermons/series/:slug', element: <SeriesPage /> },
  { path: '/sermons/:slug', element: <SermonPage /> },
  { path: '/live', element: <LivePage /> },
  { path: '/admin/devotionals', element: staffPage(<DevotionalsAdminPage />) },
  { path: '/admin/devotionals/new', element: staffPage(<DevotionalEditorPage />) },
  { path: '/admin/devotionals/:id', element: staffPage(<DevotionalEditorPage />) },
  { path: '/admin/news', element: staffPage(<ArticlesAdminPage kind="news" />) },
  { path: '/admin/news/new', element: staffPage(<ArticleEditorPage kind="news" />) },
  { path: '/admin/news/:id', element: staffPage(<ArticleEditorPage kind="news" />) },
  { path: '/admin/press', element: staffPage(<ArticlesAdminPage kind="press" />) },
  { path: '/admin/press/new', element: staffPage(<ArticleEditorPage kind="press" />) },
  { path: '/admin/press/:id', element: staffPage(<ArticleEditorPage kind="press" />) },
  { path: '/admin/sermons', element: staffPage(<SermonsAdminPage />) },
  { path: '/admin/sermons/new', element: staffPage(<SermonEditorPage />) },
  { path: '/admin/sermons/series', element: staffPage(<SermonSeriesAdminPage />) },
  { path: '/admin/sermons/speakers', element: staffPage(<SpeakersAdminPage />) },
  { path: '/admin/sermons/:id', element: staffPage(<SermonEditorPage />) },
  { path: '*', element: <NotFound /> },
];

export default function ContentRoutes() {
  return useRoutes(routes);
}
