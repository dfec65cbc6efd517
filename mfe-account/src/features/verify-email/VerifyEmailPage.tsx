import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { friendlyError, serverFieldErrors } from '@ministry/shared/api';
import { loginSuccess, useAppDispatch } from '@ministry/shared/store';
import { ButtonLink, LoadingState, notify } from '@ministry/shared/ui';
import { AuthCard } from '../auth-layout/AuthCard';
import { verifyEmail } from './api';

/**
 * /verify-email/:token: the link of a confirmation e-mail. The page (not the
 * link itself) asks the server, so a mail scanner opening links uses nothing
 * up. A confirmed member is signed in and goes home.
 */
export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const asked = useRef(false);

  useEffect(() => {
    // Once, even when React runs effects twice in development.
    if (asked.current) return;
    asked.current = true;
    verifyEmail(token).then(
      ({ user, message }) => {
        dispatch(loginSuccess(user));
        notify.success(message);
        navigate('/', { replace: true });
      },
      (error: unknown) => setFailure(serverFieldErrors(error).token ?? friendlyError(error)),
    );
  }, [token, dispatch, navigate]);

  if (failure) {
    return (
      <AuthCard title="This link no longer works" pageTitle="Confirm your e-mail">
        <p role="alert">{failure}</p>
        <ButtonLink to="/login" $block>
          Go to login
        </ButtonLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirming your e-mail address" pageTitle="Confirm your e-mail">
      <LoadingState label="Confirming your address…" />
    </AuthCard>
  );
}
