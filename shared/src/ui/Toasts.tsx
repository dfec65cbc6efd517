import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadToasts, onToastsWanted, toastsWanted } from './notify';

const ToastContainer = lazy(() => loadToasts().then((m) => ({ default: m.ToastContainer })));

/** The toast container, on screen from the first notification on (see notify.ts). */
export function Toasts() {
  const wanted = useSyncExternalStore(onToastsWanted, toastsWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer newestOnTop limit={4} />
    </Suspense>
  );
}
