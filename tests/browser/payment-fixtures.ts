// Investors and payment proofs made through the real API, for browser tests that need
// them before the page opens (the admin's review, the investor's history).

import { deflateSync } from 'node:zlib';
import { expect } from 'vitest';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A real width × height RGB PNG (the server sniffs the bytes): a diagonal gradient from `from` to `to`, so a thumbnail shows something. */
export const makePng = (width: number, height: number, from: [number, number, number], to: [number, number, number]) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      for (let c = 0; c < 3; c++) row[1 + x * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * t);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

export type Investor = { firstName: string; lastName: string; email: string; cookie: string };

/** Same-origin writes, as the SPA sends them (the session's CSRF check wants the Origin). */
export const send = async (baseUrl: string, path: string, init: { method: string; cookie?: string; json?: unknown; body?: Buffer; contentType?: string }) => {
  const headers: Record<string, string> = { origin: baseUrl };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  if (init.contentType) headers['content-type'] = init.contentType;
  return fetch(new URL(path, baseUrl), {
    method: init.method,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body && new Uint8Array(init.body),
  });
};

export const expectStatus = async (response: Response, status: number) => {
  expect(response.status, await response.clone().text()).toBe(status);
};

/** POST /api/auth/signup; the investor's session cookie comes back for later calls. */
export const signUp = async (baseUrl: string, firstName: string, lastName: string): Promise<Investor> => {
  const email = `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.ng`;
  const response = await send(baseUrl, '/api/auth/signup', { method: 'POST', json: { email, password: 'acres land 2025', firstName, lastName } });
  await expectStatus(response, 201);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith('acres.sid='));
  expect(cookie).toBeDefined();
  return { firstName, lastName, email, cookie: cookie! };
};

/** Upload URL, PUT of the PNG bytes, then the payment: the investor's own path through the API. */
export const submitPayment = async (baseUrl: string, investor: Investor, acres: number, png: Buffer) => {
  const issued = await send(baseUrl, '/api/objects/upload', { method: 'POST', cookie: investor.cookie, json: { purpose: 'payment-proof' } });
  await expectStatus(issued, 200);
  const { uploadURL } = (await issued.json()) as { uploadURL: string };
  const put = await send(baseUrl, uploadURL, { method: 'PUT', cookie: investor.cookie, body: png, contentType: 'image/png' });
  await expectStatus(put, 200);
  const { objectPath } = (await put.json()) as { objectPath: string };
  const created = await send(baseUrl, '/api/payments', {
    method: 'POST',
    cookie: investor.cookie,
    json: { acres, amount: acres * 3_500_000, proofImagePath: objectPath },
  });
  await expectStatus(created, 201);
  return (await created.json()) as { id: string; position: string };
};
