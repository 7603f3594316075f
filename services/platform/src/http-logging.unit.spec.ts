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
