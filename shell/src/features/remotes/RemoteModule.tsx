import { createContext, lazy, Suspense, useContext, useEffect, useMemo, useState, type ComponentType } from 'react';
import styled from 'styled-components';
import type { RemoteName } from '@ministry/shared/config';
import { Button, ErrorBoundary, LoadingState, theme } from '@ministry/shared/ui';
import { forgetRemote, loadRemoteModule } from './remoteLoader';
import { remotePartLoading } from './pageReady';

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

export type RemoteExpose = 'routes' | 'HomeSections' | 'LatestStories';
type RemoteComponentModule = { default: ComponentType<Record<string, unknown>> };

/** How remote modules are loaded: Module Federation in the browser; the server renderer brings its own. */
export interface RemoteLoader {
  load: (remote: RemoteName, expose: RemoteExpose) => Promise<RemoteComponentModule>;
  /** The module at once, where it is at hand (the server renderer has every remote built in). */
  get?: (remote: RemoteName, expose: RemoteExpose) => RemoteComponentModule | undefined;
  /** Forgets a failed remote before a retry; 'reload' asks for a fresh page load. */
  forget: (remote: RemoteName) => 'retry' | 'reload';
}

const federationLoader: RemoteLoader = {
  load: (remote, expose) => loadRemoteModule<RemoteComponentModule>(remote, expose),
  forget: forgetRemote,
};

const RemoteLoaderContext = createContext<RemoteLoader>(federationLoader);
export const RemoteLoaderProvider = RemoteLoaderContext.Provider;

/** Runs `onShown` once the part it sits in is on screen. */
function Shown({ onShown }: { onShown: () => void }) {
  useEffect(onShown, [onShown]);
  return null;
}

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
  expose: RemoteExpose;
  compact?: boolean;
  props?: Record<string, unknown>;
}) {
  const loader = useContext(RemoteLoaderContext);
  const [attempt, setAttempt] = useState(0);
  const ready = loader.get?.(remote, expose);
  const Lazy = useMemo(
    () =>
      lazy(async () => {
        const shown = remotePartLoading();
        try {
          const { default: Part } = await loader.load(remote, expose);
          return {
            default: (partProps: Record<string, unknown>) => (
              <>
                <Part {...partProps} />
                <Shown onShown={shown} />
              </>
            ),
          };
        } catch (error) {
          shown();
          throw error;
        }
      }),
    // a new lazy component on each attempt, so a retry loads again
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [loader, remote, expose, attempt],
  );
  return (
    <ErrorBoundary
      onRetry={() => {
        if (loader.forget(remote) === 'reload') window.location.reload();
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
        {ready ? <ready.default {...props} /> : <Lazy {...props} />}
      </Suspense>
    </ErrorBoundary>
  );
}
