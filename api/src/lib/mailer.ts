/**
 * Outgoing e-mail through nodemailer: SMTP when SMTP_URL is set, otherwise
 * `.eml` files in <dataDir>/outbox (their links are logged, so a local
 * install can follow a password-reset link).
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * "Hello Ruth," for a mail, from what a member typed as their first name:
 * one line, no control characters, at most 40 characters, and no name at
 * all ("Hello,") when it looks like an address or a link, so nobody can
 * make our mails carry their own paragraphs or links.
 */
export function greeting(firstname: string | null | undefined): string {
  // eslint-disable-next-line no-control-regex
  const name = (firstname ?? '').replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim();
  const safe = name.length > 0 && name.length <= 40 && !/[<>:/\\@]|\.\S|www/i.test(name);
  return safe ? `Hello ${name},` : 'Hello,';
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function outboxDir(config: AppConfig): string {
  return path.join(config.dataDir, 'outbox');
}

export function createMailer(config: AppConfig, log: (message: string) => void = () => {}): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return { send: async (mail) => void (await transport.sendMail({ from: config.mailFrom, ...mail })) };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      const dir = outboxDir(config);
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`);
      // Written beside, then renamed: a reader of the outbox never sees half a message.
      await writeFile(`${file}.part`, info.message as Buffer);
      await rename(`${file}.part`, file);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log(`Mail to ${mail.to} ("${mail.subject}") written to ${file}${links.length ? `; links: ${links.join(' ')}` : ''}`);
    },
  };
}
