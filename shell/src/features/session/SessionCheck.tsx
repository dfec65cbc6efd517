import { useEffect, useRef } from 'react';
import { onSessionEnded } from '@ministry/shared/api';
import { TOKEN_KEY, logout, setCurrentUser, useAppDispatch, useAuth } from '@ministry/shared/store';
import { notify } from '@ministry/shared/ui';
import { fetchSignedInUser } from './api';
import { readPageSession } from './pageSession';

const SIGNED_OUT = 'You have been signed out. Please log in again.';

/** A tab that comes back to the front asks again, at most this often. */
const ASK_AGAIN_MS = 2000;

/**
 * The server decides who is signed in. The page starts from what the server
 * wrote into it (see pageSession.ts; the start applies it before the first
 * render); a page that carries nothing asks `GET /api/user/me` at once. The
 * page asks again whenever its tab comes back to the front or is restored
 * from the back-forward cache, and when another tab signs in or out (the
 * `token` browser key changes there). A session that ended (logout
 * elsewhere, a new password, an account disabled) signs the page out, and
 * so does any call the server refuses with 401.
 */
export function SessionCheck() {
  const dispatch = useAppDispatch();
  const userId = useAuth().user?._id;
  const current = useRef<string | undefined>(undefined);
  current.current = userId;
  // A call the server refused for want of a session (ended elsewhere, or the account disabled): the page is signed out at once.
  useEffect(
    () =>
      onSessionEnded(() => {
        if (current.current === undefined) return;
        current.current = undefined;
        dispatch(logout());
        notify.warning(SIGNED_OUT, 8000);
      }),
    [dispatch],
  );
  useEffect(() => {
    let askedAt = 0;
    let stopped = false;
    const ask = () => {
      askedAt = Date.now();
      const before = current.current;
      fetchSignedInUser().then(
        (user) => {
          // Signed in or out here meanwhile (the login form): that answer is newer than this one.
          if (stopped || current.current !== before) return;
          if (user) dispatch(setCurrentUser(user));
          else if (before !== undefined) {
            current.current = undefined;
            dispatch(logout());
            notify.warning(SIGNED_OUT, 8000);
          }
        },
        () => undefined, // the server out of reach: the page stays as it is, and asks again later
      );
    };
    if (!readPageSession()) ask();
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - askedAt > ASK_AGAIN_MS) ask();
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) ask();
    };
    // Another tab signed in or out (or the site's storage was cleared).
    const onStorage = (event: StorageEvent) => {
      if (event.key !== TOKEN_KEY && event.key !== null) return;
      if (event.key === TOKEN_KEY && !event.newValue) {
        if (current.current === undefined) return;
        current.current = undefined;
        dispatch(logout());
        return;
      }
      ask();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('pageshow', onPageShow);
    window.addEventListener('storage', onStorage);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('pageshow', onPageShow);
      window.removeEventListener('storage', onStorage);
    };
  }, [dispatch]);
  return null;
}
