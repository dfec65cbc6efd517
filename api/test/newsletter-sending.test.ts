/**
 * The weekly newsletter going out: only to confirmed addresses, once each
 * even when a send stops half way and starts again, through a real SMTP
 * server at the configured rate with each recipient's own unsubscribe link.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { createMailer, type Mail, type Mailer } from '../src/lib/mailer.js';
import {
  issueOfWeek,
  plannedMoment,
  runNewsletter,
  sendIssue,
  startIssue,
  type NewsletterSettings,
} from '../src/modules/newsletter/issues.js';
import { createMember, describeEachDatabase, json, mailsIn, plainMail, waitForMailTo } from './helpers.js';
import { startSmtpServer, type TestSmtp } from './smtp.js';

let smtp: TestSmtp;
before(async () => {
  smtp = await startSmtpServer();
});
after(() => smtp.close());

const settingsOf = (app: FastifyInstance, overrides: Partial<NewsletterSettings> = {}): NewsletterSettings => ({
  ...app.config.newsletter,
  batchSize: 25,
  bounceLimit: 3,
  publicUrl: app.config.publicUrl,
  ...overrides,
});

/** `count` confirmed addresses straight in the database. */
async function confirmedSubscribers(app: FastifyInstance, prefix: string, count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(4, '0')}@example.org`);
  for (let i = 0; i < emails.length; i += 200) {
    await app.db
      .insertInto('newsletter_subscribers')
      .values(emails.slice(i, i + 200).map((email) => ({ email, status: 'confirmed' as const, confirmed_at: new Date() })))
      .execute();
  }
  return emails;
}

/** Moves the site's clock just past this week's planned moment, a week later each call (a new issue each time). */
let weeks = 0;
function toNextIssue(app: FastifyInstance): Date {
  weeks += 1;
  const { sendAt } = plannedMoment(new Date(Date.now() + weeks * 7 * 86_400_000), app.config.newsletter);
  const now = new Date(sendAt.getTime() + 60_000);
  app.clock.setNow(now);
  return now;
}

/** A mailer that counts what it sends to each address and can be made to stop the run. */
function countingMailer(): Mailer & { sent: Map<string, number>; mails: Mail[] } {
  const sent = new Map<string, number>();
  const mails: Mail[] = [];
  return {
    sent,
    mails,
    async send(mail) {
      sent.set(mail.to, (sent.get(mail.to) ?? 0) + 1);
      mails.push(mail);
    },
  };
}

describeEachDatabase('the weekly newsletter', (ctx) => {
  it('subscribe → confirmation mail → confirm → included in the next newsletter; unconfirmed and unsubscribed never sent to', async () => {
    const { app } = ctx();
    const ask = (email: string) =>
      app.inject({ method: 'POST', url: '/api/newsletter', payload: { email }, remoteAddress: `10.9.0.${email.length}` });
    for (const email of ['ruth@example.org', 'pending-only@example.org', 'gone@example.org'])
      assert.equal((await ask(email)).statusCode, 200);
    await app.afterReply.idle();
    const tokenOf = async (to: string) =>
      /\/newsletter\/confirm\/([0-9a-f]{64})/.exec(await waitForMailTo(app.config.dataDir, to, /\/newsletter\/confirm\//))![1]!;
    for (const email of ['ruth@example.org', 'gone@example.org']) {
      assert.equal(
        (await app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token: await tokenOf(email) } }))
          .statusCode,
        200,
      );
    }
    const gone = await tokenOf('gone@example.org');
    assert.equal(
      (await app.inject({ method: 'POST', url: `/api/newsletter/unsubscribe/${gone}`, headers: { origin: undefined } }))
        .statusCode,
      200,
    );

    toNextIssue(app);
    assert.equal(await app.jobs.run('newsletter'), true);
    const issue = await waitForMailTo(app.config.dataDir, 'ruth@example.org', /this week/i);
    assert.match(issue, /^List-Unsubscribe:\s+<http:\/\/[^>]+\/api\/newsletter\/unsubscribe\/[0-9a-f]{64}>$/m);
    assert.match(issue, /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    assert.match(issue, /\/newsletter\/unsubscribe\/[0-9a-f]{64}/, 'a visible unsubscribe link');
    assert.match(issue, /Content-Type: text\/html/);
    const newsletters = mailsIn(app.config.dataDir)
      .map(plainMail)
      .filter((m) => /^List-Unsubscribe:/m.test(m));
    for (const never of ['pending-only@example.org', 'gone@example.org']) {
      assert.ok(!newsletters.some((m) => m.includes(`To: ${never}`)), `nothing to ${never}`);
    }
    // Running again in the same week sends nothing more.
    await app.jobs.run('newsletter');
    assert.equal(
      mailsIn(app.config.dataDir)
        .map(plainMail)
        .filter((m) => /^List-Unsubscribe:/m.test(m)).length,
      newsletters.length,
    );
  });

  it('a send stopped half way and started again reaches each confirmed subscriber exactly once', async () => {
    const { app } = ctx();
    await app.db.updateTable('newsletter_subscribers').set({ status: 'unsubscribed' }).execute();
    const emails = await confirmedSubscribers(app, 'halfway', 60);
    const now = toNextIssue(app);
    const settings = settingsOf(app, { ratePerSecond: 1000 });
    const mailer = countingMailer();
    const issue = await issueOfWeek(app.db, now, settings);
    assert.equal(await startIssue(app.db, issue.id, now, settings.publicUrl), true);
    // The first run dies after 27 mails (a restart, a crash between two recipients).
    const first = await sendIssue(app.db, mailer, issue.id, settings, () => mailer.mails.length >= 27);
    assert.equal(first, 27);
    // The job resumes it, twice at once (two processes) and once more.
    await Promise.all([runNewsletter(app.db, mailer, settings, now), runNewsletter(app.db, mailer, settings, now)]);
    await runNewsletter(app.db, mailer, settings, now);
    assert.equal(mailer.mails.length, emails.length);
    for (const email of emails) assert.equal(mailer.sent.get(email), 1, email);
    const rows = await app.db.selectFrom('newsletter_deliveries').select(['status']).where('issue_id', '=', issue.id).execute();
    assert.equal(rows.length, emails.length);
    assert.ok(rows.every((r) => r.status === 'sent'));
  });

  it("staff preview the week's newsletter, add an opening paragraph, send a test to themselves, skip and see past sends", async () => {
    const { app } = ctx();
    const admin = await createMember(app, { role: 'admin', email: 'newsletter-admin@example.org' });
    toNextIssue(app);
    app.clock.setNow(new Date(app.clock.now().getTime() - 2 * 3_600_000)); // before this week's moment
    const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
    type Overview = {
      data: {
        upcoming: { html: string; intro: string; status: string; sendAt: string; recipients: number };
        past: { week: string; recipients: number; failed: number }[];
      };
    };
    const first = json<Overview>(await call('GET', '/api/admin/newsletter'));
    assert.match(first.data.upcoming.html, /this week/i);
    assert.equal(first.data.upcoming.status, 'planned');
    const edited = json<Overview>(
      await call('PUT', '/api/admin/newsletter', { intro: 'Dear friends, a blessed week to you all.' }),
    );
    assert.equal(edited.data.upcoming.intro, 'Dear friends, a blessed week to you all.');
    assert.match(edited.data.upcoming.html, /Dear friends, a blessed week/);
    const test = await call('POST', '/api/admin/newsletter/test');
    assert.equal(test.statusCode, 200, test.body);
    assert.match(await waitForMailTo(app.config.dataDir, admin.email, /Dear friends, a blessed week/), /Subject: \[Test\]/);
    const badMoment = await call('PUT', '/api/admin/newsletter', { sendAt: new Date(Date.now() - 86_400_000).toISOString() });
    assert.equal(badMoment.statusCode, 400);
    const skipped = json<Overview>(await call('PUT', '/api/admin/newsletter', { skip: true }));
    assert.equal(skipped.data.upcoming.status, 'skipped');
    app.clock.setNow(new Date(app.clock.now().getTime() + 3 * 3_600_000));
    await app.jobs.run('newsletter');
    const past = json<Overview>(await call('GET', '/api/admin/newsletter')).data.past;
    assert.ok(
      past.some((p) => p.recipients === 60 && p.failed === 0),
      JSON.stringify(past),
    );
    const member = await createMember(app);
    assert.equal((await app.inject({ url: '/api/admin/newsletter', headers: { cookie: member.cookie } })).statusCode, 403);
  });

  it('through a real SMTP server: 500 subscribers get it 500 times, each with its own unsubscribe link, within the configured rate; a refused address stops nobody and, refused again, stops receiving', async (t) => {
    const { app } = ctx();
    await app.db.updateTable('newsletter_subscribers').set({ status: 'unsubscribed' }).execute();
    const emails = await confirmedSubscribers(app, `smtp-${ctx().kind}`, 500);
    const refused = `refused-${ctx().kind}@example.org`;
    await confirmedSubscribers(app, `refused-${ctx().kind}`, 0);
    await app.db.insertInto('newsletter_subscribers').values({ email: refused, status: 'confirmed' }).execute();
    smtp.reject.add(refused);
    const rate = 250;
    const settings = settingsOf(app, { ratePerSecond: rate, batchSize: 100 });
    const mailer = createMailer({ ...app.config, smtpUrl: smtp.url });
    // Its pooled connections, closed: the SMTP server's close waits for them otherwise.
    t.after(() => mailer.close());
    const arrivedBefore = smtp.mails.length;

    const started = Date.now();
    const now = toNextIssue(app);
    await runNewsletter(app.db, mailer, settings, now);
    const failed = await app.db
      .selectFrom('newsletter_deliveries')
      .select(['email', 'error'])
      .where('status', '=', 'failed')
      .where('email', '!=', refused)
      .execute();
    assert.deepEqual(failed, []);
    const arrived = (await smtp.waitFor(arrivedBefore + 500, 20_000)).slice(arrivedBefore);
    const took = Date.now() - started;
    assert.equal(arrived.length, 500);
    assert.deepEqual(arrived.map((m) => m.envelopeTo[0]).sort(), emails);
    assert.ok(took >= ((500 - 1) / rate) * 1000 * 0.95, `500 mails at ${rate} a second take at least 2 s (took ${took} ms)`);
    // In no second did more than the rate arrive.
    const times = arrived.map((m) => m.at).sort((a, b) => a - b);
    for (let i = 0; i + rate < times.length; i++)
      assert.ok(times[i + rate]! - times[i]! >= 950, 'no more than the rate in any second');

    const links = new Set<string>();
    for (const { parsed, envelopeTo } of arrived) {
      const line = (key: string) => parsed.headerLines.find((h) => h.key === key)?.line.replace(/\r?\n\s+/g, ' ') ?? '';
      const header = /<([^>]+)>/.exec(line('list-unsubscribe'))?.[1] ?? '';
      assert.match(header, /\/api\/newsletter\/unsubscribe\/[0-9a-f]{64}$/);
      assert.equal(line('list-unsubscribe-post'), 'List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      const visible = /\/newsletter\/unsubscribe\/([0-9a-f]{64})/.exec(parsed.text ?? '')![1]!;
      assert.ok(header.endsWith(visible), 'the header and the visible link name the same address');
      assert.ok(typeof parsed.html === 'string' && parsed.html.includes(`/newsletter/unsubscribe/${visible}`));
      links.add(visible);
      const row = await app.db
        .selectFrom('newsletter_subscribers')
        .select('email')
        .where('token', '=', visible)
        .executeTakeFirstOrThrow();
      assert.equal(row.email, envelopeTo[0]);
    }
    assert.equal(links.size, 500, 'each its own link');
    const failure = await app.db
      .selectFrom('newsletter_deliveries')
      .select(['status', 'error'])
      .where('email', '=', refused)
      .executeTakeFirstOrThrow();
    assert.equal(failure.status, 'failed');

    // Refused twice more (two more weeks): the address stops receiving.
    for (let i = 0; i < 2; i++) {
      await app.db.updateTable('newsletter_subscribers').set({ status: 'unsubscribed' }).where('email', '!=', refused).execute();
      await runNewsletter(app.db, mailer, settings, toNextIssue(app));
    }
    const stopped = await app.db
      .selectFrom('newsletter_subscribers')
      .select(['status', 'hard_bounces'])
      .where('email', '=', refused)
      .executeTakeFirstOrThrow();
    assert.deepEqual(stopped, { status: 'bounced', hard_bounces: 3 });
  });
});
