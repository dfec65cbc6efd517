import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { errorStatus, friendlyError } from '@ministry/shared/api';
import { Button, Container, Section, usePageTitle } from '@ministry/shared/ui';
import { turnPrayerMailOff, turnPrayerSummaryOff } from './api';
import { LinkPageBox } from '../../lib/LinkPageBox';

const SUMMARY_WORDS = {
  title: 'Stop the weekly summary?',
  what: 'We e-mail you once a week how many people prayed for this request.',
  done: 'We will no longer send you the weekly summary for this request.',
  back: (
    <>
      You can turn it back on under your request on the <Link to="/community">prayer wall</Link>.
    </>
  ),
  button: 'Stop the weekly summary',
};

const DAILY_WORDS = {
  title: 'Stop prayer e-mails?',
  what: 'We e-mail you, at most once a day, when members of the church family pray for your requests.',
  done: 'We will no longer e-mail you when members pray for your requests.',
  back: (
    <>
      You can turn these e-mails back on in <Link to="/profile">your profile</Link>.
    </>
  ),
  button: 'Stop these e-mails',
};

/**
 * /community/prayer-mail-off/:token, the link in a "people prayed" e-mail
 * (with `?summary=1`, in a request's weekly summary): one press stops those
 * e-mails, without signing in. (A press, not the link itself: mail scanners
 * open links.)
 */
export function PrayerMailOffPage() {
  const [search] = useSearchParams();
  const summary = search.get('summary') === '1';
  const words = summary ? SUMMARY_WORDS : DAILY_WORDS;
  usePageTitle(summary ? 'Stop the weekly summary' : 'Stop prayer e-mails');
  const { token = '' } = useParams();
  const [state, setState] = useState<'ask' | 'busy' | 'done' | 'unknown' | 'failed'>('ask');
  const [error, setError] = useState('');

  const stop = async () => {
    setState('busy');
    try {
      await (summary ? turnPrayerSummaryOff(token) : turnPrayerMailOff(token));
      setState('done');
    } catch (failure) {
      const status = errorStatus(failure);
      if (status === 404 || status === 400) setState('unknown');
      else {
        setError(friendlyError(failure));
        setState('failed');
      }
    }
  };

  return (
    <Section>
      <Container>
        <LinkPageBox role="region" aria-labelledby="mail-off-title">
          {state === 'done' ? (
            <>
              <h1 id="mail-off-title">Done</h1>
              <p role="status">{words.done}</p>
              <p>{words.back}</p>
            </>
          ) : state === 'unknown' ? (
            <>
              <h1 id="mail-off-title">This link does not work</h1>
              <p role="alert">
                It may have been copied only in part. You can turn these e-mails off in <Link to="/profile">your profile</Link>.
              </p>
            </>
          ) : (
            <>
              <h1 id="mail-off-title">{words.title}</h1>
              <p>{words.what}</p>
              {state === 'failed' && <p role="alert">{error}</p>}
              <Button type="button" onClick={stop} disabled={state === 'busy'}>
                {state === 'busy' ? 'Stopping…' : words.button}
              </Button>
            </>
          )}
        </LinkPageBox>
      </Container>
    </Section>
  );
}
