/**
 * The toast container, and the one switch that puts it on screen. The toast
 * library loads with the first notification (`notify` of
 * @ministry/shared/ui), not with every page: toasts asked for before the
 * container is on screen wait for it. The switch lives in this entry, of
 * which there is one copy on the page, so a notification from any app (even
 * one that brought its own copy of the UI kit) reaches the container the
 * shell rendered.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';

type Toastify = typeof import('react-toastify');

let loading: Promise<Toastify> | null = null;
const listeners = new Set<() => void>();

/** Loads the toast library (once); `<Toasts />` then mounts its container. */
export function loadToasts(): Promise<Toastify> {
  if (!loading) {
    loading = import('react-toastify');
    loading.catch(() => {
      loading = null; // a later notification tries again
    });
    listeners.forEach((listener) => listener());
  }
  return loading;
}

/** Whether a notification was asked for yet. */
const toastsWanted = (): boolean => loading !== null;

function onToastsWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const ToastContainer = lazy(() => loadToasts().then((m) => ({ default: m.ToastContainer })));

/** The toast container, on screen from the first notification on. */
export function Toasts() {
  const wanted = useSyncExternalStore(onToastsWanted, toastsWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer newestOnTop limit={3} />
    </Suspense>
  );
}
