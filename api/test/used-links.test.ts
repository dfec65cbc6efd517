/** An unsubscribe link read before and after it is used: it names its address and says where it stands, changing nothing. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase, json } from './helpers.js';

describeEachDatabase('a used unsubscribe link', (ctx) => {
  it('names its address and whether it is unsubscribed already; reading it changes nothing', async () => {
    const { app } = ctx();
    const { subscribeConfirmed } = await import('../src/modules/newsletter/service.js');
    await subscribeConfirmed(app.db, 'hope@example.org', new Date());
    const { token } = await app.db
      .selectFrom('newsletter_subscribers')
      .select('token')
      .where('email', '=', 'hope@example.org')
      .executeTakeFirstOrThrow();
    const read = async () => app.inject({ url: `/api/newsletter/unsubscribe/${token}` });
    assert.deepEqual(json(await read()), { data: { email: 'hope@example.org', status: 'confirmed' } });
    assert.deepEqual(
      json(await read()),
      { data: { email: 'hope@example.org', status: 'confirmed' } },
      'opening it twice unsubscribes nobody',
    );
    const done = await app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token } });
    assert.equal(done.statusCode, 200);
    assert.deepEqual(json(await read()), { data: { email: 'hope@example.org', status: 'unsubscribed' } });
    const bad = await app.inject({ url: '/api/newsletter/unsubscribe/not-a-token' });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /This unsubscribe link is not valid\./);
  });
});
