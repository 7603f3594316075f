// A signed-in person's calls that whole-product specs make in their set-up: becoming an
// affiliate, and uploading a proof image (a payment's or a sale's).

import { expect } from 'vitest';
import { send, type Investor } from '../../../tests/browser/fixtures/api.ts';
import { AFFILIATE_REGISTRATION } from './fuzz/requests.ts';

/** POST /api/affiliate/register with the valid form: the affiliate record. */
export const registerAffiliate = async (baseUrl: string, who: Investor) => {
  const registered = await send(baseUrl, '/api/affiliate/register', {
    method: 'POST',
    cookie: who.cookie,
    json: AFFILIATE_REGISTRATION,
  });
  expect(registered.status, await registered.clone().text()).toBe(201);
  return ((await registered.json()) as { affiliate: { id: string; userId: string } }).affiliate;
};

/** An upload URL for a proof, then the image PUT to it: the object path a payment or sale names. */
export const uploadProof = async (baseUrl: string, who: Investor, png: Buffer) => {
  const issued = await send(baseUrl, '/api/objects/upload', {
    method: 'POST',
    cookie: who.cookie,
    json: { purpose: 'payment-proof' },
  });
  const { uploadURL } = (await issued.json()) as { uploadURL: string };
  const put = await send(baseUrl, uploadURL, { method: 'PUT', cookie: who.cookie, body: png, contentType: 'image/png' });
  expect(put.status).toBe(200);
  return ((await put.json()) as { objectPath: string }).objectPath;
};
