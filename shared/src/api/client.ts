/**
 * The one HTTP client every app's calls go through, and its state: the
 * axios instance, the API's address, and who listens for the end of the
 * session. This entry is a singleton on the page and in the server renderer.
 * The calls themselves live in each app's features (`src/features/<feature>/api.ts`).
 */
import type { AxiosAdapter, AxiosInstance, AxiosRequestConfig } from 'axios';
import { errorStatus } from './errors';

let baseURL = '';
let instance: Promise<AxiosInstance> | undefined;

/** The axios instance (./http), loaded on the first call. */
function load(): Promise<AxiosInstance> {
  instance ??= import('./http').then(
    ({ axiosInstance }) => {
      axiosInstance.defaults.baseURL = baseURL;
      return axiosInstance;
    },
    (error: unknown) => {
      instance = undefined; // the server was out of reach: the next call fetches it again
      throw error;
    },
  );
  return instance;
}

const sessionEndedListeners = new Set<() => void>();

/**
 * Calls `listener` whenever the server answers a call with 401: it no
 * longer knows this browser's session (signed out elsewhere, expired, the
 * account disabled). Answers the function that stops listening.
 */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

function noticeSessionEnd(error: unknown): never {
  if (errorStatus(error) === 401) sessionEndedListeners.forEach((listener) => listener());
  throw error;
}

/** Every call goes through here: axios' own methods, on the instance once it is loaded. */
export const http = {
  get: <T = unknown>(url: string, config?: AxiosRequestConfig) =>
    load()
      .then((h) => h.get<T>(url, config))
      .catch(noticeSessionEnd),
  delete: <T = unknown>(url: string, config?: AxiosRequestConfig) =>
    load()
      .then((h) => h.delete<T>(url, config))
      .catch(noticeSessionEnd),
  post: <T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig) =>
    load()
      .then((h) => h.post<T>(url, data, config))
      .catch(noticeSessionEnd),
  put: <T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig) =>
    load()
      .then((h) => h.put<T>(url, data, config))
      .catch(noticeSessionEnd),
};

/** Where the API is (from the runtime config); '' when the site and the API share an origin. */
export function configureApi(url: string): void {
  baseURL = url;
  void instance?.then(
    (h) => (h.defaults.baseURL = url),
    () => undefined, // not loaded: load() applies it
  );
}

/**
 * Answers every call with `adapter` instead of the network: the server
 * renderer reads the API in-process. Every app's calls go through this one
 * instance (this module is a shared singleton), so they are all answered.
 */
export function answerCallsWith(adapter: AxiosAdapter): void {
  baseURL = '';
  void load().then((h) => {
    h.defaults.adapter = adapter;
    h.defaults.baseURL = '';
  });
}

/** The API's base address, without a trailing slash. */
export const apiBase = (): string => baseURL.replace(/\/+$/, '');
