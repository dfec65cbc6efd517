import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { LoadingState, NotFound } from '@ministry/shared/ui';
import { CommunityPage } from './features/community-page/CommunityPage';
import { MyPostsPage } from './features/my-posts/MyPostsPage';
import { PrayerMailOffPage } from './features/prayers/PrayerMailOffPage';
import { MySchedulePage } from './features/serving/MySchedulePage';
import { ServePage } from './features/serving/ServePage';
import { ConfirmVisitPage } from './features/visits/ConfirmVisitPage';
import { VisitPage } from './features/visits/VisitPage';
import { GroupsPage } from './features/groups/GroupsPage';
import { GroupPage } from './features/groups/GroupPage';
import { GroupMailOffPage } from './features/groups/GroupMailOffPage';
import { MyGroupsPage } from './features/my-groups/MyGroupsPage';

// Staff pages load apart (their own chunks), so they weigh nothing on the public pages.
const ModerationPage = lazy(() => import('./features/moderation/ModerationPage').then((m) => ({ default: m.ModerationPage })));
const LocationsStaffPage = lazy(() =>
  import('./features/locations-staff/LocationsStaffPage').then((m) => ({ default: m.LocationsStaffPage })),
);
const LocationEditPage = lazy(() =>
  import('./features/locations-staff/LocationEditPage').then((m) => ({ default: m.LocationEditPage })),
);

const RosterPage = lazy(() => import('./features/serving/RosterPage').then((m) => ({ default: m.RosterPage })));
const VisitsStaffPage = lazy(() =>
  import('./features/visits-staff/VisitsStaffPage').then((m) => ({ default: m.VisitsStaffPage })),
);
const GroupsStaffPage = lazy(() =>
  import('./features/groups-staff/GroupsStaffPage').then((m) => ({ default: m.GroupsStaffPage })),
);
const GroupEditPage = lazy(() => import('./features/groups-staff/GroupEditPage').then((m) => ({ default: m.GroupEditPage })));

const staff = (page: ReactNode) => <Suspense fallback={<LoadingState label="Loading the page…" rows={2} />}>{page}</Suspense>;

/** The community remote's pages, at the paths its manifest (app.json) declares. */
export const routes: RouteObject[] = [
  { path: '/community', element: <CommunityPage /> },
  // Moderation moved to the staff pages.
  { path: '/community/moderation', element: <Navigate to="/admin/moderation" replace /> },
  { path: '/community/my-posts', element: <MyPostsPage /> },
  { path: '/community/prayer-mail-off/:token', element: <PrayerMailOffPage /> },
  { path: '/groups', element: <GroupsPage /> },
  { path: '/groups/mail-off/:token', element: <GroupMailOffPage /> },
  { path: '/groups/:slug', element: <GroupPage /> },
  { path: '/my-groups', element: <MyGroupsPage /> },
  { path: '/admin/moderation', element: staff(<ModerationPage />) },
  { path: '/admin/locations', element: staff(<LocationsStaffPage />) },
  { path: '/admin/locations/:id', element: staff(<LocationEditPage />) },
  { path: '/serve', element: <ServePage /> },
  { path: '/serve/roster', element: staff(<RosterPage />) },
  { path: '/my-schedule', element: <MySchedulePage /> },
  { path: '/admin/serving', element: staff(<RosterPage staffPage />) },
  { path: '/visit', element: <VisitPage /> },
  { path: '/visit/confirm/:token', element: <ConfirmVisitPage /> },
  { path: '/admin/visits', element: staff(<VisitsStaffPage />) },
  { path: '/admin/groups', element: staff(<GroupsStaffPage />) },
  { path: '/admin/groups/:id', element: staff(<GroupEditPage />) },
  { path: '*', element: <NotFound /> },
];

export default function CommunityRoutes() {
  return useRoutes(routes);
}
