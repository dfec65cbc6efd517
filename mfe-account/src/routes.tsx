import { Route, Routes } from 'react-router-dom';
import { NotFound } from '@ministry/shared/ui';
import { LoginPage } from './features/login/LoginPage';
import { SignupStep1Page } from './features/signup/SignupStep1Page';
import { SignupStep2Page } from './features/signup/SignupStep2Page';
import { ResetPasswordPage } from './features/reset-password/ResetPasswordPage';
import { ProfilePage } from './features/profile/ProfilePage';
import { VerifyEmailPage } from './features/verify-email/VerifyEmailPage';

/** The account remote's pages, at the spec's absolute paths. */
export default function AccountRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/signup/:id" element={<SignupStep1Page />} />
      <Route path="/nextSignup" element={<SignupStep2Page />} />
      <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
      <Route path="/verify-email/:token" element={<VerifyEmailPage />} />
      <Route path="/profile" element={<ProfilePage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
