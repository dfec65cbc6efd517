import assert from 'node:assert/strict';
import { it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createMember, describeEachDatabase, json } from './helpers.js';

describeEachDatabase('cached public lists', (ctx) => {
  it('answer the same bytes plain, brotli and gzip, with Vary: Accept-Encoding', async () => {
    const { app } = ctx();
    const plain = await app.inject({ url: '/api/devotionals' });
    const br = await app.inject({ url: '/api/devotionals', headers: { 'accept-encoding': 'br' } });
    const gz = await app.inject({ url: '/api/devotionals', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.match(String(plain.headers.vary), /Accept-Encoding/);
    assert.equal(brotliDecompressSync(br.rawPayload).toString(), plain.body);
    assert.equal(gunzipSync(gz.rawPayload).toString(), plain.body);
    assert.ok(json<{ paging: { total: number } }>(plain).paging.total >= 30);
  });

  it('the events list shows the seats a checkout just held', async () => {
    const { app } = ctx();
    const member = await createMember(app);
    const before = json<{ data: { _id: string; seatsLeft: number; seat_price: number }[] }>(
      await app.inject({ url: '/api/events' }),
    ).data[0]!;
    const checkout = await app.inject({
      method: 'POST',
      url: '/api/payment/create-checkout-session',
      headers: { cookie: member.cookie },
      payload: { items: [{ quantity: 2, price: before.seat_price }], user: member.id, event: before._id },
    });
    assert.equal(checkout.statusCode, 200, checkout.body);
    const after = json<{ data: { _id: string; seatsLeft: number }[] }>(await app.inject({ url: '/api/events' })).data.find(
      (e) => e._id === before._id,
    )!;
    assert.equal(after.seatsLeft, before.seatsLeft - 2);
  });
});
