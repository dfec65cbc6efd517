/**
 * The weekly newsletter: each week's issue is planned for the settings' day
 * and time on the site's clock (NEWSLETTER_DAY, NEWSLETTER_TIME), composed
 * from what was published since the last issue went out (devotionals with
 * their summaries, upcoming events with the seats left, news), and sent to
 * every confirmed address.
 *
 * Sending is recorded per recipient (newsletter_deliveries): when the send
 * starts, the issue's text is frozen and one row is written for each
 * confirmed address; each row is claimed just before its mail goes and
 * marked sent just after. A send that stops (a restart, a crash) resumes
 * with the rows still to do: nobody gets the issue twice, nobody is
 * skipped. Mails go in batches at NEWSLETTER_RATE per second; a failure for
 * one address is recorded and the send goes on; an address refused for good
 * (a 5xx answer) NEWSLETTER_BOUNCES times stops receiving.
 */
import { sql, type Kysely } from 'kysely';
import { siteIdentity } from '@ministry/shared/config';
import { countOf, formatEventDate, formatEventTime, inSiteTimeZone, listSummary } from '@ministry/shared/format';
import type { Database } from '../../db/index.js';
import { escapeHtml } from '../../lib/html.js';
import { newId } from '../../lib/ids.js';
import type { Mailer } from '../../lib/mailer.js';

export interface NewsletterSettings {
  /** 0 Sunday … 6 Saturday. */
  day: number;
  /** 'HH:mm' on the site's clock. */
  time: string;
  /** Mails per second at most. */
  ratePerSecond: number;
  /** Recipients claimed at a time. */
  batchSize: number;
  /** Hard bounces after which an address stops receiving. */
  bounceLimit: number;
  publicUrl: string;
}

/** This week's planned moment (the settings' day and time on the site's clock) for `now`, and its day. */
export function plannedMoment(now: Date, settings: Pick<NewsletterSettings, 'day' | 'time'>): { week: string; sendAt: Date } {
  const [hour, minute] = settings.time.split(':').map(Number) as [number, number];
  const local = inSiteTimeZone(now);
  const moment = local.subtract(local.day(), 'day').add(settings.day, 'day').hour(hour).minute(minute).second(0).millisecond(0);
  return { week: moment.format('YYYY-MM-DD'), sendAt: moment.toDate() };
}

export interface ComposedIssue {
  subject: string;
  text: string;
  html: string;
  counts: { devotionals: number; events: number; news: number };
}

/** The issue's content: what was published from `since` to `now`, and the events still to come. */
export async function composeIssue(
  db: Kysely<Database>,
  since: Date,
  now: Date,
  intro: string,
  publicUrl: string,
): Promise<ComposedIssue> {
  const [devotionals, events, news] = await Promise.all([
    db
      .selectFrom('devotionals')
      .select(['id', 'slug', 'title', 'detail', 'verses', 'published_at'])
      .where('status', '=', 'published')
      .where('published_at', '>', since)
      .where('published_at', '<=', now)
      .orderBy('published_at')
      .limit(14)
      .execute(),
    db
      .selectFrom('events')
      .selectAll()
      .where('event_date', '>', now)
      .where('cancelled_at', 'is', null)
      .where('recurrence', 'is', null)
      .orderBy('event_date')
      .limit(6)
      .execute(),
    db
      .selectFrom('news')
      .select(['id', 'title', 'description', 'created_at'])
      .where('status', '=', 'published')
      .where('created_at', '>', since)
      .where('created_at', '<=', now)
      .orderBy('created_at', 'desc')
      .limit(6)
      .execute(),
  ]);
  const day = inSiteTimeZone(now).format('MMMM D, YYYY');
  const subject = `${siteIdentity.shortName} this week: ${day}`;
  const text: string[] = [];
  const html: string[] = [];
  const heading = (title: string) => {
    text.push(`${title.toUpperCase()}\n`);
    html.push(
      `<h2 style="font-family:Georgia,'Times New Roman',serif;font-size:20px;margin:28px 0 12px;color:inherit">${escapeHtml(title)}</h2>`,
    );
  };
  const item = (title: string, meta: string, summary: string, link: string) => {
    text.push(`${title}${meta ? ` (${meta})` : ''}\n${summary}\n${link}\n`);
    html.push(
      `<p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="font-weight:bold;font-size:17px">${escapeHtml(title)}</a>` +
        `${meta ? `<br><span style="font-size:14px;opacity:.8">${escapeHtml(meta)}</span>` : ''}<br>${escapeHtml(summary)}</p>`,
    );
  };

  html.push(
    `<h1 style="font-family:Georgia,'Times New Roman',serif;font-size:24px;margin:0 0 16px;color:inherit">${escapeHtml(subject)}</h1>`,
  );
  if (intro.trim()) {
    text.push(`${intro.trim()}\n`);
    for (const paragraph of intro.trim().split(/\n{2,}/))
      html.push(`<p style="margin:0 0 16px">${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`);
  }
  if (devotionals.length) {
    heading('Devotionals');
    for (const d of devotionals) {
      item(
        d.title,
        [inSiteTimeZone(d.published_at).format('dddd, MMMM D'), d.verses].filter(Boolean).join(' · '),
        listSummary(d.detail, 200),
        `${publicUrl}/devotional-detail/${encodeURIComponent(d.slug || d.id)}`,
      );
    }
  }
  if (events.length) {
    heading('Upcoming events');
    for (const e of events) {
      const left = Math.max(0, e.number_of_seats - e.seats_held - e.seats_sold);
      const seats = left === 0 ? 'sold out' : `${countOf(left, 'seat', 'seats')} left`;
      item(
        e.title,
        `${formatEventDate(new Date(e.event_date).toISOString())}, ${formatEventTime(new Date(e.event_date).toISOString())} · ${seats}`,
        listSummary(e.description, 160),
        `${publicUrl}/events/${e.id}`,
      );
    }
  }
  if (news.length) {
    heading('News');
    for (const n of news)
      item(n.title, inSiteTimeZone(n.created_at).format('MMMM D'), listSummary(n.description, 200), `${publicUrl}/news`);
  }
  if (!devotionals.length && !events.length && !news.length) {
    text.push(`Nothing new was published this week. Today's devotional is always at ${publicUrl}/daily-devotion\n`);
    html.push(
      `<p style="margin:0 0 16px">Nothing new was published this week. <a href="${publicUrl}/daily-devotion">Read today's devotional</a>.</p>`,
    );
  }
  return {
    subject,
    text: text.join('\n'),
    html: html.join('\n'),
    counts: { devotionals: devotionals.length, events: events.length, news: news.length },
  };
}

/** The week's issue, made (planned) when missing. */
export async function issueOfWeek(db: Kysely<Database>, now: Date, settings: Pick<NewsletterSettings, 'day' | 'time'>) {
  const { week, sendAt } = plannedMoment(now, settings);
  await db
    .insertInto('newsletter_issues')
    .values({ id: newId(), week, send_at: sendAt })
    .onConflict((oc) => oc.column('week').doNothing())
    .execute();
  return db.selectFrom('newsletter_issues').selectAll().where('week', '=', week).executeTakeFirstOrThrow();
}

/** When the last issue started going out (null: never); the next one covers what came after. */
export async function lastSentAt(db: Kysely<Database>): Promise<Date | null> {
  const row = await db
    .selectFrom('newsletter_issues')
    .select('started_at')
    .where('status', 'in', ['sending', 'sent'])
    .orderBy('started_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.started_at ? new Date(row.started_at) : null;
}

/**
 * Starts the issue `id` if it is still planned: freezes its content and
 * writes one delivery per confirmed address, in one transaction (a second
 * process starting it at once changes nothing).
 */
export async function startIssue(db: Kysely<Database>, id: string, now: Date, publicUrl: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const issue = await trx.selectFrom('newsletter_issues').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!issue || issue.status !== 'planned') return false;
    const since = (await lastSentAt(trx)) ?? new Date(now.getTime() - 7 * 86_400_000);
    const composed = await composeIssue(trx, since, now, issue.intro, publicUrl);
    await trx
      .updateTable('newsletter_issues')
      .set({
        status: 'sending',
        since,
        subject: composed.subject,
        body_text: composed.text,
        body_html: composed.html,
        started_at: now,
      })
      .where('id', '=', id)
      .execute();
    await sql`INSERT INTO newsletter_deliveries (issue_id, email)
      SELECT ${id}, email FROM newsletter_subscribers WHERE status = 'confirmed'
      ON CONFLICT DO NOTHING`.execute(trx);
    return true;
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether an SMTP error is permanent (a 5xx answer: no such mailbox, refused). */
const isHardBounce = (error: unknown): boolean => {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/**
 * Sends what is left of the issue `id`, a batch at a time at the set rate;
 * `shouldStop` ends the run between two recipients (the server closing).
 * Marks the issue sent when nobody is left. Answers how many mails went.
 */
export async function sendIssue(
  db: Kysely<Database>,
  mailer: Mailer,
  id: string,
  settings: NewsletterSettings,
  shouldStop: () => boolean = () => false,
): Promise<number> {
  const issue = await db.selectFrom('newsletter_issues').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  if (issue.status !== 'sending') return 0;
  const gapMs = 1000 / settings.ratePerSecond;
  let sent = 0;
  let last = 0;
  for (;;) {
    const batch = await db
      .selectFrom('newsletter_deliveries')
      .innerJoin('newsletter_subscribers', 'newsletter_subscribers.email', 'newsletter_deliveries.email')
      .select(['newsletter_deliveries.email', 'newsletter_subscribers.token', 'newsletter_subscribers.status as subscriber'])
      .where('newsletter_deliveries.issue_id', '=', id)
      .where('newsletter_deliveries.status', '=', 'pending')
      .orderBy('newsletter_deliveries.email')
      .limit(settings.batchSize)
      .execute();
    if (batch.length === 0) break;
    for (const recipient of batch) {
      if (shouldStop()) return sent;
      // Claimed before it goes: a run that stops after this never sends it again.
      const claimed = await db
        .updateTable('newsletter_deliveries')
        .set({ status: 'sending', attempts: sql`attempts + 1` })
        .where('issue_id', '=', id)
        .where('email', '=', recipient.email)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      if (recipient.subscriber !== 'confirmed') {
        // Unsubscribed (or stopped) since the send began.
        await db
          .updateTable('newsletter_deliveries')
          .set({ status: 'failed', error: 'unsubscribed before it went' })
          .where('issue_id', '=', id)
          .where('email', '=', recipient.email)
          .execute();
        continue;
      }
      const wait = last + gapMs - Date.now();
      if (wait > 0) await sleep(wait);
      last = Date.now();
      const unsubscribePage = `${settings.publicUrl}/newsletter/unsubscribe/${recipient.token}`;
      const oneClick = `${settings.publicUrl}/api/newsletter/unsubscribe/${recipient.token}`;
      try {
        await mailer.send({
          to: recipient.email,
          subject: issue.subject ?? 'Newsletter',
          text: issue.body_text ?? '',
          html: issue.body_html ?? undefined,
          unsubscribeUrl: unsubscribePage,
          headers: {
            'List-Unsubscribe': `<${oneClick}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            'List-Id': `${siteIdentity.shortName} newsletter <newsletter.${new URL(settings.publicUrl).hostname}>`,
          },
        });
        await db
          .updateTable('newsletter_deliveries')
          .set({ status: 'sent', sent_at: new Date() })
          .where('issue_id', '=', id)
          .where('email', '=', recipient.email)
          .execute();
        sent += 1;
      } catch (error) {
        const message = (error as Error).message?.slice(0, 300) ?? 'failed';
        await db
          .updateTable('newsletter_deliveries')
          .set({ status: 'failed', error: message })
          .where('issue_id', '=', id)
          .where('email', '=', recipient.email)
          .execute();
        if (isHardBounce(error)) {
          await db
            .updateTable('newsletter_subscribers')
            .set({
              hard_bounces: sql`hard_bounces + 1`,
              status: sql`CASE WHEN hard_bounces + 1 >= ${settings.bounceLimit} THEN 'bounced' ELSE status END`,
            })
            .where('email', '=', recipient.email)
            .execute();
        }
      }
    }
  }
  // Rows left 'sending' by a run that stopped between claiming and recording: the mail may have gone.
  await db
    .updateTable('newsletter_deliveries')
    .set({ status: 'failed', error: 'interrupted while sending: it may not have been delivered' })
    .where('issue_id', '=', id)
    .where('status', '=', 'sending')
    .execute();
  await db
    .updateTable('newsletter_issues')
    .set({ status: 'sent', finished_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
  return sent;
}

/**
 * The job (once across processes, every minute): resumes an issue under
 * way, or starts this week's when its moment has come (a skipped week
 * sends nothing; a postponed one waits for its new moment).
 */
export async function runNewsletter(
  db: Kysely<Database>,
  mailer: Mailer,
  settings: NewsletterSettings,
  now: Date,
  shouldStop?: () => boolean,
): Promise<void> {
  const underWay = await db
    .selectFrom('newsletter_issues')
    .select('id')
    .where('status', '=', 'sending')
    .orderBy('started_at')
    .execute();
  for (const issue of underWay) await sendIssue(db, mailer, issue.id, settings, shouldStop);
  const issue = await issueOfWeek(db, now, settings);
  if (issue.status !== 'planned' || new Date(issue.send_at).getTime() > now.getTime()) return;
  if (await startIssue(db, issue.id, now, settings.publicUrl)) await sendIssue(db, mailer, issue.id, settings, shouldStop);
}

/** The past issues, newest first, with how many they went to and how many failed. */
export async function pastIssues(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('newsletter_issues')
    .leftJoin('newsletter_deliveries', 'newsletter_deliveries.issue_id', 'newsletter_issues.id')
    .select([
      'newsletter_issues.id',
      'newsletter_issues.week',
      'newsletter_issues.status',
      'newsletter_issues.subject',
      'newsletter_issues.started_at',
      'newsletter_issues.finished_at',
      sql<number>`count(*) FILTER (WHERE newsletter_deliveries.status = 'sent')`.as('sent'),
      sql<number>`count(*) FILTER (WHERE newsletter_deliveries.status = 'failed')`.as('failed'),
      sql<number>`count(newsletter_deliveries.email)`.as('recipients'),
    ])
    .where('newsletter_issues.status', 'in', ['sending', 'sent', 'skipped'])
    .groupBy('newsletter_issues.id')
    .orderBy('newsletter_issues.week', 'desc')
    .limit(52)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    week: typeof r.week === 'string' ? r.week : new Date(r.week).toISOString().slice(0, 10),
    status: r.status,
    subject: r.subject,
    startedAt: r.started_at ? new Date(r.started_at).toISOString() : null,
    finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
    recipients: Number(r.recipients),
    sent: Number(r.sent),
    failed: Number(r.failed),
  }));
}
