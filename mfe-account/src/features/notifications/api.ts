/** The notification settings' calls: the site's public key, the member's topics and this browser's subscription. */
import { http } from '@ministry/shared/api';
import type { Envelope, PushKey, PushSettings, PushTopic } from '@ministry/shared/types';

/** GET /api/push: what the member chose, and whether the browser named by `endpoint` is one they turned on. */
export async function getPushSettings(endpoint?: string): Promise<PushSettings> {
  return (await http.get<Envelope<PushSettings>>('/api/push', { params: endpoint ? { endpoint } : {} })).data.data;
}

/** GET /api/push/key: the site's VAPID public key (URL-safe base64). */
export async function getPushKey(): Promise<string> {
  return (await http.get<Envelope<PushKey>>('/api/push/key')).data.data.publicKey;
}

/** PUT /api/push/topics: topics on or off, the devotional's time. */
export async function setPushTopics(
  changes: Partial<Record<PushTopic, boolean>> & { devotionalTime?: string },
): Promise<PushSettings> {
  return (await http.put<Envelope<PushSettings>>('/api/push/topics', changes)).data.data;
}

/** POST /api/push/subscriptions: notifications on in this browser (its PushSubscription as JSON). */
export async function saveSubscription(subscription: PushSubscriptionJSON): Promise<PushSettings> {
  return (await http.post<Envelope<PushSettings>>('/api/push/subscriptions', subscription)).data.data;
}

/** DELETE /api/push/subscriptions: notifications off in this browser. */
export async function removeSubscription(endpoint: string): Promise<PushSettings> {
  return (await http.delete<Envelope<PushSettings>>('/api/push/subscriptions', { data: { endpoint } })).data.data;
}
