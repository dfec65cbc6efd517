import { use, useCallback, useEffect, useRef, useState } from 'react';
import { ClientResourceCache, ServerResourceCache, usePrerenderContext } from './prerender';

export interface Resource<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

const noop = () => {};

/**
 * Loads data with an async function and tracks loading and error, so every
 * list can show a loading, empty, error-with-retry or filled state.
 * `key` changes reload it (e.g. the id of the thing shown).
 *
 * A string `key` also names the load across the site ('devotionals',
 * `event:${id}`): the server renderer loads it before it answers, and the
 * browser's first render of that page starts from the server's answer
 * instead of loading again. Give the same name only to the same request.
 */
export function useResource<T>(load: () => Promise<T>, key: unknown = null): Resource<T> {
  const { cache } = usePrerenderContext();
  const name = typeof key === 'string' ? key : null;

  // On the server: load during the render and wait for it (Suspense).
  const onServer = cache instanceof ServerResourceCache ? cache : null;
  const settled = onServer && name !== null ? use(onServer.load(name, load)) : null;

  const [state, setState] = useState<{ data?: T; error: unknown; loading: boolean }>(() => {
    if (settled)
      return settled.ok ? { data: settled.value as T, error: null, loading: false } : { error: settled.error, loading: false };
    const served = name !== null && cache instanceof ClientResourceCache ? cache.peek(name) : undefined;
    return served ? { data: served.value as T, error: null, loading: false } : { error: null, loading: true };
  });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  // The first load is skipped when the page came with its answer.
  const hasServedData = useRef(!state.loading);

  useEffect(() => {
    if (hasServedData.current) {
      hasServedData.current = false;
      return;
    }
    let live = true;
    setState((s) => ({ data: s.data, error: null, loading: true }));
    loadRef.current().then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error: unknown) => live && setState({ data: undefined, error, loading: false }),
    );
    return () => {
      live = false;
    };
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // On the server the state is the settled load (each render starts afresh), and nothing reloads there.
  return { data: state.data, error: state.error, loading: state.loading, reload: settled ? noop : reload };
}
