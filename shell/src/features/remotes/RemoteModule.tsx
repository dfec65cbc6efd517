import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
} from 'react';
import styled from 'styled-components';
import type { RemoteName } from '@ministry/shared/config';
import { Button, ErrorBoundary, LoadingState, theme } from '@ministry/shared/ui';
import { forgetRemote, loadRemoteModule } from './remoteLoader';
import { useSiteConfig } from './siteConfig';
import { remotePartLoading } from './pageReady';
import { reportRemoteFailure } from './errorReports';
import { useTakenOverLater } from './takenOverLater';

const Fallback = styled.div<{ $compact: boolean }>`
  margin: ${(p) => (p.$compact ? '24px auto' : '64px auto')};
  max-width: 560px;
  padding: 28px 24px;
  text-align: center;
  border: 1px dashed ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  p {
    margin: 0 0 16px;
    color: ${theme.colors.muted};
  }
`;

/** A module a remote exposes (`routes`, `HomeSections`). */
export type RemoteExpose = string;
type RemoteComponentModule = { default: ComponentType<Record<string, unknown>> };

/** How remote modules are loaded: Module Federation in the browser; the server renderer brings its own. */
export interface RemoteLoader {
  load: (remote: RemoteName, expose: RemoteExpose) => Promise<RemoteComponentModule>;
  /** The module at once, where it is at hand (the server renderer loads a page's modules before rendering it). */
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

/**
 * Once the fallback is shown: the part is settled (the page may be ready),
 * and the remote's failure is reported (a canary's errors are counted).
 */
function ReportFailure({ remote, settle }: { remote: RemoteName; settle: () => void }) {
  const config = useSiteConfig();
  useEffect(() => {
    settle();
    reportRemoteFailure(config, remote, new Error(`its part showed the "couldn't load" fallback`));
  }, [config, remote, settle]);
  return null;
}

/** Runs `onShown` once the part it sits in is on screen. */
function Shown({ onShown }: { onShown: () => void }) {
  useEffect(onShown, [onShown]);
  return null;
}

/**
 * Renders one module a remote exposes, loaded lazily. If the remote is down,
 * only this part of the page shows a message with a retry button.
 *
 * When the browser takes over the page the server rendered, a part may keep
 * the server's HTML, readable (its links work as links), its remote's code
 * loaded and the part taken over only later. A phone's first seconds are
 * spent on what the visitor can use at once:
 * - `whenVisible` (a part below the first screen): once it comes near the
 *   screen or the visitor reaches for it;
 * - `whenReached` (a part with nothing to do but read and follow links):
 *   once the visitor points at it, touches it or moves the focus into it.
 * Either way the wrapper says so (`data-waits`), for checks that must see
 * every part taken over.
 */
export function RemoteModule({
  remote,
  expose,
  compact = false,
  props = {},
  whenVisible = false,
  whenReached: untilReached = false,
}: {
  remote: RemoteName;
  expose: RemoteExpose;
  compact?: boolean;
  props?: Record<string, unknown>;
  whenVisible?: boolean;
  whenReached?: boolean;
}) {
  const loader = useContext(RemoteLoaderContext);
  const label = useSiteConfig().labels[remote] ?? 'this part of the page';
  const [attempt, setAttempt] = useState(0);
  const ready = loader.get?.(remote, expose);
  const later = useTakenOverLater(untilReached ? 'reached' : whenVisible ? 'near' : false);
  // Whether the part still waits (on the first render, whether it does at all).
  const waits = useRef(later.waits);
  // A part that waits goes through the lazy component even when its module is loaded already (another part uses it).
  const deferred = later.waits;
  // Settles the part's loading when it shows its fallback instead (it threw while rendering).
  const settling = useRef<(() => void) | null>(null);
  const settle = useCallback(() => settling.current?.(), []);
  const Lazy = useMemo(
    () =>
      lazy(async () => {
        if (waits.current) {
          waits.current = false;
          await later.approached;
        }
        const shown = remotePartLoading();
        settling.current = shown;
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
  const part = (
    <ErrorBoundary
      onRetry={() => {
        if (loader.forget(remote) === 'reload') window.location.reload();
        else setAttempt((n) => n + 1);
      }}
      fallback={(retry) => (
        <Fallback role="alert" $compact={compact}>
          <ReportFailure remote={remote} settle={settle} />
          <p>Sorry, we couldn&apos;t load {label} right now.</p>
          <Button type="button" onClick={retry}>
            Retry
          </Button>
        </Fallback>
      )}
    >
      <Suspense fallback={<LoadingState label="Loading…" rows={compact ? 1 : 2} />}>
        {ready && !deferred ? <ready.default {...props} /> : <Lazy {...props} />}
      </Suspense>
    </ErrorBoundary>
  );
  return whenVisible || untilReached ? (
    <div data-waits={untilReached ? 'reached' : 'near'} ref={later.place}>
      {part}
    </div>
  ) : (
    part
  );
}
