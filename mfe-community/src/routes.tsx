import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { LoadingState, NotFound } from '@ministry/shared/ui';
import { CommunityPage } from './features/community-page/CommunityPage';
import { ServePage } from './features/serving/ServePage';
import { VisitPage } from './features/visits/VisitPage';
import { GroupsPage } from './features/groups/GroupsPage';
import { GroupPage } from './features/groups/GroupPage';

// Staff pages, members' pages and the pages opened from an e-mail's link (none of them rendered by the
// server) load apart (their own chunks), so they weigh nothing on the public pages.
const MyPostsPage = lazy(() => import('./features/my-posts/MyPostsPage').then((m) => ({ default: m.MyPostsPage })));
const MyGroupsPage = lazy(() => import('./features/my-groups/MyGroupsPage').then((m) => ({ default: m.MyGroupsPage })));
const MySchedulePage = lazy(() => import('./features/serving/MySchedulePage').then((m) => ({ default: m.MySchedulePage })));
const PrayerMailOffPage = lazy(() =>
  import('./features/prayers/PrayerMailOffPage').then((m) => ({ default: m.PrayerMailOffPage })),
);
const GroupMailOffPage = lazy(() => import('./features/groups/GroupMailOffPage').then((m) => ({ default: m.GroupMailOffPage })));
const ConfirmVisitPage = lazy(() => import('./features/visits/ConfirmVisitPage').then((m) => ({ default: m.ConfirmVisitPage })));
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

const ownChunk = (page: ReactNode) => <Suspense fallback={<LoadingState label="Loading the page…" rows={2} />}>{page}</Suspense>;

/** The community remote's pages, at the paths its manifest (app.json) declares. */
export const routes: RouteObject[] = [
  { path: '/community', element: <CommunityPage /> },
  // Moderation moved to the staff pages.
  { path: '/community/moderation', element: <Navigate to="/admin/moderation" replace /> },
  { path: '/community/my-posts', element: ownChunk(<MyPostsPage />) },
  { path: '/community/prayer-mail-off/:token', element: ownChunk(<PrayerMailOffPage />) },
  { path: '/groups', element: <GroupsPage /> },
  { path: '/groups/mail-off/:token', element: ownChunk(<GroupMailOffPage />) },
  { path: '/groups/:slug', element: <GroupPage /> },
  { path: '/my-groups', element: ownChunk(<MyGroupsPage />) },
  { path: '/admin/moderation', element: ownChunk(<ModerationPage />) },
  { path: '/admin/locations', element: ownChunk(<LocationsStaffPage />) },
  { path: '/admin/locations/:id', element: ownChunk(<LocationEditPage />) },
  { path: '/serve', element: <ServePage /> },
  { path: '/serve/roster', element: ownChunk(<RosterPage />) },
  { path: '/my-schedule', element: ownChunk(<MySchedulePage />) },
  { path: '/admin/serving', element: ownChunk(<RosterPage staffPage />) },
  { path: '/visit', element: <VisitPage /> },
  { path: '/visit/confirm/:token', element: ownChunk(<ConfirmVisitPage />) },
  { path: '/admin/visits', element: ownChunk(<VisitsStaffPage />) },
  { path: '/admin/groups', element: ownChunk(<GroupsStaffPage />) },
  { path: '/admin/groups/:id', element: ownChunk(<GroupEditPage />) },
  { path: '*', element: <NotFound /> },
];

export default function CommunityRoutes() {
  return useRoutes(routes);
}
