/**
 * The auth state of spec section 4.
 * The `token` browser key holds only the user's id, for the client; the
 * server authenticates with its HttpOnly session cookie, never with it.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
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

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    authLoading(state) {
      state.isLoad = true;
    },
    loginSuccess(state, action: PayloadAction<User>) {
      state.user = action.payload;
      state.isAuth = true;
      state.isLoad = false;
      state.error = null;
    },
    authFailure(state, action: PayloadAction<AuthError>) {
      state.error = action.payload;
      state.isAuth = false;
      state.isLoad = false;
    },
    setCurrentUser(state, action: PayloadAction<User>) {
      state.user = action.payload;
      state.isAuth = true;
    },
    logout() {
      return initialAuthState;
    },
    clearError(state) {
      state.error = null;
    },
  },
});

export const { authLoading, loginSuccess, authFailure, setCurrentUser, logout, clearError } = authSlice.actions;
export const authReducer = authSlice.reducer;

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
