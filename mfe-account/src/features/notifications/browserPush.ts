/** What this browser can do about notifications: Web Push through the site's service worker. */

export type BrowserPush =
  | { kind: 'unsupported' }
  /** The browser can, but the site's service worker is not running in it (yet). */
  | { kind: 'no-worker' }
  | { kind: 'denied' }
  | { kind: 'ready'; registration: ServiceWorkerRegistration; subscription: PushSubscription | null };

export const pushSupported = (): boolean =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window &&
  window.isSecureContext;

export async function browserPush(): Promise<BrowserPush> {
  if (!pushSupported()) return { kind: 'unsupported' };
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration?.pushManager) return { kind: 'no-worker' };
  if (Notification.permission === 'denied') return { kind: 'denied' };
  return { kind: 'ready', registration, subscription: await registration.pushManager.getSubscription() };
}

/** A key in URL-safe base64 as the bytes `pushManager.subscribe` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Asks the member's permission, then subscribes this browser with the site's key; null when they said no. */
export async function subscribeHere(
  registration: ServiceWorkerRegistration,
  publicKey: string,
): Promise<PushSubscription | null> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return null;
  const key = keyBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing) {
    const made = existing.options.applicationServerKey ? new Uint8Array(existing.options.applicationServerKey) : null;
    if (made && made.length === key.length && made.every((b, i) => b === key[i])) return existing;
    // Made with another key (the site's keys changed): made again.
    await existing.unsubscribe();
  }
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}
