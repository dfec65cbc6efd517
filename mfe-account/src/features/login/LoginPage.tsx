import { useState } from 'react';
import { Formik, Form } from 'formik';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { errorStatus, serverMessage } from '@ministry/shared/api';
import { authFailure, authLoading, clearError, loginSuccess, useAppDispatch } from '@ministry/shared/store';
import { Button, formikField, media, notify, TextField, theme } from '@ministry/shared/ui';
import { loginSchema } from '@ministry/shared/validation';
import { AuthCard } from '../auth-layout/AuthCard';
import { ForgotPasswordModal } from './ForgotPasswordModal';
import { authErrorMessage } from '../../lib/authErrorMessage';
import { loginUser } from './api';
import { safeNextPath } from './safeNextPath';

const Remember = styled.label`
  display: flex;
  align-items: center;
  gap: 8px;
  margin: 0 0 16px;
  ${media.mobile} {
    display: none;
  }
  input {
    width: 18px;
    height: 18px;
  }
`;

const Links = styled.p`
  display: flex;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: 8px;
  margin: 20px 0 0;
  a {
    color: ${theme.colors.primary};
    font-weight: 500;
  }
`;

const ForgotLink = styled.button`
  display: block;
  margin: 14px auto 0;
  background: none;
  border: none;
  color: ${theme.colors.primary};
  font: inherit;
  font-weight: 500;
  text-decoration: underline;
  cursor: pointer;
  min-height: 44px;
`;

/** /login: e-mail, password and 'Keep me logged in'. */
export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [forgotOpen, setForgotOpen] = useState(false);
  // Where to go after login: the page that sent the visitor here (router state or ?next=), else home.
  const from = safeNextPath(
    (location.state as { from?: string } | null)?.from ?? new URLSearchParams(location.search).get('next'),
  );

  return (
    <AuthCard title="Welcome back" pageTitle="Log in" intro="Log in to pray, share and book with the community.">
      <Formik
        initialValues={{ email: '', password: '', remember: true }}
        validationSchema={loginSchema}
        onSubmit={async (values) => {
          dispatch(authLoading());
          try {
            const user = await loginUser({ email: values.email.trim(), password: values.password, remember: values.remember });
            dispatch(loginSuccess(user));
            navigate(from, { replace: true });
          } catch (error) {
            const status = errorStatus(error);
            // A disabled account (403): the server says why, and whom to ask.
            const message = (status === 403 && serverMessage(error)) || authErrorMessage(status);
            dispatch(authFailure({ status, message }));
            // Spec section 8: the error shows top right and is cleared after 5 seconds.
            notify.error(message, 5000);
            setTimeout(() => dispatch(clearError()), 5000);
          }
        }}
      >
        {(form) => (
          <Form noValidate>
            <TextField label="Email" type="email" autoComplete="email" {...formikField(form, 'email')} />
            <TextField label="Password" type="password" autoComplete="current-password" {...formikField(form, 'password')} />
            <Remember>
              <input type="checkbox" name="remember" checked={form.values.remember} onChange={form.handleChange} />
              Keep me logged in
            </Remember>
            <Button type="submit" $block disabled={form.isSubmitting}>
              {form.isSubmitting ? 'Logging in…' : 'Login'}
            </Button>
            <ForgotLink type="button" onClick={() => setForgotOpen(true)}>
              Forgot your password?
            </ForgotLink>
          </Form>
        )}
      </Formik>
      <Links>
        <Link to="/signup/0">Create an account</Link>
        <Link to="/">Back To Home</Link>
      </Links>
      <ForgotPasswordModal open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </AuthCard>
  );
}
