import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { errorStatus, friendlyError, serverFieldErrors } from '@ministry/shared/api';
import { Button, ButtonLink, LoadingState } from '@ministry/shared/ui';
import { AuthCard } from '../auth-layout/AuthCard';
import { getUnsubscribeLink, subscribeAgain, unsubscribeNewsletter } from './api';

type Link =
  | { state: 'loading' }
  /** The link's address (unknown when it could not be read), still receiving the newsletter. */
  | { state: 'subscribed'; email: string | null }
  | { state: 'unsubscribed'; email: string | null; message?: string }
  | { state: 'invalid'; message: string };

/**
 * /newsletter/unsubscribe/:token: the visible unsubscribe link of every
 * newsletter; works signed out. It names the address and asks before
 * unsubscribing, so a mail scanner that opens the link unsubscribes nobody.
 * A link used already says so, for which address, and offers to subscribe
 * again (a confirmation mail first, as from the footer).
 */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  const [link, setLink] = useState<Link>({ state: 'loading' });
  const [busy, setBusy] = useState(false);
  const [again, setAgain] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    let current = true;
    getUnsubscribeLink(token).then(
      ({ email, status }) => {
        if (current) setLink(status === 'unsubscribed' ? { state: 'unsubscribed', email } : { state: 'subscribed', email });
      },
      (error: unknown) => {
        if (!current) return;
        // A link we do not know is said so; a failure to read it still lets the visitor unsubscribe.
        if (errorStatus(error) === 400)
          setLink({ state: 'invalid', message: serverFieldErrors(error).token ?? friendlyError(error) });
        else setLink({ state: 'subscribed', email: null });
      },
    );
    return () => {
      current = false;
    };
  }, [token]);

  const unsubscribe = async (email: string | null) => {
    setBusy(true);
    try {
      const answer = await unsubscribeNewsletter(token);
      setLink({ state: 'unsubscribed', email: answer.email ?? email, message: answer.message });
    } catch (error) {
      setLink({ state: 'invalid', message: serverFieldErrors(error).token ?? friendlyError(error) });
    } finally {
      setBusy(false);
    }
  };

  const subscribe = async (email: string) => {
    setBusy(true);
    try {
      setAgain({ ok: true, message: (await subscribeAgain(email)).message });
    } catch (error) {
      setAgain({ ok: false, message: friendlyError(error) });
    } finally {
      setBusy(false);
    }
  };

  if (link.state === 'loading') {
    return (
      <AuthCard title="Unsubscribe from the newsletter" pageTitle="Unsubscribe">
        <LoadingState label="Reading your link…" />
      </AuthCard>
    );
  }
  if (link.state === 'invalid') {
    return (
      <AuthCard title="This link does not work" pageTitle="Unsubscribe">
        <p role="alert">{link.message}</p>
        <ButtonLink to="/" $block>
          Go to the home page
        </ButtonLink>
      </AuthCard>
    );
  }
  if (link.state === 'unsubscribed') {
    return (
      <AuthCard title="You are unsubscribed" pageTitle="Unsubscribe">
        <p role="status">
          {link.email ? (
            <>
              Done: <strong>{link.email}</strong> will not receive our newsletter any more.
            </>
          ) : (
            (link.message ?? 'Done: you will not receive our newsletter any more.')
          )}
        </p>
        {again ? (
          <p role={again.ok ? 'status' : 'alert'}>{again.message}</p>
        ) : link.email ? (
          <>
            <p>Changed your mind?</p>
            <Button type="button" $block $variant="outline" disabled={busy} onClick={() => void subscribe(link.email as string)}>
              {busy ? 'Subscribing…' : 'Subscribe again'}
            </Button>
          </>
        ) : (
          <p>Changed your mind? Subscribe again from the foot of any page.</p>
        )}
        <ButtonLink to="/" $block style={{ marginTop: 12 }}>
          Go to the home page
        </ButtonLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Unsubscribe from the newsletter" pageTitle="Unsubscribe">
      <p>
        {link.email ? (
          <>
            You will no longer receive our weekly newsletter at <strong>{link.email}</strong>.
          </>
        ) : (
          'You will no longer receive our weekly newsletter at this address.'
        )}
      </p>
      <Button type="button" $block disabled={busy} onClick={() => void unsubscribe(link.email)}>
        {busy ? 'Unsubscribing…' : 'Unsubscribe'}
      </Button>
    </AuthCard>
  );
}
