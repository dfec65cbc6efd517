import { useState, type ReactNode } from 'react';
import { errorStatus, friendlyError } from '@ministry/shared/api';
import { Button, Container, Section, usePageTitle } from '@ministry/shared/ui';
import { LinkPageBox } from './LinkPageBox';

/**
 * A page opened from the "stop these e-mails" link of a mail: it asks, and
 * one press stops them, without signing in. (A press, not the link itself:
 * mail scanners open links.) A link not known (copied in part, or old) says
 * where else the e-mails are turned off.
 */
export function MailOffPage({
  pageTitle,
  title,
  what,
  button,
  stop,
  back,
  elsewhere,
}: {
  pageTitle: string;
  /** The question: "Stop prayer e-mails?". */
  title: ReactNode;
  /** What these e-mails are. */
  what: ReactNode;
  button: string;
  /** Stops them; gives the sentence that says it is done. */
  stop: () => Promise<ReactNode>;
  /** Under "Done": how to turn them back on. */
  back: ReactNode;
  /** For a link that does not work: where the e-mails are turned off. */
  elsewhere: ReactNode;
}) {
  usePageTitle(pageTitle);
  const [state, setState] = useState<'ask' | 'busy' | 'done' | 'unknown' | 'failed'>('ask');
  const [done, setDone] = useState<ReactNode>(null);
  const [error, setError] = useState('');

  const press = async () => {
    setState('busy');
    try {
      setDone(await stop());
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
              <p role="status">{done}</p>
              <p>{back}</p>
            </>
          ) : state === 'unknown' ? (
            <>
              <h1 id="mail-off-title">This link does not work</h1>
              <p role="alert">It may have been copied only in part. {elsewhere}</p>
            </>
          ) : (
            <>
              <h1 id="mail-off-title">{title}</h1>
              <p>{what}</p>
              {state === 'failed' && <p role="alert">{error}</p>}
              <Button type="button" onClick={press} disabled={state === 'busy'}>
                {state === 'busy' ? 'Stopping…' : button}
              </Button>
            </>
          )}
        </LinkPageBox>
      </Container>
    </Section>
  );
}
