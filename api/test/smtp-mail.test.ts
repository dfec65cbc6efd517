/** Outgoing mail through a real SMTP server (SMTP_URL): what arrives, headers, both parts, links that work. */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { siteIdentity } from '@ministry/shared/config';
import { buildApp } from '../src/app.js';
import { seedIfEmpty } from '../src/seed/index.js';
import { browserLike, createMember, describeEachDatabase, freshDatabase, login, testConfig } from './helpers.js';
import { startSmtpServer, type TestSmtp } from './smtp.js';

let smtp: TestSmtp;
before(async () => {
  smtp = await startSmtpServer();
});
after(() => smtp.close());

describeEachDatabase(
  'mail through SMTP_URL',
  (ctx) => {
    it('delivers the password-reset mail with its headers, a plain-text and an HTML part, and a link that works', async () => {
      const { app } = ctx();
      const me = await createMember(app, { firstname: 'Ruth' });
      const res = await app.inject({ method: 'PUT', url: '/api/user/forgotpassword', payload: { email: me.email } });
      assert.equal(res.statusCode, 200, res.body);

      const mail = await smtp.waitForMailTo(me.email, /reset-password/);
      const { parsed } = mail;
      assert.deepEqual(mail.envelopeTo, [me.email]);
      assert.equal(parsed.subject, 'Choose a new password');
      assert.equal(parsed.from?.value[0]?.name, siteIdentity.ministryName);
      assert.equal(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value[0]?.address : undefined, me.email);
      assert.ok(parsed.messageId, 'a Message-ID');
      assert.ok(parsed.date instanceof Date, 'a Date');
      assert.match(
        String(parsed.headers.get('content-type') && (parsed.headers.get('content-type') as { value: string }).value),
        /multipart\/alternative/,
      );

      // The plain-text part: the greeting, the link, and the ministry's name and postal address.
      const text = parsed.text ?? '';
      assert.match(text, /^Hello Ruth,/);
      assert.ok(text.includes(siteIdentity.contact.address), 'the postal address in the text');
      const link = /(https?:\/\/\S+\/reset-password\/([A-Za-z0-9_-]{43}))/.exec(text);
      assert.ok(link, text);
      assert.ok(link[1]!.startsWith(app.config.publicUrl));

      // The HTML part: the site's layout, the same link as a link, the address, phone and dark-mode ready.
      const html = typeof parsed.html === 'string' ? parsed.html : '';
      assert.match(html, /<meta name="viewport"/);
      assert.match(html, /prefers-color-scheme: dark/);
      assert.ok(html.includes(`href="${link[1]}"`), 'the link in the HTML');
      assert.ok(html.includes(siteIdentity.ministryName));
      assert.ok(html.includes(siteIdentity.contact.address.replace(/&/g, '&amp;')));

      // The link works: the token resets the password.
      const reset = await app.inject({
        method: 'POST',
        url: '/api/user/reset-password',
        payload: { token: link[2], password: 'a brand new password' },
      });
      assert.equal(reset.statusCode, 200, reset.body);
      await login(app, me.email, 'a brand new password');
    });
  },
  {
    config: {
      get smtpUrl() {
        return smtp.url;
      },
    },
  },
);

it("the app's mail goes through one pool of SMTP connections, which closing the app ends", async () => {
  const fresh = await freshDatabase('pglite');
  try {
    await seedIfEmpty(fresh.database.db);
    const app = browserLike(await buildApp({ database: fresh.database, config: testConfig({ smtpUrl: smtp.url }) }));
    await app.ready();
    const me = await createMember(app, { firstname: 'Lydia' });
    // Mail of two parts of the API: the accounts' and the newsletter's.
    const reset = await app.inject({ method: 'PUT', url: '/api/user/forgotpassword', payload: { email: me.email } });
    assert.equal(reset.statusCode, 200, reset.body);
    const subscribed = await app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'lydia.news@example.org' } });
    assert.equal(subscribed.statusCode, 200, subscribed.body);
    await smtp.waitForMailTo(me.email, /reset-password/);
    await smtp.waitForMailTo('lydia.news@example.org', /newsletter\/confirm/);

    await app.close();
    await smtp.waitForNoConnections();
  } finally {
    await fresh.cleanup();
  }
});
