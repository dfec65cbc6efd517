import { useState } from 'react';
import styled from 'styled-components';
import { friendlyError } from '@ministry/shared/api';
import { useResource } from '@ministry/shared/app';
import { Button, Muted, ResourceView, theme } from '@ministry/shared/ui';
import { SubscribeLinks } from '../subscribe/SubscribePanel';
import type { MyCalendarFeed as Feed } from '@ministry/shared/types';
import { getMyCalendarFeed, removeMyCalendarFeed, resetMyCalendarFeed } from './api';

const Box = styled.section`
  margin-top: 40px;
  padding: 20px 24px;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  h2 {
    margin: 0 0 6px;
    font-size: 1.2rem;
    color: ${theme.colors.primary};
  }
  p {
    margin: 0 0 12px;
  }
`;

const Manage = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  margin-top: 16px;
`;

const Problem = styled.p`
  color: ${theme.colors.danger};
  font-weight: 600;
`;

/**
 * "Your tickets in your calendar": the member's own events at a secret
 * address their calendar app subscribes to; a new address (the old one
 * stops working) or none at all.
 */
export function MyCalendarFeed() {
  const feed = useResource(getMyCalendarFeed, null);
  const [shown, setShown] = useState<Feed | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (action: () => Promise<Feed>, failure: string) => {
    setBusy(true);
    setProblem(null);
    try {
      setShown(await action());
    } catch (error) {
      setProblem(friendlyError(error, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box aria-labelledby="my-calendar-feed">
      <h2 id="my-calendar-feed">Your tickets in your calendar</h2>
      <ResourceView resource={feed} what="your calendar address" empty={null} isEmpty={() => false} loadingRows={1}>
        {(loaded) => {
          const url = (shown ?? loaded).url;
          return url ? (
            <>
              <p>The events you hold tickets for, in your own calendar, kept up to date.</p>
              <SubscribeLinks path={url} name="your tickets" />
              <Muted style={{ marginTop: 12 }}>
                Keep this address to yourself: anyone who has it can see which events you go to. If it got out, make a new one
                (the old one stops working).
              </Muted>
              <Manage>
                <Button
                  type="button"
                  $variant="outline"
                  disabled={busy}
                  onClick={() => void run(resetMyCalendarFeed, 'A new address could not be made. Please try again.')}
                >
                  Make a new address
                </Button>
                <Button
                  type="button"
                  $variant="outline"
                  disabled={busy}
                  onClick={() => void run(removeMyCalendarFeed, 'The address could not be turned off. Please try again.')}
                >
                  Turn the address off
                </Button>
              </Manage>
            </>
          ) : (
            <>
              <p>
                Have the events you hold tickets for appear in your own calendar (Google, Apple, Outlook), kept up to date, at a
                private address.
              </p>
              <Button
                type="button"
                disabled={busy}
                onClick={() => void run(resetMyCalendarFeed, 'Your calendar address could not be made. Please try again.')}
              >
                Get my calendar address
              </Button>
            </>
          );
        }}
      </ResourceView>
      {problem && <Problem role="alert">{problem}</Problem>}
    </Box>
  );
}
