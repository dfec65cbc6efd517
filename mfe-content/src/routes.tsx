import { Route, Routes } from 'react-router-dom';
import { NotFound } from '@ministry/shared/ui';
import { DevotionalListPage } from './features/devotionals/DevotionalListPage';

/** The content remote's pages, at the spec's absolute paths. */
export default function ContentRoutes() {
  return (
    <Routes>
      <Route path="/daily-devotion" element={<DevotionalListPage />} />
      <Route path="/daily-devotion/all" element={<DevotionalListPage all />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
