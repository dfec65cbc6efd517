/** The staff's "Send now": this week's planned newsletter goes at once, once; a skipped or sent week is refused. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { plannedMoment } from '../src/modules/newsletter/issues.js';
import { createMember, describeEachDatabase, json } from './helpers.js';

describeEachDatabase('sending the newsletter now', (ctx) => {
  it('sends the planned issue at once to every confirmed subscriber, and only once', async () => {
    const { app } = ctx();
    const admin = await createMember(app, { role: 'admin' });
    const editor = await createMember(app, { role: 'editor' });
    const { sendAt } = plannedMoment(new Date(Date.now() + 7 * 86_400_000), app.config.newsletter);
    app.clock.setNow(new Date(sendAt.getTime() - 2 * 3_600_000)); // two hours before this week's moment
    await app.db
      .insertInto('newsletter_subscribers')
      .values(
        ['a', 'b', 'c'].map((n) => ({ email: `now-${n}@example.org`, status: 'confirmed' as const, confirmed_at: new Date() })),
      )
      .execute();
    const call = (method: 'GET' | 'PUT' | 'POST', url: string, cookie = admin.cookie, payload?: object) =>
      app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    type Overview = { data: { upcoming: { status: string } } };

    assert.equal((await call('POST', '/api/admin/newsletter/send', editor.cookie)).statusCode, 403);
    await call('PUT', '/api/admin/newsletter', admin.cookie, { skip: true });
    const skipped = await call('POST', '/api/admin/newsletter/send');
    assert.equal(skipped.statusCode, 409);
    assert.match(skipped.body, /skipped: plan it again/);
    await call('PUT', '/api/admin/newsletter', admin.cookie, { skip: false });

    const sent = await call('POST', '/api/admin/newsletter/send');
    assert.equal(sent.statusCode, 200, sent.body);
    assert.equal(json<Overview>(sent).data.upcoming.status, 'sending');
    await app.afterReply.idle();
    const deliveries = await app.db
      .selectFrom('newsletter_deliveries')
      .select(['email', 'status'])
      .where('email', 'like', 'now-%')
      .execute();
    assert.deepEqual(deliveries.map((d) => [d.email, d.status]).sort(), [
      ['now-a@example.org', 'sent'],
      ['now-b@example.org', 'sent'],
      ['now-c@example.org', 'sent'],
    ]);
    assert.equal(json<Overview>(await call('GET', '/api/admin/newsletter')).data.upcoming.status, 'sent');
    const again = await call('POST', '/api/admin/newsletter/send');
    assert.equal(again.statusCode, 409);
    assert.match(again.body, /already gone out/);
  });
});
