/**
 * The redux store. The shell creates the one the whole site uses; a remote
 * creates its own only when it runs standalone. Persisted under `root`.
 */
import { combineReducers, legacy_createStore as createStore } from 'redux';
import { persistReducer, persistStore } from 'redux-persist';
import createWebStorage from 'redux-persist/lib/storage/createWebStorage';
import { authReducer, syncAuthStorage } from './authSlice';
import { communityReducer } from './communitySlice';

export const PERSIST_KEY = 'root';

export const rootReducer = combineReducers({ auth: authReducer, community: communityReducer });
export type RootState = ReturnType<typeof rootReducer>;

function noopStorage() {
  return {
    getItem: () => Promise.resolve(null),
    setItem: (_k: string, v: string) => Promise.resolve(v),
    removeItem: () => Promise.resolve(),
  };
}

export function createAppStore(options: { persist?: boolean; preloadedState?: Partial<RootState> } = {}) {
  const persist = options.persist ?? true;
  const storage = typeof window !== 'undefined' && persist ? createWebStorage('local') : noopStorage();
  const reducer = persistReducer({ key: PERSIST_KEY, storage, whitelist: ['auth'] }, rootReducer);
  // Plain redux: two small synchronous slices need neither thunks nor immer,
  // and the page loads ~11 KB (gzip) less than with Redux Toolkit.
  const store = createStore(reducer, options.preloadedState as never);
  let lastAuth = store.getState().auth;
  store.subscribe(() => {
    const auth = store.getState().auth;
    if (auth !== lastAuth) {
      lastAuth = auth;
      syncAuthStorage(auth);
    }
  });
  const persistor = persistStore(store);
  return { store, persistor };
}

/**
 * A store whose saved state (browser storage, key `root`) is already back:
 * the app can render at once, with no empty first frame.
 */
export async function restoredStore(): Promise<AppStore> {
  const { store, persistor } = createAppStore();
  await new Promise<void>((resolve) => {
    if (persistor.getState().bootstrapped) return resolve();
    const unsubscribe = persistor.subscribe(() => {
      if (!persistor.getState().bootstrapped) return;
      unsubscribe();
      resolve();
    });
  });
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>['store'];
export type AppDispatch = AppStore['dispatch'];
