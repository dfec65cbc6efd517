import { Route, Routes } from 'react-router-dom';
import { NotFound } from '@ministry/shared/ui';
import { BookingPage } from './features/booking/BookingPage';
import { CheckoutCancelledPage, CheckoutSuccessPage } from './features/checkout/CheckoutResultPages';
import { EventDetailPage } from './features/events/EventDetailPage';
import { EventsPage } from './features/events/EventsPage';
import { OfferingPage } from './features/offering/OfferingPage';

/** The giving remote's pages, at the spec's absolute paths. */
export default function GivingRoutes() {
  return (
    <Routes>
      <Route path="/events" element={<EventsPage />} />
      <Route path="/events/:id" element={<EventDetailPage />} />
      <Route path="/booking" element={<BookingPage />} />
      <Route path="/booking/success" element={<CheckoutSuccessPage />} />
      <Route path="/booking/cancelled" element={<CheckoutCancelledPage />} />
      <Route path="/offering" element={<OfferingPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
