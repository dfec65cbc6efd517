import { Route, Routes } from 'react-router-dom';
import { NotFound } from '@ministry/shared/ui';
import { EventsPage } from './features/events/EventsPage';

/** The giving remote's pages, at the spec's absolute paths. */
export default function GivingRoutes() {
  return (
    <Routes>
      <Route path="/events" element={<EventsPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
