/**
 * Passkeys: the member's own (added, listed, renamed, removed from the
 * profile) and signing in with one (the login page, and the browser's
 * autofill where it offers passkeys). The browser's part is WebAuthn, through
 * @simplewebauthn/browser.
 */
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { friendlyError, http } from '@ministry/shared/api';
import type { Envelope, Passkey, User } from '@ministry/shared/types';

export const PASSKEYS_UNSUPPORTED =
  'This browser cannot use passkeys. Try an up-to-date browser, or sign in with your password or a code by e-mail.';
const CANCELLED = 'The passkey request was cancelled or timed out. Nothing has changed: you can try again.';

/** Whether this browser can create and use passkeys at all. */
export const passkeysSupported = (): boolean => typeof window !== 'undefined' && browserSupportsWebAuthn();

/** A failed passkey step, in words for the member. */
export function passkeyErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
      return 'This device already holds one of your passkeys: it is in your list.';
    if (error.code === 'ERROR_CEREMONY_ABORTED') return CANCELLED;
    if (error.code === 'ERROR_INVALID_DOMAIN' || error.code === 'ERROR_INVALID_RP_ID')
      return 'Passkeys work only on the site’s own secure address.';
  }
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) return CANCELLED;
  if (error instanceof Error && error.name === 'NotSupportedError') return PASSKEYS_UNSUPPORTED;
  return friendlyError(error, fallback);
}

/** Whether a failure is the member (or the page) calling the request off: nothing to tell. */
export const wasCancelled = (error: unknown): boolean =>
  (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED') ||
  (error instanceof Error && error.name === 'AbortError');

/** GET /api/user/passkeys: the member's passkeys, oldest first. */
export async function getMyPasskeys(): Promise<Passkey[]> {
  return (await http.get<Envelope<Passkey[]>>('/api/user/passkeys')).data.data;
}

/** Creates a passkey on this device (the browser asks the member) and adds it, named: answers the list. */
export async function addPasskey(name: string): Promise<Passkey[]> {
  const options = (await http.post<Envelope<PublicKeyCredentialCreationOptionsJSON>>('/api/user/passkeys/register/options')).data
    .data;
  const response = await startRegistration({ optionsJSON: options });
  return (await http.post<Envelope<Passkey[]>>('/api/user/passkeys/register', { name, response })).data.data;
}

/** PUT /api/user/passkeys/{id}: a new name. */
export async function renamePasskey(id: string, name: string): Promise<Passkey[]> {
  return (await http.put<Envelope<Passkey[]>>(`/api/user/passkeys/${encodeURIComponent(id)}`, { name })).data.data;
}

/** DELETE /api/user/passkeys/{id}. */
export async function removePasskey(id: string): Promise<Passkey[]> {
  return (await http.delete<Envelope<Passkey[]>>(`/api/user/passkeys/${encodeURIComponent(id)}`)).data.data;
}

/**
 * Signs in with a passkey: the browser asks the member to choose one (or,
 * with `autofill`, waits until they pick one from the e-mail field's
 * suggestions). Answers the user, as the password login does; `remember`
 * is read once the member has chosen (the checkbox may change meanwhile).
 */
export async function signInWithPasskey(remember: () => boolean, autofill = false): Promise<User> {
  const options = (await http.post<Envelope<PublicKeyCredentialRequestOptionsJSON>>('/api/user/passkeys/login/options')).data
    .data;
  const response = await startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill });
  return (await http.post<Envelope<User>>('/api/user/passkeys/login', { response, remember: remember() })).data.data;
}

/** Whether the browser offers passkeys among the e-mail field's autofill suggestions. */
export async function passkeyAutofillSupported(): Promise<boolean> {
  return typeof window !== 'undefined' && (await browserSupportsWebAuthnAutofill().catch(() => false));
}

/** Calls off a passkey request still waiting (the autofill's, when the page goes). */
export const cancelPasskeyRequest = (): void => WebAuthnAbortService.cancelCeremony();
