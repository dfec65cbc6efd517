/**
 * What a failed call says, for a visitor: pure functions of the error, no
 * state (the UI kit uses them too).
 */
import type { AxiosError } from 'axios';
import type { ApiErrorBody } from '../types';

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

/** The server's code for a failed call (`sign_in_held`, `post_changed`, …), if it sent one. */
export function serverErrorCode(error: unknown): string | undefined {
  const body = axiosError(error)?.response?.data as Partial<ApiErrorBody> | undefined;
  return body?.error?.code;
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
