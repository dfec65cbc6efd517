/**
 * The site's VAPID key pair: the push services know the site by its public
 * key, and each message is signed with the private one. From the settings
 * (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY) when given; otherwise made once and
 * kept in the database (one row, written by whichever process comes first),
 * so a fresh machine works as it is and every process signs with one key.
 */
import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const known = new WeakMap<FastifyInstance, Promise<VapidKeys>>();

async function load(app: FastifyInstance): Promise<VapidKeys> {
  const { publicKey, privateKey, subject } = app.config.push;
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  const stored = async () =>
    app.db.selectFrom('push_keys').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirst();
  let row = await stored();
  if (!row) {
    const made = webpush.generateVAPIDKeys();
    await app.db
      .insertInto('push_keys')
      .values({ id: 1, public_key: made.publicKey, private_key: made.privateKey })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    row = await stored();
  }
  if (!row) throw new Error('the VAPID keys could not be kept');
  return { publicKey: row.public_key, privateKey: row.private_key, subject };
}

/** The key pair (read once per app). */
export function vapidKeys(app: FastifyInstance): Promise<VapidKeys> {
  let keys = known.get(app);
  if (!keys) {
    keys = load(app);
    // A failure (the database out of reach) is tried again next time.
    keys.catch(() => known.delete(app));
    known.set(app, keys);
  }
  return keys;
}
