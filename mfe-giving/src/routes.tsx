import { lazy, Suspense, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { LoadingState, NotFound } from '@ministry/shared/ui';
import { BookingPage } from './features/booking/BookingPage';
import { CalendarPage } from './features/calendar/CalendarPage';
import { CheckoutCancelledPage, CheckoutSuccessPage } from './features/checkout/CheckoutResultPages';
import { EventDetailPage } from './features/events/EventDetailPage';
import { EventsPage } from './features/events/EventsPage';
import { OfferingPage } from './features/offering/OfferingPage';

/** A page loaded as a chunk of its own when it is first opened: staff and members' pages weigh nothing on the public ones. */
function ownChunk(load: () => Promise<ComponentType>) {
  const Page = lazy(() => load().then((component) => ({ default: component })));
  return (
    <Suspense fallback={<LoadingState label="Loading the page…" rows={2} />}>
      <Page />
    </Suspense>
  );
}

/** The giving remote's pages, at the paths its manifest (app.json) declares. */
export const routes: RouteObject[] = [
  { path: '/events', element: <EventsPage /> },
  { path: '/events/:id', element: <EventDetailPage /> },
  { path: '/calendar', element: <CalendarPage /> },
  { path: '/booking', element: <BookingPage /> },
  { path: '/booking/success', element: <CheckoutSuccessPage /> },
  { path: '/booking/cancelled', element: <CheckoutCancelledPage /> },
  { path: '/offering', element: <OfferingPage /> },
  { path: '/my-tickets', element: ownChunk(() => import('./features/my-tickets/MyTicketsPage').then((m) => m.MyTicketsPage)) },
  { path: '/my-giving', element: ownChunk(() => import('./features/my-giving/MyGivingPage').then((m) => m.MyGivingPage)) },
  {
    path: '/admin/events',
    element: ownChunk(() => import('./features/staff-events/EventsAdminPage').then((m) => m.EventsAdminPage)),
  },
  {
    path: '/admin/events/new',
    element: ownChunk(() => import('./features/staff-events/EventFormPage').then((m) => m.EventFormPage)),
  },
  {
    path: '/admin/events/:id',
    element: ownChunk(() => import('./features/staff-events/EventFormPage').then((m) => m.EventFormPage)),
  },
  {
    path: '/admin/events/:id/attendees',
    element: ownChunk(() => import('./features/staff-events/AttendeesPage').then((m) => m.AttendeesPage)),
  },
  {
    path: '/admin/events/:id/check-in',
    element: ownChunk(() => import('./features/staff-events/CheckInPage').then((m) => m.CheckInPage)),
  },
  {
    path: '/admin/donations',
    element: ownChunk(() => import('./features/staff-donations/DonationsPage').then((m) => m.DonationsPage)),
  },
  { path: '*', element: <NotFound /> },
];

export default function GivingRoutes() {
  return useRoutes(routes);
}
