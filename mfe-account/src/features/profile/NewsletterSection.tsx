import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { friendlyError } from '@ministry/shared/api';
import type { MyNewsletter } from '@ministry/shared/types';
import { notify, theme } from '@ministry/shared/ui';
import { NumberedPanel } from '../../components/Panel';
import { getMyNewsletter, setMyNewsletter } from './api';

const Panel = styled(NumberedPanel)`
  p {
    margin: 12px 0 0;
    color: ${theme.colors.muted};
  }
`;

const Switch = styled.label`
  display: flex;
  align-items: flex-start;
  gap: 12px;
  cursor: pointer;
  input {
    width: 20px;
    height: 20px;
    margin-top: 2px;
    flex: none;
    accent-color: ${theme.colors.primary};
  }
`;

const messages = {
  confirmed: 'You are subscribed: the newsletter comes once a week.',
  pending: 'Check your inbox to confirm your subscription.',
  off: 'You are unsubscribed from the newsletter.',
};

/** The member's own newsletter subscription (their account's address): on at once when the address is confirmed, else by mail. */
export function NewsletterSection() {
  const [mine, setMine] = useState<MyNewsletter | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    getMyNewsletter().then(
      (answer) => live && setMine(answer),
      () => live && setMine(null),
    );
    return () => {
      live = false;
    };
  }, []);

  const change = async (wanted: boolean) => {
    setBusy(true);
    try {
      const now = await setMyNewsletter(wanted);
      setMine(now);
      notify.success(
        now.status === 'confirmed' ? messages.confirmed : now.status === 'pending' ? messages.pending : messages.off,
      );
    } catch (error) {
      notify.error(friendlyError(error, "We couldn't save that right now. Please try again."));
    } finally {
      setBusy(false);
    }
  };

  const on = mine?.status === 'confirmed' || mine?.status === 'pending';
  return (
    <Panel aria-labelledby="profile-newsletter">
      <h2 id="profile-newsletter">
        <span>06</span> Newsletter
      </h2>
      <Switch>
        <input type="checkbox" checked={on} disabled={busy || mine === null} onChange={(e) => void change(e.target.checked)} />
        <span>Send me the weekly newsletter: devotionals, events and news{mine ? ` (to ${mine.email})` : ''}</span>
      </Switch>
      {mine?.status === 'pending' && <p role="status">{messages.pending}</p>}
    </Panel>
  );
}
