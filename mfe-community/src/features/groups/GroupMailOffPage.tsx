import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { errorStatus, friendlyError } from '@ministry/shared/api';
import { Button, Container, Section, usePageTitle } from '@ministry/shared/ui';
import { turnGroupMailOff } from './api';
import { LinkPageBox } from '../../lib/LinkPageBox';

/**
 * /groups/mail-off/:token, the link at the foot of a group's e-mail: one
 * press stops that group's e-mails, without signing in. (A press, not the
 * link itself: mail scanners open links.)
 */
export function GroupMailOffPage() {
  usePageTitle('Stop group e-mails');
  const { token = '' } = useParams();
  const [state, setState] = useState<'ask' | 'busy' | 'done' | 'unknown' | 'failed'>('ask');
  const [group, setGroup] = useState('');
  const [error, setError] = useState('');

  const stop = async () => {
    setState('busy');
    try {
      setGroup(await turnGroupMailOff(token));
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
              <p role="status">We will no longer send you the e-mails of {group}.</p>
              <p>
                You stay in the group. You can turn its e-mails back on in <Link to="/my-groups">your groups</Link>.
              </p>
            </>
          ) : state === 'unknown' ? (
            <>
              <h1 id="mail-off-title">This link does not work</h1>
              <p role="alert">
                It may have been copied only in part. You can turn a group&rsquo;s e-mails off in{' '}
                <Link to="/my-groups">your groups</Link>.
              </p>
            </>
          ) : (
            <>
              <h1 id="mail-off-title">Stop this group&rsquo;s e-mails?</h1>
              <p>Its leaders write to the group through the site now and then. You stay in the group either way.</p>
              {state === 'failed' && <p role="alert">{error}</p>}
              <Button type="button" onClick={stop} disabled={state === 'busy'}>
                {state === 'busy' ? 'Stopping…' : 'Stop these e-mails'}
              </Button>
            </>
          )}
        </LinkPageBox>
      </Container>
    </Section>
  );
}
