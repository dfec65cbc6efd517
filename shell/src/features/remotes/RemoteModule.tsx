import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import styled from 'styled-components';
import type { RemoteName } from '@ministry/shared/config';
import { Button, ErrorBoundary, LoadingState, theme } from '@ministry/shared/ui';
import { forgetRemote, loadRemoteModule } from './remoteLoader';

const Fallback = styled.div<{ $compact: boolean }>`
  margin: ${(p) => (p.$compact ? '24px auto' : '64px auto')};
  max-width: 560px;
  padding: 28px 24px;
  text-align: center;
  border: 1px dashed ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  p { margin: 0 0 16px; color: ${theme.colors.muted}; }
`;

const PART_NAMES: Record<RemoteName, string> = {
  mfe_content: 'this content',
  mfe_community: 'the community section',
  mfe_account: 'the account pages',
  mfe_giving: 'the giving and events pages',
};

/**
 * Renders one module a remote exposes, loaded lazily. If the remote is down,
 * only this part of the page shows a message with a retry button.
 */
export function RemoteModule({
  remote,
  expose,
  compact = false,
  props = {},
}: {
  remote: RemoteName;
  expose: 'routes' | 'HomeSections' | 'LatestStories';
  compact?: boolean;
  props?: Record<string, unknown>;
}) {
  const [attempt, setAttempt] = useState(0);
  const Lazy = useMemo(
    () =>
      lazy(async () => {
        const mod = await loadRemoteModule<{ default: ComponentType<Record<string, unknown>> }>(remote, expose);
        return { default: mod.default };
      }),
    // a new lazy component on each attempt, so a retry loads again
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [remote, expose, attempt],
  );
  return (
    <ErrorBoundary
      onRetry={() => {
        if (forgetRemote(remote) === 'reload') window.location.reload();
        else setAttempt((n) => n + 1);
      }}
      fallback={(retry) => (
        <Fallback role="alert" $compact={compact}>
          <p>Sorry, we couldn&apos;t load {PART_NAMES[remote]} right now.</p>
          <Button type="button" onClick={retry}>
            Retry
          </Button>
        </Fallback>
      )}
    >
      <Suspense fallback={<LoadingState label="Loading…" rows={compact ? 1 : 2} />}>
        <Lazy {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
