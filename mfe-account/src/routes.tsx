import { lazy, Suspense, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { LoadingState, NotFound } from '@ministry/shared/ui';
import { LoginPage } from './features/login/LoginPage';
import { SignupStep1Page } from './features/signup/SignupStep1Page';
import { SignupStep2Page } from './features/signup/SignupStep2Page';
import { ResetPasswordPage } from './features/reset-password/ResetPasswordPage';
import { ProfilePage } from './features/profile/ProfilePage';
import { VerifyEmailPage } from './features/verify-email/VerifyEmailPage';
import { ConfirmSubscriptionPage } from './features/newsletter/ConfirmSubscriptionPage';
import { UnsubscribePage } from './features/newsletter/UnsubscribePage';

// Staff pages load apart (their own chunks), so they weigh nothing on the public pages.
const MembersPage = lazy(() => import('./features/members/MembersPage').then((m) => ({ default: m.MembersPage })));
const MemberPage = lazy(() => import('./features/members/MemberPage').then((m) => ({ default: m.MemberPage })));
const NewsletterStaffPage = lazy(() =>
  import('./features/newsletter-staff/NewsletterStaffPage').then((m) => ({ default: m.NewsletterStaffPage })),
);
const AnnouncementsPage = lazy(() =>
  import('./features/announcements/AnnouncementsPage').then((m) => ({ default: m.AnnouncementsPage })),
);
const SubscribersPage = lazy(() =>
  import('./features/subscribers/SubscribersPage').then((m) => ({ default: m.SubscribersPage })),
);

const staff = (page: ReactNode) => <Suspense fallback={<LoadingState label="Loading the page…" rows={2} />}>{page}</Suspense>;

/** The account remote's pages, at the paths its manifest (app.json) declares. */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/signup/:id', element: <SignupStep1Page /> },
  { path: '/nextSignup', element: <SignupStep2Page /> },
  { path: '/reset-password/:token', element: <ResetPasswordPage /> },
  { path: '/verify-email/:token', element: <VerifyEmailPage /> },
  { path: '/newsletter/confirm/:token', element: <ConfirmSubscriptionPage /> },
  { path: '/newsletter/unsubscribe/:token', element: <UnsubscribePage /> },
  { path: '/profile', element: <ProfilePage /> },
  { path: '/admin/members', element: staff(<MembersPage />) },
  { path: '/admin/members/:id', element: staff(<MemberPage />) },
  { path: '/admin/subscribers', element: staff(<SubscribersPage />) },
  { path: '/admin/newsletter', element: staff(<NewsletterStaffPage />) },
  { path: '/admin/announcements', element: staff(<AnnouncementsPage />) },
  { path: '*', element: <NotFound /> },
];

export default function AccountRoutes() {
  return useRoutes(routes);
}
