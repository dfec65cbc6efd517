import { useCallback, useState } from 'react';
import styled from 'styled-components';
import { friendlyError, serverMessage } from '@ministry/shared/api';
import { formatNewsDate } from '@ministry/shared/format';
import { notify, theme } from '@ministry/shared/ui';
import { POST_MAX } from '@ministry/shared/limits';
import { useEditableResource } from '../community/useEditableResource';
import { CardTextForm, TextButton } from './CardTextForm';
import type { FollowUps, PrayerUpdate } from '@ministry/shared/types';
import { getPrayerUpdates, postPrayerUpdate, setPrayerSummary } from './api';

const List = styled.ul`
  list-style: none;
  margin: 12px 0 0;
  padding: 0;
  display: grid;
  gap: 8px;
  li {
    padding: 8px 12px;
    border-left: 3px solid ${theme.colors.accent};
    background: ${theme.colors.surface};
    border-radius: 0 8px 8px 0;
  }
  p {
    margin: 0;
    white-space: pre-line;
    overflow-wrap: anywhere;
  }
  small {
    display: block;
    color: ${theme.colors.muted};
    font-size: 0.82rem;
    margin-bottom: 2px;
  }
`;

const Actions = styled.div`
  margin-top: 10px;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
`;

const Switch = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  font-size: 0.9rem;
  cursor: pointer;
  input {
    width: 18px;
    height: 18px;
    accent-color: ${theme.colors.primary};
  }
`;

const NO_FOLLOW_UPS: FollowUps = { updates: {}, summaryMail: {} };

/**
 * The updates under the prayers on screen (and the viewer's own summary
 * settings), loaded once the wall has them. The server renders them with the
 * wall and hands them over with the page, so a visitor's browser asks for
 * nothing when it takes the page over. The wall reads well without them: a
 * failed load shows none.
 */
export function usePrayerFollowUps(
  prayerIds: string[],
  viewer: string,
): [FollowUps, (next: (current: FollowUps) => FollowUps) => void] {
  const key = prayerIds.join(',');
  const load = useCallback(() => (key ? getPrayerUpdates(key.split(',')) : Promise.resolve(NO_FOLLOW_UPS)), [key]);
  const { data, update } = useEditableResource(load, `prayer-updates:${viewer}:${key}`);
  return [data ?? NO_FOLLOW_UPS, (next) => update((current) => next(current ?? NO_FOLLOW_UPS))];
}

const STATUS_NOTE: Record<PrayerUpdate['status'], string> = {
  published: '',
  pending: ' · waiting for review',
  rejected: ' · not published',
};

/**
 * Under a prayer: the requester's updates, and for the requester of a
 * request on the wall, "Post an update" and the weekly summary switch.
 */
export function PrayerUpdates({
  prayerId,
  mine,
  onWall,
  followUps,
  onChange,
}: {
  prayerId: string;
  mine: boolean;
  onWall: boolean;
  followUps: FollowUps;
  onChange: (next: (current: FollowUps) => FollowUps) => void;
}) {
  const updates = followUps.updates[prayerId] ?? [];
  const summary = followUps.summaryMail[prayerId];
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const post = async () => {
    const words = text.trim();
    if (!words) return setError('Please write something first');
    if (words.length > POST_MAX) return setError(`Must be at most ${POST_MAX} characters`);
    setBusy(true);
    try {
      const update = await postPrayerUpdate(prayerId, words);
      onChange((current) => ({
        ...current,
        updates: { ...current.updates, [prayerId]: [...(current.updates[prayerId] ?? []), update] },
      }));
      setText('');
      setOpen(false);
      notify.success(
        update.status === 'published' ? 'Your update is posted.' : 'Thank you! Your update will show once it is reviewed.',
      );
    } catch (failure) {
      setError(serverMessage(failure) ?? friendlyError(failure, "We couldn't post that right now. Please try again."));
    } finally {
      setBusy(false);
    }
  };

  const switchSummary = async (on: boolean) => {
    onChange((current) => ({ ...current, summaryMail: { ...current.summaryMail, [prayerId]: on } }));
    try {
      await setPrayerSummary(prayerId, on);
      notify.success(on ? 'We will e-mail you a weekly summary of the prayers.' : 'No more weekly summaries for this request.');
    } catch (failure) {
      onChange((current) => ({ ...current, summaryMail: { ...current.summaryMail, [prayerId]: !on } }));
      notify.warning(friendlyError(failure, "We couldn't save that right now. Please try again."));
    }
  };

  return (
    <>
      {updates.length > 0 && (
        <List aria-label="Updates from the requester">
          {updates.map((u) => (
            <li key={u._id}>
              <small>
                Update, {formatNewsDate(u.date)}
                {STATUS_NOTE[u.status]}
                {u.reason ? ` (${u.reason})` : ''}
              </small>
              <p>{u.text}</p>
            </li>
          ))}
        </List>
      )}
      {mine && onWall && !open && (
        <Actions>
          <TextButton type="button" onClick={() => setOpen(true)}>
            Post an update
          </TextButton>
          {summary !== undefined && (
            <Switch>
              <input type="checkbox" checked={summary} onChange={(e) => void switchSummary(e.target.checked)} />
              Weekly summary by e-mail
            </Switch>
          )}
        </Actions>
      )}
      {mine && onWall && open && (
        <CardTextForm
          name="Post an update"
          label="Your update for those praying"
          value={text}
          error={error}
          busy={busy}
          submitLabel="Post update"
          busyLabel="Posting…"
          onChange={(value) => {
            setText(value);
            setError(undefined);
          }}
          onCancel={() => setOpen(false)}
          onSubmit={post}
        />
      )}
    </>
  );
}
