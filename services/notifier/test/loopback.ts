// Loopback stand-ins for the providers: a real SMTP server (smtp-server) and an HTTP server
// that records each request, so the specs check what our transports send without the internet.

import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export type ReceivedMail = { from: string; to: string[]; raw: string };

export const startSmtpServer = async () => {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A notifier's pooled connection stays open between messages; on close the server
    // would wait 30 s (its default) for it to quit before ending it.
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  // A client killed mid-session (kill.int.spec.ts) resets its connection: not the test's error.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type RecordedRequest = { method: string; path: string; headers: IncomingMessage['headers']; body: unknown };

/** Answers each request with `answer(request)` (status and JSON body) and records it. */
export const startHttpServer = async (answer: (request: RecordedRequest) => { status: number; body: unknown }) => {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    // A client killed mid-request resets its connection; that request is not recorded.
    request.on('error', () => {});
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const recorded = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: text ? (JSON.parse(text) as unknown) : null,
      };
      requests.push(recorded);
      const { status, body } = answer(recorded);
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export const parseMail = (raw: string): Promise<ParsedMail> => simpleParser(raw);

/** Every transport of the notifier pointed at these loopback servers, with test credentials. */
export const loopbackChannelEnv = (options: { smtpUrl: string; termiiUrl: string; whatsappUrl: string; adminEmail: string }) => ({
  SMTP_URL: options.smtpUrl,
  MAIL_FROM: 'Acres <hello@acres.example>',
  ADMIN_NOTIFY_EMAIL: options.adminEmail,
  PUBLIC_URL: 'https://acres.example',
  TERMII_API_KEY: 'TLtest-key-123',
  TERMII_SENDER_ID: 'Acres',
  TERMII_BASE_URL: options.termiiUrl,
  WHATSAPP_TOKEN: 'EAAtest-token',
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
  WHATSAPP_BASE_URL: options.whatsappUrl,
});
