import { Route, Routes } from 'react-router-dom';
import { NotFound } from '@ministry/shared/ui';
import { CommunityPage } from './features/community/CommunityPage';
import { ModerationPage } from './features/moderation/ModerationPage';

/** The community remote's pages, at the spec's absolute paths. */
export default function CommunityRoutes() {
  return (
    <Routes>
      <Route path="/community" element={<CommunityPage />} />
      <Route path="/community/moderation" element={<ModerationPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
