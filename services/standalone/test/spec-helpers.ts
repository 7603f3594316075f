// What the whole-product specs share: polling a read until it settles, the admin's calls with
// Basic auth and the same-origin header the CSRF rule asks of writes, and the log lines captured.

import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { TEST_ADMIN } from './test-server.ts';

export const TEST_ADMIN_AUTHORIZATION = `Basic ${Buffer.from(`${TEST_ADMIN.username}:${TEST_ADMIN.password}`).toString('base64')}`;

/** Reads until done says so; an error naming what was awaited once the time is up. */
export const waitFor = async <T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 20_000,
): Promise<T> => {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(100)) {
    const value = await read();
    if (done(value)) return value;
  }
  throw new Error(`timed out waiting for ${what}`);
};

/** A call as the test admin: GET, or a write with a JSON body. */
export const adminFetch = (baseUrl: string, path: string, init: { method?: string; json?: unknown } = {}) =>
  fetch(new URL(path, baseUrl), {
    method: init.method ?? 'GET',
    headers: {
      authorization: TEST_ADMIN_AUTHORIZATION,
      origin: baseUrl,
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });

/** A pino destination that keeps every line, for specs that check what the logs hold. */
export const captureLogLines = () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, sink };
};
