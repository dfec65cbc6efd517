import { useNavigate } from 'react-router-dom';
import { logoutUser } from '@ministry/shared/api';
import { logout, useAppDispatch } from '@ministry/shared/store';

/** Ends the session on the server, then clears the client state and goes home. */
export function useLogout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return async () => {
    try {
      await logoutUser();
    } catch {
      // The client signs out even if the server cannot be reached; the
      // session cookie then expires on its own.
    }
    // Home first, so a members-only page does not send the visitor to /login on the way out.
    navigate('/');
    dispatch(logout());
  };
}
