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
