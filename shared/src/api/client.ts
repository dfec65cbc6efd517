import type { AxiosAdapter, AxiosError, AxiosInstance, AxiosRequestConfig } from 'axios';
import type { ApiErrorBody } from '../types';

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

/** The failed call's axios error (axios marks its own errors), or null. */
const axiosError = (error: unknown): AxiosError | null =>
  typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true
    ? (error as AxiosError)
    : null;

/** The HTTP status of a failed call, or 0 when the server could not be reached. */
export function errorStatus(error: unknown): number {
  return axiosError(error)?.response?.status ?? 0;
}

/** The server's own message for a failed call, if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  const body = axiosError(error)?.response?.data as Partial<ApiErrorBody> | undefined;
  return body?.error?.message;
}

/** Field errors the server sent with a 400, if any. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const body = axiosError(error)?.response?.data as Partial<ApiErrorBody> | undefined;
  return body?.error?.fields ?? {};
}

/** A sentence for a visitor, for any failed call. */
export function friendlyError(error: unknown, fallback = 'Oops, there is a problem, please try again later.'): string {
  const status = errorStatus(error);
  if (status === 0) return 'We could not reach the server. Please check your connection and try again.';
  if (status === 429) return serverMessage(error) ?? 'Too many attempts. Please wait a moment and try again.';
  return serverMessage(error) ?? fallback;
}
