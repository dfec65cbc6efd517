import { Route, Routes } from 'react-router-dom';
import { NotFound } from '@ministry/shared/ui';
import { LoginPage } from './features/login/LoginPage';

/** The account remote's pages, at the spec's absolute paths. */
export default function AccountRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
