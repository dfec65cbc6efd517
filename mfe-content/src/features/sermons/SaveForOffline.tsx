import { useEffect, useState } from 'react';
import { Button } from '@ministry/shared/ui';

/** The cache the site's service worker plays kept recordings from (shell/src/serviceWorker, CACHES.media). */
const MEDIA_CACHE = 'ministry-media';

type State = 'unsupported' | 'idle' | 'saving' | 'saved' | 'failed';

/**
 * "Save for offline": keeps the sermon's recording on this device, where the
 * site's service worker plays it from without a connection (in byte ranges,
 * as the player asks). Shown once the page runs, where the browser can keep
 * files and a service worker runs the page.
 */
export function SaveForOffline({ src }: { src: string }) {
  const [state, setState] = useState<State>('unsupported');
  useEffect(() => {
    if (typeof caches === 'undefined' || !navigator.serviceWorker?.controller) return;
    let live = true;
    void caches
      .open(MEDIA_CACHE)
      .then((cache) => cache.match(src))
      .then((kept) => live && setState(kept ? 'saved' : 'idle'))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [src]);
  if (state === 'unsupported') return null;
  if (state === 'saved') return <p role="status">Saved for offline: it plays without a connection.</p>;
  const save = async () => {
    setState('saving');
    try {
      await (await caches.open(MEDIA_CACHE)).add(src);
      setState('saved');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <Button type="button" $variant="outline" disabled={state === 'saving'} onClick={() => void save()}>
        {state === 'saving' ? 'Saving for offline…' : 'Save for offline'}
      </Button>
      {state === 'failed' && <p role="alert">The recording could not be saved. Try again with a connection.</p>}
    </>
  );
}
