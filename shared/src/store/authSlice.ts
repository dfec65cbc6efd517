/**
 * The auth state of spec section 4.
 * The `token` browser key holds only the user's id, for the client; the
 * server authenticates with its HttpOnly session cookie, never with it.
 */
import type { UnknownAction } from 'redux';
import type { User } from '../types';

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

export interface AuthError {
  status: number;
  message: string;
}

export interface AuthState {
  user: User | null;
  error: AuthError | null;
  isLoad: boolean;
  isAuth: boolean;
}

export const initialAuthState: AuthState = { user: null, error: null, isLoad: false, isAuth: false };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export const authLoading = () => ({ type: 'auth/authLoading' }) as const;
export const loginSuccess = (user: User) => ({ type: 'auth/loginSuccess', payload: user }) as const;
export const authFailure = (error: AuthError) => ({ type: 'auth/authFailure', payload: error }) as const;
export const setCurrentUser = (user: User) => ({ type: 'auth/setCurrentUser', payload: user }) as const;
export const logout = () => ({ type: 'auth/logout' }) as const;
export const clearError = () => ({ type: 'auth/clearError' }) as const;

export type AuthAction = ReturnType<
  typeof authLoading | typeof loginSuccess | typeof authFailure | typeof setCurrentUser | typeof logout | typeof clearError
>;

/** Each transition of spec section 4. */
export function authReducer(state: AuthState = initialAuthState, action: UnknownAction | AuthAction): AuthState {
  const a = action as AuthAction;
  switch (a.type) {
    case 'auth/authLoading':
      return { ...state, isLoad: true };
    case 'auth/loginSuccess':
      return { ...state, user: a.payload, isAuth: true, isLoad: false, error: null };
    case 'auth/authFailure':
      return { ...state, error: a.payload, isAuth: false, isLoad: false };
    case 'auth/setCurrentUser':
      return { ...state, user: a.payload, isAuth: true };
    case 'auth/logout':
      return initialAuthState;
    case 'auth/clearError':
      return { ...state, error: null };
    default:
      return state;
  }
}

/**
 * Keeps the spec's browser keys in step with the auth state: `token` (the
 * user's id) and `user` (JSON with _id) are written on login and removed on
 * logout. Runs as a store listener so reducers stay pure.
 */
export function syncAuthStorage(state: AuthState): void {
  const store = storage();
  if (!store) return;
  if (state.isAuth && state.user) {
    store.setItem(TOKEN_KEY, state.user._id);
    store.setItem(USER_KEY, JSON.stringify({ _id: state.user._id }));
  } else {
    store.removeItem(TOKEN_KEY);
    store.removeItem(USER_KEY);
  }
}
