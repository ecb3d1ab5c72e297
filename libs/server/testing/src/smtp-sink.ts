import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One e-mail the sink accepted: the envelope, the headers tests look at and the whole message. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The Message-ID header (the notification service sets the row's id there). */
  messageId: string | undefined;
  subject: string | undefined;
  raw: string;
  receivedAt: number;
}

/** An answer the sink gives a recipient instead of accepting it: `code` 550 refuses for good, 451 for now. */
export interface SmtpRefusal {
  code: number;
  message: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`; the same after `stop()` and `start()`. */
  readonly url: string;
  readonly port: number;
  /** Every e-mail accepted so far, in order. */
  readonly received: ReceivedMail[];
  /** RCPT TO commands seen, refused ones included (how often the sender tried). */
  readonly recipientsTried: string[];
  /** Waits this long before answering each message's data (a slow server). */
  slowDown(ms: number): void;
  /** Answers RCPT TO with `refusal(address)` when it gives one. */
  refuse(refusal: ((address: string) => SmtpRefusal | undefined) | undefined): void;
  /** Resolves once `count` e-mails were received (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Closes the port: connections are refused, as when the SMTP server is down. */
  stop(): Promise<void>;
  /** Opens the same port again. */
  start(): Promise<void>;
}

const header = (raw: string, name: string): string | undefined => {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return match?.[1]?.replace(/\r?\n[ \t]+/g, ' ').trim();
};

/**
 * A real SMTP server in the test process (nodemailer's smtp-server) on a free loopback port: no
 * TLS, no authentication; it records what it accepts. `port` fixes the port (else a free one).
 */
export async function startSmtpSink(options: { port?: number } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const recipientsTried: string[] = [];
  let refusal: ((address: string) => SmtpRefusal | undefined) | undefined;
  let delayMs = 0;
  const waiters = new Set<() => void>();

  const newServer = () => {
    const made = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      size: 10 * 1024 * 1024,
      // The sender keeps pooled connections open: closing must not wait for them.
      closeTimeout: 200,
      onRcptTo(address, _session, callback) {
        recipientsTried.push(address.address);
        const refused = refusal?.(address.address);
        if (!refused) return callback();
        callback(Object.assign(new Error(refused.message), { responseCode: refused.code }));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            messageId: header(raw, 'Message-ID'),
            subject: header(raw, 'Subject'),
            raw,
            receivedAt: Date.now(),
          });
          for (const wake of waiters) wake();
          if (delayMs > 0) setTimeout(callback, delayMs);
          else callback();
        });
      },
    });
    // A sender killed mid-session (the fault tests' SIGKILL) resets its connection: expected here,
    // and without a listener the server's 'error' event would throw in the test process.
    made.on('error', () => {});
    return made;
  };

  let server = newServer();
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    recipientsTried,
    refuse(next) {
      refusal = next;
    },
    slowDown(ms) {
      delayMs = ms;
    },
    async waitFor(count, timeoutMs = 20_000) {
      if (received.length >= count) return received;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`The SMTP sink received ${received.length} e-mails in ${timeoutMs} ms, not ${count}`));
        }, timeoutMs);
        function check() {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        }
        waiters.add(check);
      });
      return received;
    },
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async start() {
      server = newServer();
      server.listen(port, '127.0.0.1');
      await once(server.server, 'listening');
    },
  };
}
