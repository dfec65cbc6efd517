/**
 * Outgoing e-mail through nodemailer: SMTP when SMTP_URL is set, otherwise
 * `.eml` files in <dataDir>/outbox (their links are logged, so a local
 * install can follow a password-reset link).
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { siteIdentity } from '@ministry/shared/config';
import type { AppConfig } from '../config.js';
import { escapeHtml } from './html.js';

export interface Mail {
  to: string;
  subject: string;
  /** The plain-text part, the whole message; the HTML part is made from it unless `html` is given. */
  text: string;
  /** The message's own HTML (inside the site's layout); unset: the text, its paragraphs and links, in the layout. */
  html?: string;
  /** Set on mail to a list (the newsletter): the address that unsubscribes in one click, shown at the foot. */
  unsubscribeUrl?: string;
  /** Why the reader receives mail to this list, before the unsubscribe link (the newsletter's words by default). */
  unsubscribeNote?: string;
  /** Files with the mail (a ticket's calendar file); `cid` makes one an image the HTML shows (`<img src="cid:…">`). */
  attachments?: { filename: string; content: Buffer | string; contentType: string; cid?: string }[];
  /** Extra headers (List-Unsubscribe, …). */
  headers?: Record<string, string>;
}

/**
 * "Hello Ruth," for a mail, from what a member typed as their first name:
 * one line, no control characters, at most 40 characters, and no name at
 * all ("Hello,") when it looks like an address or a link, so nobody can
 * make our mails carry their own paragraphs or links.
 */
export function greeting(firstname: string | null | undefined): string {
  const name = (firstname ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const safe = name.length > 0 && name.length <= 40 && !/[<>:/\\@]|\.\S|www/i.test(name);
  return safe ? `Hello ${name},` : 'Hello,';
}

/**
 * An action of a mail as a button, with its address written out below it
 * (for a reader whose mail app shows no buttons, or who wants to see where
 * it goes).
 */
export function actionButton(label: string, url: string): string {
  const href = escapeHtml(url);
  return `<p style="margin:0 0 20px"><a href="${href}" class="action" style="display:inline-block;background:#14213d;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 24px;border-radius:999px">${escapeHtml(
    label,
  )}</a><br><a href="${href}" class="written" style="display:inline-block;margin-top:8px;color:#55595f;font-size:13px;word-break:break-all">${href}</a></p>`;
}

/**
 * A line of a mail's text that is an action: "Label: https://…" on a line of
 * its own, the label short and no sentence ("Log in", "See your requests").
 */
const ACTION_LINE = /^([^:\n.?!]{1,40}):\s+(https?:\/\/\S+)$/;

const linkedText = (text: string): string =>
  escapeHtml(text).replace(
    /https?:\/\/[^\s<]+[^\s<.,;:!?)]/g,
    (url) => `<a href="${url}" style="color:#7a5c00;word-break:break-all">${url}</a>`,
  );

/**
 * Plain text as HTML paragraphs: blank lines part them, line breaks stay,
 * addresses become links, and an action line ("Label: https://…") becomes
 * a button with its address written out below.
 */
export function textToHtml(text: string): string {
  return text
    .trim()
    .split(/\n{2,}/)
    .flatMap((paragraph) => {
      const parts: string[] = [];
      let lines: string[] = [];
      const flush = () => {
        if (lines.length) parts.push(`<p style="margin:0 0 16px">${lines.map(linkedText).join('<br>')}</p>`);
        lines = [];
      };
      for (const line of paragraph.split('\n')) {
        const action = ACTION_LINE.exec(line.trim());
        if (action) {
          flush();
          parts.push(actionButton(action[1].trim(), action[2]));
        } else lines.push(line);
      }
      flush();
      return parts;
    })
    .join('\n');
}

/**
 * Every e-mail's HTML part: the site's look (navy header with the ministry's
 * name, white card, gold links), one column that fits a phone, colours that
 * mail apps in dark mode keep readable, and at the foot the ministry's name
 * and postal address (and the unsubscribe link on mail to a list).
 */
export function mailLayout({
  subject,
  body,
  unsubscribeUrl,
  unsubscribeNote = 'You receive this because you subscribed to our newsletter.',
}: {
  subject: string;
  body: string;
  unsubscribeUrl?: string;
  unsubscribeNote?: string;
}): string {
  const { ministryName, contact } = siteIdentity;
  const unsubscribe = unsubscribeUrl
    ? `<p style="margin:8px 0 0">${escapeHtml(unsubscribeNote)} <a href="${escapeHtml(unsubscribeUrl)}" class="foot-link" style="color:#55595f;text-decoration:underline">Unsubscribe</a></p>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(subject)}</title>
<style>
  body { margin:0; padding:0; }
  a { color:#7a5c00; }
  @media (max-width: 600px) { .card { padding:20px 16px !important; } .outer { padding:12px 8px !important; } }
  @media (prefers-color-scheme: dark) {
    body, .outer { background:#0f1420 !important; }
    .card { background:#1b2130 !important; color:#ecebe7 !important; }
    .card a { color:#e2c25a !important; }
    .card a.action { background:#e2c25a !important; color:#14213d !important; }
    .card a.written { color:#a9adb5 !important; }
    .foot, .foot a { color:#a9adb5 !important; }
  }
</style>
</head>
<body style="margin:0;padding:0;background:#f6f4ef">
<table role="presentation" class="outer" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f4ef;padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px">
<tr><td style="background:#14213d;color:#ffffff;padding:18px 24px;border-radius:8px 8px 0 0;font-family:Georgia,'Times New Roman',serif;font-size:20px;font-weight:bold">
<span style="color:#c9a227">&#10022;</span> ${escapeHtml(ministryName)}
</td></tr>
<tr><td class="card" style="background:#ffffff;color:#1d1d1f;padding:28px 24px;border-radius:0 0 8px 8px;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.55">
${body}
</td></tr>
<tr><td class="foot" style="padding:16px 24px;color:#55595f;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:13px;line-height:1.5;text-align:center">
<p style="margin:0">${escapeHtml(ministryName)}<br>${escapeHtml(contact.address)}</p>
${unsubscribe}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** The footer of every plain-text part: the ministry's name and postal address (and the unsubscribe link on mail to a list). */
function textFooter(unsubscribeUrl?: string): string {
  const lines = ['--', siteIdentity.ministryName, siteIdentity.contact.address];
  if (unsubscribeUrl) lines.push(`Unsubscribe: ${unsubscribeUrl}`);
  return lines.join('\n');
}

/** What nodemailer sends for `mail`: both parts in the site's layout, from the site's address. */
export function composeMail(config: Pick<AppConfig, 'mailFrom'>, mail: Mail): SendMailOptions {
  const { unsubscribeUrl, unsubscribeNote, ...rest } = mail;
  return {
    from: config.mailFrom,
    ...rest,
    text: `${mail.text.trimEnd()}\n\n${textFooter(unsubscribeUrl)}\n`,
    html: mailLayout({ subject: mail.subject, body: mail.html ?? textToHtml(mail.text), unsubscribeUrl, unsubscribeNote }),
  };
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** The app's mailer (`app.mailer`): closing it ends the SMTP connections it keeps open. */
export interface AppMailer extends Mailer {
  close(): void;
}

export function outboxDir(config: AppConfig): string {
  return path.join(config.dataDir, 'outbox');
}

export function createMailer(config: AppConfig, log: (message: string) => void = () => {}): AppMailer {
  if (config.smtpUrl) {
    // Pooled: a few connections kept open and reused (a newsletter is hundreds of mails), unless SMTP_URL says otherwise (?pool=false).
    const url = new URL(config.smtpUrl);
    if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
    const transport = nodemailer.createTransport(url.toString());
    return {
      send: async (mail) => void (await transport.sendMail(composeMail(config, mail))),
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    close: () => transport.close(),
    async send(mail) {
      const info = await transport.sendMail(composeMail(config, mail));
      const dir = outboxDir(config);
      await mkdir(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`,
      );
      // Written beside, then renamed: a reader of the outbox never sees half a message.
      await writeFile(`${file}.part`, info.message as Buffer);
      await rename(`${file}.part`, file);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log(`Mail to ${mail.to} ("${mail.subject}") written to ${file}${links.length ? `; links: ${links.join(' ')}` : ''}`);
    },
  };
}
