import { useEffect, useRef } from 'react';
import { errorStatus, fetchCurrentUser, onSessionEnded } from '@ministry/shared/api';
import { logout, setCurrentUser, useAppDispatch, useAuth } from '@ministry/shared/store';
import { notify } from '@ministry/shared/ui';

/**
 * On start, a persisted sign-in is checked with the server (the current-user
 * action of spec section 4): fresh details are stored, and a session that
 * ended elsewhere (logout, password reset, expiry, a disabled account) signs
 * the client out; so does any later call the server refuses with 401.
 */
export function SessionCheck() {
  const dispatch = useAppDispatch();
  const userId = useAuth().user?._id;
  const signedIn = useRef(false);
  signedIn.current = userId !== undefined;
  // A call the server refused for want of a session (ended elsewhere, or the account disabled): the page is signed out at once.
  useEffect(
    () =>
      onSessionEnded(() => {
        if (!signedIn.current) return;
        signedIn.current = false;
        dispatch(logout());
        notify.warning('You have been signed out. Please log in again.', 8000);
      }),
    [dispatch],
  );
  useEffect(() => {
    if (!userId) return;
    fetchCurrentUser(userId).then(
      (user) => dispatch(setCurrentUser(user)),
      (error: unknown) => {
        const status = errorStatus(error);
        if (status === 401 || status === 403) dispatch(logout());
      },
    );
    // Only once per start and per signed-in user.
  }, [userId, dispatch]);
  return null;
}
