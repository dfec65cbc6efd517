import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { friendlyError, serverFieldErrors } from '@ministry/shared/api';
import { Button, ButtonLink } from '@ministry/shared/ui';
import { AuthCard } from '../auth-layout/AuthCard';
import { unsubscribeNewsletter } from './api';

/**
 * /newsletter/unsubscribe/:token: the visible unsubscribe link of every
 * newsletter; works signed out. It asks before unsubscribing, so a mail
 * scanner that opens the link unsubscribes nobody.
 */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  const unsubscribe = async () => {
    setBusy(true);
    try {
      setResult({ ok: true, message: (await unsubscribeNewsletter(token)).message });
    } catch (error) {
      setResult({ ok: false, message: serverFieldErrors(error).token ?? friendlyError(error) });
    } finally {
      setBusy(false);
    }
  };

  if (result) {
    return (
      <AuthCard title={result.ok ? 'You are unsubscribed' : 'This link does not work'} pageTitle="Unsubscribe">
        <p role={result.ok ? 'status' : 'alert'}>{result.message}</p>
        {result.ok && <p>Changed your mind? Subscribe again from the foot of any page.</p>}
        <ButtonLink to="/" $block>
          Go to the home page
        </ButtonLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Unsubscribe from the newsletter" pageTitle="Unsubscribe">
      <p>You will no longer receive our weekly newsletter at this address.</p>
      <Button type="button" $block disabled={busy} onClick={() => void unsubscribe()}>
        {busy ? 'Unsubscribing…' : 'Unsubscribe'}
      </Button>
    </AuthCard>
  );
}
