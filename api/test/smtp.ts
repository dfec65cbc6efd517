/**
 * A real SMTP server in the test process (smtp-server, from the nodemailer
 * project) on a free port: point SMTP_URL at `url` and read what arrives,
 * parsed (mailparser) with its headers, text and HTML parts.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ArrivedMail {
  /** The envelope's recipients (RCPT TO). */
  envelopeTo: string[];
  parsed: ParsedMail;
  /** When the server had the whole message (ms since the epoch). */
  at: number;
}

export interface TestSmtp {
  /** smtp://127.0.0.1:<port> (no TLS, no login). */
  url: string;
  mails: ArrivedMail[];
  /** Waits (up to `timeoutMs`) until `count` mails have arrived in all; answers them, oldest first. */
  waitFor(count: number, timeoutMs?: number): Promise<ArrivedMail[]>;
  /** Waits for the newest mail to `to` whose text matches `pattern`. */
  waitForMailTo(to: string, pattern?: RegExp, timeoutMs?: number): Promise<ArrivedMail>;
  /** Recipients whose RCPT TO the server refuses with a permanent error (a hard bounce). */
  reject: Set<string>;
  /** Waits (up to `timeoutMs`) until no client holds a connection open. */
  waitForNoConnections(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtp> {
  const mails: ArrivedMail[] = [];
  const reject = new Set<string>();
  let connections = 0;
  const server = new SMTPServer({
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onClose() {
      connections--;
    },
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      if (reject.has(address.address.toLowerCase())) {
        const error = Object.assign(new Error('No such mailbox'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), parsed, at: Date.now() });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };

  async function waitUntil<T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const found = check();
      if (found !== undefined) return found;
      if (Date.now() > end) throw new Error(`${what} (arrived: ${mails.length})`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    reject,
    waitFor: (count, timeoutMs = 5000) =>
      waitUntil(() => (mails.length >= count ? [...mails] : undefined), timeoutMs, `expected ${count} mail(s) through SMTP`),
    waitForMailTo: (to, pattern = /./, timeoutMs = 5000) =>
      waitUntil(
        () => mails.filter((m) => m.envelopeTo.includes(to.toLowerCase()) && pattern.test(m.parsed.text ?? '')).at(-1),
        timeoutMs,
        `no mail to ${to} matching ${pattern} through SMTP`,
      ),
    waitForNoConnections: async (timeoutMs = 5000) =>
      void (await waitUntil(
        () => (connections === 0 ? true : undefined),
        timeoutMs,
        `${connections} SMTP connection(s) still open`,
      )),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
