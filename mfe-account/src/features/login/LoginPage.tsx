import { useEffect, useRef, useState } from 'react';
import { Formik, Form, type FormikProps } from 'formik';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { errorStatus, serverErrorCode, serverMessage } from '@ministry/shared/api';
import type { User } from '@ministry/shared/types';
import { authFailure, authLoading, clearError, loginSuccess, useAppDispatch } from '@ministry/shared/store';
import { Button, formikField, notify, TextField, theme } from '@ministry/shared/ui';
import { loginSchema } from '@ministry/shared/validation';
import { AuthCard } from '../auth-layout/AuthCard';
import { CodeSignIn } from './CodeSignIn';
import { LinkButton } from './LinkButton';
import { ForgotPasswordModal } from './ForgotPasswordModal';
import { authErrorMessage } from '../../lib/authErrorMessage';
import { loginUser } from './api';
import { safeNextPath } from './safeNextPath';
import {
  cancelPasskeyRequest,
  passkeyAutofillSupported,
  passkeyErrorMessage,
  passkeysSupported,
  PASSKEYS_UNSUPPORTED,
  signInWithPasskey,
  wasCancelled,
} from '../passkeys/api';

// At every width: a shared phone must not get a 30-day session unasked.
const Remember = styled.label`
  display: flex;
  align-items: center;
  gap: 8px;
  margin: 0 0 16px;
  min-height: 44px;
  input {
    width: 20px;
    height: 20px;
    margin: 0;
  }
`;

/** Wrong passwords hold this sign-in up: the way in that no password limit blocks. */
const Held = styled.div`
  margin: 0 0 16px;
  padding: 12px 14px;
  border-left: 4px solid ${theme.colors.accent};
  background: ${theme.colors.surface};
  p {
    margin: 0 0 10px;
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

/** Codes of a login answer that mean wrong passwords hold this sign-in up (the server offers a code). */
const HELD = new Set(['sign_in_held', 'sign_in_slowed']);

/**
 * /login: e-mail, password and 'Keep me logged in' (at every width), with
 * "E-mail me a code" beside the password, put forward while wrong passwords
 * typed on this network or at this account hold the sign-in up; "Sign in
 * with a passkey", and the browser's own offer of the member's passkeys in
 * the e-mail field's autofill where it has one.
 */
export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [forgotOpen, setForgotOpen] = useState(false);
  const [withCode, setWithCode] = useState<{ email: string; remember: boolean } | null>(null);
  const [held, setHeld] = useState<string | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const formRef = useRef<FormikProps<{ email: string; password: string; remember: boolean }>>(null);
  const signedIn = (user: User) => {
    dispatch(loginSuccess(user));
    navigate(from, { replace: true });
  };
  const signedInRef = useRef(signedIn);
  signedInRef.current = signedIn;

  /** A passkey sign-in that failed: in words, unless the page called it off itself. */
  const passkeyFailed = (error: unknown) => {
    const message = passkeyErrorMessage(error, 'We could not sign you in with this passkey. Please try again.');
    dispatch(authFailure({ status: errorStatus(error), message }));
    notify.error(message, 5000);
    setTimeout(() => dispatch(clearError()), 5000);
  };

  // The browser's autofill offers the member's passkeys in the e-mail field, where it can (conditional mediation).
  useEffect(() => {
    let live = true;
    void passkeyAutofillSupported().then((supported) => {
      if (!live || !supported) return;
      signInWithPasskey(() => formRef.current?.values.remember ?? true, true).then(
        (user) => live && signedInRef.current(user),
        (error: unknown) => {
          if (live && !wasCancelled(error)) passkeyFailed(error);
        },
      );
    });
    return () => {
      live = false;
      cancelPasskeyRequest();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const withPasskey = async (remember: boolean) => {
    if (!passkeysSupported()) {
      notify.error(PASSKEYS_UNSUPPORTED, 8000);
      return;
    }
    setPasskeyBusy(true);
    try {
      signedIn(await signInWithPasskey(() => remember));
    } catch (error) {
      passkeyFailed(error);
    } finally {
      setPasskeyBusy(false);
    }
  };
  // Where to go after login: the page that sent the visitor here (router state or ?next=), else home.
  const from = safeNextPath(
    (location.state as { from?: string } | null)?.from ?? new URLSearchParams(location.search).get('next'),
  );

  return (
    <AuthCard title="Welcome back" pageTitle="Log in" intro="Log in to pray, share and book with the community.">
      {withCode ? (
        <CodeSignIn
          email={withCode.email}
          remember={withCode.remember}
          onSignedIn={signedIn}
          onPassword={() => setWithCode(null)}
        />
      ) : (
        <Formik
          innerRef={formRef}
          initialValues={{ email: '', password: '', remember: true }}
          validationSchema={loginSchema}
          onSubmit={async (values) => {
            dispatch(authLoading());
            try {
              const user = await loginUser({ email: values.email.trim(), password: values.password, remember: values.remember });
              signedIn(user);
            } catch (error) {
              const status = errorStatus(error);
              if (HELD.has(serverErrorCode(error) ?? '')) {
                // Held up by wrong passwords (here or at the account): the code is put forward.
                const words =
                  status === 429
                    ? (serverMessage(error) ?? authErrorMessage(status))
                    : 'Someone has been trying wrong passwords on this account. We can e-mail you a one-time code to sign in instead.';
                setHeld(words);
                dispatch(authFailure({ status, message: words }));
                setTimeout(() => dispatch(clearError()), 5000);
                return;
              }
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
              {held && (
                <Held role="alert">
                  <p>{held}</p>
                  <Button
                    type="button"
                    $block
                    onClick={() => setWithCode({ email: form.values.email.trim(), remember: form.values.remember })}
                  >
                    E-mail me a code
                  </Button>
                </Held>
              )}
              <TextField label="Email" type="email" autoComplete="username webauthn" {...formikField(form, 'email')} />
              <TextField label="Password" type="password" autoComplete="current-password" {...formikField(form, 'password')} />
              <Remember>
                <input type="checkbox" name="remember" checked={form.values.remember} onChange={form.handleChange} />
                Keep me logged in
              </Remember>
              <Button type="submit" $block disabled={form.isSubmitting}>
                {form.isSubmitting ? 'Logging in…' : 'Login'}
              </Button>
              {!held && (
                <Button
                  type="button"
                  $block
                  $variant="outline"
                  style={{ marginTop: 12 }}
                  onClick={() => setWithCode({ email: form.values.email.trim(), remember: form.values.remember })}
                >
                  E-mail me a code
                </Button>
              )}
              <Button
                type="button"
                $block
                $variant="outline"
                style={{ marginTop: 12 }}
                disabled={passkeyBusy}
                onClick={() => void withPasskey(form.values.remember)}
              >
                {passkeyBusy ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
              </Button>
              <LinkButton type="button" onClick={() => setForgotOpen(true)}>
                Forgot your password?
              </LinkButton>
            </Form>
          )}
        </Formik>
      )}
      <Links>
        <Link to="/signup/0">Create an account</Link>
        <Link to="/">Back To Home</Link>
      </Links>
      <ForgotPasswordModal open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </AuthCard>
  );
}
