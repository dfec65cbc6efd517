import axios, { AxiosError } from 'axios';
import type { ApiErrorBody } from '../types';

/**
 * The one axios instance every call goes through. Cookies carry the session
 * (`withCredentials`); the base address comes from the runtime config.
 */
export const http = axios.create({
  baseURL: '',
  withCredentials: true,
  timeout: 15000,
  headers: { Accept: 'application/json' },
});

export function configureApi(baseURL: string): void {
  http.defaults.baseURL = baseURL;
}

/** The HTTP status of a failed call, or 0 when the server could not be reached. */
export function errorStatus(error: unknown): number {
  return error instanceof AxiosError ? (error.response?.status ?? 0) : 0;
}

/** The server's own message for a failed call, if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  if (error instanceof AxiosError) {
    const body = error.response?.data as Partial<ApiErrorBody> | undefined;
    return body?.error?.message;
  }
  return undefined;
}

/** Field errors the server sent with a 400, if any. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (error instanceof AxiosError) {
    const body = error.response?.data as Partial<ApiErrorBody> | undefined;
    return body?.error?.fields ?? {};
  }
  return {};
}

/** A sentence for a visitor, for any failed call. */
export function friendlyError(error: unknown, fallback = 'Oops, there is a problem, please try again later.'): string {
  const status = errorStatus(error);
  if (status === 0) return 'We could not reach the server. Please check your connection and try again.';
  if (status === 429) return serverMessage(error) ?? 'Too many attempts. Please wait a moment and try again.';
  return serverMessage(error) ?? fallback;
}
