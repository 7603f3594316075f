// A request logs one line (our onResponse hook), with its request id, and building the app
// asks nothing of fastify that it has deprecated (its warnings would reach every start's output).

import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpApp } from './http.ts';

const warnings: Error[] = [];
const onWarning = (warning: Error) => void warnings.push(warning);
afterEach(() => {
  process.off('warning', onWarning);
  warnings.length = 0;
});

describe('request logging', () => {
  it('writes one line per request and no deprecation warning', async () => {
    process.on('warning', onWarning);
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const app = createHttpApp({ logger: pino({ level: 'info' }, sink) });
    app.get('/ping', async () => ({ ok: true }));
    const response = await app.inject({ method: 'GET', url: '/ping', headers: { 'x-request-id': 'req-1' } });
    await app.close();
    // process.emitWarning delivers on the next tick.
    await new Promise((resolve) => setImmediate(resolve));

    expect(response.statusCode).toBe(200);
    expect(lines.map((line) => [line.msg, line.reqId])).toEqual([['request completed', 'req-1']]);
    expect(warnings.filter((warning) => warning.name === 'FastifyDeprecation').map((warning) => warning.message)).toEqual([]);
  });
});

describe('the request line’s url', () => {
  const logUrls = async (register: (app: ReturnType<typeof createHttpApp>) => void, urls: string[]) => {
    const lines: Array<{ req?: { url?: string } }> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as { req?: { url?: string } });
        done();
      },
    });
    const app = createHttpApp({ logger: pino({ level: 'info' }, sink) });
    register(app);
    for (const url of urls) await app.inject({ method: 'GET', url });
    await app.close();
    return lines.map((line) => line.req?.url);
  };

  it('keeps the path and the query’s names, never its values, nor a secret path parameter', async () => {
    const urls = await logUrls(
      (app) => {
        app.get('/status', async () => ({}));
        app.get('/upload/:token', async () => ({}));
        app.get('/payments/:id', async () => ({}));
      },
      [
        '/status?applicationNumber=ACR-1&email=victim%40example.com',
        '/status?token=abc.def&&victim@example.com',
        '/upload/signed.secret-value',
        '/payments/7f3e?x=1',
        '/nowhere?email=victim@example.com',
      ],
    );
    expect(urls).toEqual([
      '/status?applicationNumber=[redacted]&email=[redacted]',
      '/status?token=[redacted]&[redacted]=[redacted]',
      '/upload/:token',
      '/payments/7f3e?x=[redacted]',
      '/nowhere?email=[redacted]',
    ]);
  });
});
