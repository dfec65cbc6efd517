/**
 * The service worker's part for notifications: shows what the site's push
 * job sends (api/src/modules/push/service.ts, `PushPayload`) and opens its
 * page when the member taps it, or their notification settings when they
 * tap "Stop these". The service worker imports this and calls
 * `installPushHandlers(self)`; this file adds nothing else to it.
 *
 * Typed by what it uses (a ServiceWorkerGlobalScope fits), so it compiles
 * with the page's DOM types as well as with the worker's.
 */

/** What a notification carries (JSON, encrypted for this browser). */
export interface PushPayload {
  title: string;
  body: string;
  /** The page it opens: a path of the site, or an https address. */
  url: string;
  topic: string;
  /** Notifications with one tag replace each other. */
  tag: string;
  /** The member's notification settings, naming the topic. */
  stopUrl: string;
}

interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

interface PushEventLike extends ExtendableEventLike {
  data: { json(): unknown; text(): string } | null;
}

interface NotificationEventLike extends ExtendableEventLike {
  action: string;
  notification: { data?: unknown; close(): void };
}

/** The parts of ServiceWorkerGlobalScope these handlers use. */
export interface PushWorkerScope {
  location: { origin: string };
  registration: {
    showNotification(
      title: string,
      options?: NotificationOptions & { actions?: { action: string; title: string }[] },
    ): Promise<void>;
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
}

const ICON = '/icons/icon-192.png';
export const STOP_ACTION = 'stop';

/** The payload, or a plain one when a push carries something else (never a silent push: browsers punish those). */
export function readPayload(data: PushEventLike['data']): PushPayload {
  const fallback: PushPayload = {
    title: 'Luminaries Christian Ministries',
    body: '',
    url: '/',
    topic: '',
    tag: 'ministry',
    stopUrl: '/profile#notifications',
  };
  if (!data) return fallback;
  try {
    const sent = data.json() as Partial<PushPayload>;
    return {
      title: typeof sent.title === 'string' && sent.title ? sent.title : fallback.title,
      body: typeof sent.body === 'string' ? sent.body : '',
      url: typeof sent.url === 'string' && sent.url ? sent.url : '/',
      topic: typeof sent.topic === 'string' ? sent.topic : '',
      tag: typeof sent.tag === 'string' && sent.tag ? sent.tag : fallback.tag,
      stopUrl: typeof sent.stopUrl === 'string' && sent.stopUrl.startsWith('/') ? sent.stopUrl : fallback.stopUrl,
    };
  } catch {
    return { ...fallback, body: data.text() };
  }
}

/** An address to open: the site's own paths on its origin; https addresses as they are; anything else the home page. */
export function addressOf(url: string, origin: string): string {
  try {
    const resolved = new URL(url, origin);
    if (resolved.origin === origin || resolved.protocol === 'https:') return resolved.href;
  } catch {
    // falls through
  }
  return new URL('/', origin).href;
}

export function installPushHandlers(self: PushWorkerScope): void {
  self.addEventListener('push', (event) => {
    const payload = readPayload(event.data);
    event.waitUntil(
      self.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag,
        icon: ICON,
        data: payload,
        actions: [{ action: STOP_ACTION, title: 'Stop these' }],
      }),
    );
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const payload = (event.notification.data ?? {}) as Partial<PushPayload>;
    const target = addressOf(
      event.action === STOP_ACTION ? (payload.stopUrl ?? '/profile#notifications') : (payload.url ?? '/'),
      self.location.origin,
    );
    event.waitUntil(
      (async () => {
        // A tab of the site already open is brought forward and taken there; else a new one.
        const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const tab = tabs.find((t) => t.url.startsWith(self.location.origin));
        if (tab && target.startsWith(self.location.origin) && tab.navigate) {
          await tab.navigate(target);
          await tab.focus();
          return;
        }
        await self.clients.openWindow(target);
      })(),
    );
  });
}
