import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { friendlyError } from '@ministry/shared/api';
import type { PushSettings, PushTopic } from '@ministry/shared/types';
import { Button, notify, theme } from '@ministry/shared/ui';
import { NumberedPanel } from '../../components/Panel';
import { browserPush, subscribeHere, type BrowserPush } from './browserPush';
import { getPushKey, getPushSettings, removeSubscription, saveSubscription, setPushTopics } from './api';

const Panel = styled(NumberedPanel)`
  scroll-margin-top: 96px;
  p {
    margin: 0 0 12px;
    color: ${theme.colors.muted};
  }
  ul {
    list-style: none;
    margin: 16px 0 0;
    padding: 0;
    display: grid;
    gap: 14px;
  }
`;

const Switch = styled.label<{ $asked?: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: 12px;
  cursor: pointer;
  border-radius: 8px;
  ${({ $asked }) => ($asked ? `outline: 2px solid ${theme.colors.primary}; outline-offset: 4px;` : '')}
  input {
    width: 20px;
    height: 20px;
    margin-top: 2px;
    flex: none;
    accent-color: ${theme.colors.primary};
  }
`;

const Time = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  margin: 8px 0 0 32px;
  input {
    min-height: 40px;
    padding: 4px 8px;
    border: 1px solid ${theme.colors.border};
    border-radius: 8px;
    font: inherit;
  }
`;

const Browser = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  padding: 14px 16px;
  background: ${theme.colors.surface};
  border-radius: 8px;
  p {
    margin: 0;
    flex: 1 1 240px;
  }
`;

export const TOPIC_LABELS: Record<PushTopic, string> = {
  devotional: "The day's devotional, at the time I choose",
  reminders: 'Reminders the day before my events and serving',
  prayed: 'When someone prays for my request',
  sermons: 'A new sermon',
  announcements: 'Announcements from the church',
};

const TOPICS = Object.keys(TOPIC_LABELS) as PushTopic[];

const isTopic = (value: string | null): value is PushTopic => value !== null && value in TOPIC_LABELS;

/** What this browser's part says when notifications cannot be turned on here. */
const cannot: Record<Exclude<BrowserPush['kind'], 'ready'>, string> = {
  unsupported:
    'This browser cannot show notifications from websites. Your choices below still apply in the browsers where you turn them on.',
  'no-worker':
    'This browser can show notifications, but the part of the site that receives them has not started here yet. Reload the page once (or install the site) and come back.',
  denied:
    "Notifications from this site are blocked in this browser's settings. Allow them there (the padlock or site settings beside the address), then reload the page.",
};

/**
 * The member's notifications (#notifications on /profile): on or off in this
 * browser, and the topics, each off until turned on. A notification's "stop"
 * link comes here naming its topic (`?notifications=sermons`).
 */
export function NotificationsSection({ number }: { number: string }) {
  const [params] = useSearchParams();
  const asked = params.get('notifications');
  const [settings, setSettings] = useState<PushSettings | null>(null);
  const [here, setHere] = useState<BrowserPush | null>(null);
  const [busy, setBusy] = useState(false);
  const [time, setTime] = useState('07:00');

  useEffect(() => {
    let live = true;
    (async () => {
      const state = await browserPush().catch((): BrowserPush => ({ kind: 'unsupported' }));
      const endpoint = state.kind === 'ready' ? state.subscription?.endpoint : undefined;
      const mine = await getPushSettings(endpoint);
      if (!live) return;
      setHere(state);
      setSettings(mine);
      setTime(mine.devotionalTime);
    })().catch(() => live && setSettings(null));
    return () => {
      live = false;
    };
  }, []);

  const saveTopics = async (changes: Parameters<typeof setPushTopics>[0], done: string) => {
    setBusy(true);
    try {
      const now = await setPushTopics(changes);
      setSettings(now);
      setTime(now.devotionalTime);
      notify.success(done);
    } catch (error) {
      notify.error(friendlyError(error, "We couldn't save that right now. Please try again."));
    } finally {
      setBusy(false);
    }
  };

  const turnOnHere = async () => {
    if (here?.kind !== 'ready') return;
    setBusy(true);
    try {
      const subscription = await subscribeHere(here.registration, await getPushKey());
      if (!subscription) {
        setHere(await browserPush());
        notify.error('Notifications were not allowed in this browser.');
        return;
      }
      setSettings(await saveSubscription(subscription.toJSON()));
      setHere({ ...here, subscription });
      notify.success('Notifications are on in this browser.');
    } catch (error) {
      notify.error(friendlyError(error, "We couldn't turn on notifications in this browser. Please try again."));
    } finally {
      setBusy(false);
    }
  };

  const turnOffHere = async () => {
    if (here?.kind !== 'ready' || !here.subscription) return;
    setBusy(true);
    try {
      const { endpoint } = here.subscription;
      await here.subscription.unsubscribe();
      setSettings(await removeSubscription(endpoint));
      setHere({ ...here, subscription: null });
      notify.success('Notifications are off in this browser.');
    } catch (error) {
      notify.error(friendlyError(error, "We couldn't turn off notifications in this browser. Please try again."));
    } finally {
      setBusy(false);
    }
  };

  const onHere = here?.kind === 'ready' && here.subscription !== null && settings?.thisBrowser === true;
  return (
    <Panel id="notifications" aria-labelledby="profile-notifications">
      <h2 id="profile-notifications">
        <span>{number}</span> Notifications
      </h2>
      <p>Choose what the church may tell you about on your phone or computer. Everything is off until you turn it on.</p>
      {isTopic(asked) && settings?.topics[asked] && (
        <p role="status">To stop these notifications, turn off “{TOPIC_LABELS[asked]}” below.</p>
      )}
      {here && (
        <Browser>
          {here.kind === 'ready' ? (
            <>
              <p>
                {onHere ? 'Notifications are on in this browser.' : 'Notifications are off in this browser.'}
                {settings && settings.browsers > (onHere ? 1 : 0)
                  ? ` You have them on in ${settings.browsers - (onHere ? 1 : 0)} other browser${settings.browsers - (onHere ? 1 : 0) === 1 ? '' : 's'}.`
                  : ''}
              </p>
              {onHere ? (
                <Button type="button" $variant="outline" disabled={busy} onClick={() => void turnOffHere()}>
                  Turn off in this browser
                </Button>
              ) : (
                <Button type="button" disabled={busy || settings === null} onClick={() => void turnOnHere()}>
                  Turn on in this browser
                </Button>
              )}
            </>
          ) : (
            <p>{cannot[here.kind]}</p>
          )}
        </Browser>
      )}
      <ul aria-label="What to notify me about">
        {TOPICS.map((topic) => (
          <li key={topic}>
            <Switch $asked={asked === topic}>
              <input
                type="checkbox"
                checked={settings?.topics[topic] ?? false}
                disabled={busy || settings === null}
                onChange={(e) =>
                  void saveTopics(
                    { [topic]: e.target.checked },
                    e.target.checked ? 'Turned on.' : 'Turned off: you will not get these any more.',
                  )
                }
              />
              <span>{TOPIC_LABELS[topic]}</span>
            </Switch>
            {topic === 'devotional' && settings?.topics.devotional && (
              <Time>
                At
                <input
                  type="time"
                  value={time}
                  step={300}
                  disabled={busy}
                  onChange={(e) => setTime(e.target.value)}
                  onBlur={() => {
                    if (/^\d{2}:\d{2}$/.test(time) && time !== settings.devotionalTime)
                      void saveTopics({ devotionalTime: time }, `The devotional will come at ${time}.`);
                  }}
                />
                <span>(the church's time)</span>
              </Time>
            )}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
