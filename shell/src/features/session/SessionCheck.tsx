import { useEffect } from 'react';
import { errorStatus, fetchCurrentUser } from '@ministry/shared/api';
import { logout, setCurrentUser, useAppDispatch, useAuth } from '@ministry/shared/store';

/**
 * On start, a persisted sign-in is checked with the server (the current-user
 * action of spec section 4): fresh details are stored, and a session that
 * ended elsewhere (logout, password reset, expiry) signs the client out.
 */
export function SessionCheck() {
  const dispatch = useAppDispatch();
  const userId = useAuth().user?._id;
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
