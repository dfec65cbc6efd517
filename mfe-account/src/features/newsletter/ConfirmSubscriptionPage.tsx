import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { friendlyError, serverFieldErrors } from '@ministry/shared/api';
import { ButtonLink, LoadingState } from '@ministry/shared/ui';
import { AuthCard } from '../auth-layout/AuthCard';
import { confirmNewsletter } from './api';

/**
 * /newsletter/confirm/:token: the link of the newsletter's confirmation
 * mail. The page (not the link itself) asks the server, once.
 */
export function ConfirmSubscriptionPage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<{ ok: boolean; message: string; email?: string } | null>(null);
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    confirmNewsletter(token).then(
      ({ email, message }) => setState({ ok: true, message, email }),
      (error: unknown) => setState({ ok: false, message: serverFieldErrors(error).token ?? friendlyError(error) }),
    );
  }, [token]);

  if (!state) {
    return (
      <AuthCard title="Confirming your subscription" pageTitle="Confirm your subscription">
        <LoadingState label="Confirming your subscription…" />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={state.ok ? 'You are subscribed' : 'This link does not work'} pageTitle="Confirm your subscription">
      <p role={state.ok ? 'status' : 'alert'}>{state.message}</p>
      {state.email && (
        <p>
          The newsletter will come to <strong style={{ overflowWrap: 'anywhere' }}>{state.email}</strong>. Every issue has a link
          to unsubscribe.
        </p>
      )}
      <ButtonLink to="/daily-devotion" $block>
        Read today&apos;s devotional
      </ButtonLink>
    </AuthCard>
  );
}
