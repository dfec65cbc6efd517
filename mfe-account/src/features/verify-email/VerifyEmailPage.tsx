import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { friendlyError, serverErrorCode, serverFieldErrors, serverMessage } from '@ministry/shared/api';
import { loginSuccess, useAppDispatch, useAuth } from '@ministry/shared/store';
import { Button, ButtonLink, LoadingState, notify } from '@ministry/shared/ui';
import { AuthCard } from '../auth-layout/AuthCard';
import { verifyEmail } from './api';

/**
 * /verify-email/:token: the link of a confirmation e-mail. The page (not the
 * link itself) asks the server, so a mail scanner opening links uses nothing
 * up. A confirmed member is signed in and goes home. While someone else is
 * signed in on this browser the page asks first: a link sent by someone
 * else must not put this browser in their account unasked.
 */
export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { user } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const [question, setQuestion] = useState<string | null>(null);
  const asked = useRef(false);

  const open = useCallback(
    (switchAccount: boolean) =>
      verifyEmail(token, switchAccount).then(
        ({ user, message }) => {
          dispatch(loginSuccess(user));
          notify.success(message);
          navigate('/', { replace: true });
        },
        (error: unknown) => {
          if (serverErrorCode(error) === 'signed_in_as_other')
            setQuestion(serverMessage(error) ?? 'Another account is signed in here.');
          else setFailure(serverFieldErrors(error).token ?? friendlyError(error));
        },
      ),
    [token, dispatch, navigate],
  );

  useEffect(() => {
    // Once, even when React runs effects twice in development.
    if (asked.current) return;
    asked.current = true;
    void open(false);
  }, [open]);

  if (question) {
    return (
      <AuthCard title="Another account is signed in" pageTitle="Confirm your e-mail">
        <p role="alert">{question}</p>
        <Button
          type="button"
          $block
          onClick={() => {
            setQuestion(null);
            void open(true);
          }}
        >
          Sign out and continue
        </Button>
        <ButtonLink to="/" $block $variant="outline" style={{ marginTop: 12 }}>
          Stay signed in, leave this link
        </ButtonLink>
      </AuthCard>
    );
  }

  // A used link opened by a signed-in member whose address is confirmed (and no new one waits): nothing is left to do.
  if (failure && user?.emailVerified && !user.pendingEmail) {
    return (
      <AuthCard title="Your e-mail address is confirmed" pageTitle="Confirm your e-mail">
        <p role="status">{user.email} is confirmed: this link has done its work, and there is nothing more to do.</p>
        <ButtonLink to="/" $block>
          Go to the home page
        </ButtonLink>
      </AuthCard>
    );
  }

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
