import { Route, Routes } from 'react-router-dom';
import { NotFound } from '@ministry/shared/ui';
import { AboutPage } from './features/about/AboutPage';
import { DevotionalDetailPage } from './features/devotionals/DevotionalDetailPage';
import { DevotionalListPage } from './features/devotionals/DevotionalListPage';
import { NewsPage } from './features/news/NewsPage';
import { PoliciesPage } from './features/policies/PoliciesPage';
import { PressPage } from './features/press/PressPage';

/** The content remote's pages, at the spec's absolute paths. */
export default function ContentRoutes() {
  return (
    <Routes>
      <Route path="/about" element={<AboutPage />} />
      <Route path="/news" element={<NewsPage />} />
      <Route path="/press" element={<PressPage />} />
      <Route path="/policies" element={<PoliciesPage />} />
      <Route path="/daily-devotion" element={<DevotionalListPage />} />
      <Route path="/daily-devotion/all" element={<DevotionalListPage variant="all" />} />
      <Route path="/daily-devotion/tag/:tag" element={<DevotionalListPage variant="tag" />} />
      <Route path="/devotion-detail/:id" element={<DevotionalDetailPage />} />
      <Route path="/devotional-detail/tag/:tag" element={<DevotionalListPage variant="tag" />} />
      <Route path="/devotional-detail/:id" element={<DevotionalDetailPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
