import { addressOf, installPushHandlers, readPayload, STOP_ACTION, type PushPayload, type PushWorkerScope } from './push';

const origin = 'https://church.example';
const payload: PushPayload = {
  title: 'New sermon: Grace',
  body: 'Listen now.',
  url: '/sermons/grace',
  topic: 'sermons',
  tag: 'sermon:1',
  stopUrl: '/profile?notifications=sermons#notifications',
};

function fakeScope(tabs: { url: string; navigate: jest.Mock; focus: jest.Mock }[] = []) {
  const listeners: Record<string, (event: never) => void> = {};
  const scope = {
    location: { origin },
    registration: { showNotification: jest.fn(async () => undefined) },
    clients: { matchAll: jest.fn(async () => tabs), openWindow: jest.fn(async () => undefined) },
    addEventListener: (type: string, listener: (event: never) => void) => (listeners[type] = listener),
  };
  installPushHandlers(scope as unknown as PushWorkerScope);
  const fire = async (type: string, event: object) => {
    let waited: Promise<unknown> = Promise.resolve();
    listeners[type]!({ ...event, waitUntil: (p: Promise<unknown>) => (waited = p) } as never);
    await waited;
  };
  return { scope, fire };
}

describe('the service worker part for notifications', () => {
  it('shows what the push carries, with a way to stop it', async () => {
    const { scope, fire } = fakeScope();
    await fire('push', { data: { json: () => payload, text: () => JSON.stringify(payload) } });
    expect(scope.registration.showNotification).toHaveBeenCalledWith(
      'New sermon: Grace',
      expect.objectContaining({
        body: 'Listen now.',
        tag: 'sermon:1',
        data: payload,
        actions: [{ action: STOP_ACTION, title: 'Stop these' }],
      }),
    );
  });

  it('opens the page of the notification, or the settings for "Stop these"', async () => {
    const { scope, fire } = fakeScope();
    const close = jest.fn();
    await fire('notificationclick', { action: '', notification: { data: payload, close } });
    expect(close).toHaveBeenCalled();
    expect(scope.clients.openWindow).toHaveBeenLastCalledWith(`${origin}/sermons/grace`);
    await fire('notificationclick', { action: STOP_ACTION, notification: { data: payload, close } });
    expect(scope.clients.openWindow).toHaveBeenLastCalledWith(`${origin}/profile?notifications=sermons#notifications`);
  });

  it('takes an open tab of the site there rather than opening another', async () => {
    const tab = { url: `${origin}/events`, navigate: jest.fn(async () => undefined), focus: jest.fn(async () => undefined) };
    const { scope, fire } = fakeScope([tab]);
    await fire('notificationclick', { action: '', notification: { data: payload, close: jest.fn() } });
    expect(tab.navigate).toHaveBeenCalledWith(`${origin}/sermons/grace`);
    expect(tab.focus).toHaveBeenCalled();
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('never opens anything but the site or an https page', () => {
    expect(addressOf('javascript:alert(1)', origin)).toBe(`${origin}/`);
    expect(addressOf('https://video.example/live', origin)).toBe('https://video.example/live');
    expect(readPayload(null).stopUrl).toBe('/profile#notifications');
    expect(readPayload({ json: () => ({ ...payload, stopUrl: 'https://evil.example' }), text: () => '' }).stopUrl).toBe(
      '/profile#notifications',
    );
  });
});
