// The main journey of the site, driven through the proxy as a browser drives it: a lead, an
// application, a sign-up, a payment proof uploaded (straight to the bucket when S3 is
// configured, as the browser PUTs it) and the admin's approval, then an affiliate's sale, its
// verification and the commission on the affiliate's statement, each read back from the read side.

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { validApplication, validLead, validSaleReport } from '@acres/fixtures';
import { expect } from 'vitest';
import {
  expectStatus,
  makePng,
  registerAffiliate,
  send,
  setBusinessSettings,
  signUp,
  type Investor,
} from '../browser/fixtures/api.ts';

export const basicAuthorization = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/** Polls `read` until `done` holds (expect.poll cannot be awaited from a helper's loop with a result). */
export const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms (last: ${JSON.stringify(value)})`);
    await sleep(100);
  }
};

const uploadProof = async (url: string, cookie: string) => {
  const issued = await send(url, '/api/objects/upload', { method: 'POST', cookie, json: { purpose: 'payment-proof' } });
  await expectStatus(issued, 200);
  const { uploadURL, objectPath } = (await issued.json()) as { uploadURL: string; objectPath: string };
  const png = makePng(8, 8, [0, 80, 0], [200, 220, 200]);
  const target = new URL(uploadURL, url);
  // A bucket URL is PUT as the browser does: straight there, allowed by the page's connect-src.
  const put =
    target.origin === new URL(url).origin
      ? await send(url, uploadURL, { method: 'PUT', cookie, body: png, contentType: 'image/png' })
      : await fetch(target, { method: 'PUT', body: new Uint8Array(png), headers: { 'content-type': 'image/png' } });
  await expectStatus(put, 200);
  return { objectPath, uploadOrigin: target.origin };
};

export const runJourney = async (url: string, authorization: string) => {
  const tag = randomUUID().slice(0, 8);
  const lead = await send(url, '/api/leads', { method: 'POST', json: validLead({ email: `lead-${tag}@example.ng` }) });
  await expectStatus(lead, 201);
  const application = await send(url, '/api/subscriptions', {
    method: 'POST',
    json: validApplication({ email: `applicant-${tag}@example.ng` }),
  });
  await expectStatus(application, 201);
  // Payment proofs are taken once the admin has set the escrow account.
  await setBusinessSettings(url, authorization);
  const investor = await signUp(url, 'Topo', `Logy${tag}`, { verifiedBy: authorization });
  const { objectPath, uploadOrigin } = await uploadProof(url, investor.cookie);
  const payment = await send(url, '/api/payments', {
    method: 'POST',
    cookie: investor.cookie,
    json: { acres: 1, amount: 3_500_000, proofImagePath: objectPath },
  });
  await expectStatus(payment, 201);
  const { id } = (await payment.json()) as { id: string };
  const approved = await fetch(new URL(`/api/admin/payments/${id}/status`, url), {
    method: 'PUT',
    headers: { authorization, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'approved', adminNotes: 'Matches the escrow statement' }),
  });
  await expectStatus(approved, 200);
  // The read side (a query-api replica, from what a projector wrote) shows the decision.
  const payments = await waitFor(
    async () =>
      (await (await send(url, '/api/payments', { method: 'GET', cookie: investor.cookie })).json()) as {
        id: string;
        status: string;
      }[],
    (list) => list.some((entry) => entry.id === id && entry.status === 'approved'),
    'the approved payment on the investor’s list',
  );
  expect(payments.find((entry) => entry.id === id)?.status).toBe('approved');
  const statement = await sellAsAffiliate(url, authorization, investor);
  return { uploadOrigin, statement };
};

type Statement = { month: string; sales: { id: string; clientName: string }[]; totals: { sales: number; commission: number } };

/** The investor turns affiliate, reports a sale, the admin verifies it; the statement the affiliate then reads. */
const sellAsAffiliate = async (url: string, authorization: string, investor: Investor) => {
  await registerAffiliate(url, investor);
  const sale = validSaleReport({ clientName: 'Ngozi Eze', amountPaid: 3_500_000, acres: 1 });
  const reported = await send(url, '/api/affiliate/report-sale', { method: 'POST', cookie: investor.cookie, json: sale });
  await expectStatus(reported, 201);
  const { id } = (await reported.json()) as { id: string };
  const verified = await fetch(new URL(`/api/admin/affiliate-sales/${id}/status`, url), {
    method: 'PUT',
    headers: { authorization, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'verified', notes: 'Escrow receipt matched' }),
  });
  await expectStatus(verified, 200);
  const month = sale.transactionDate.slice(0, 7);
  const statement = await waitFor(
    async () =>
      (await (
        await send(url, `/api/affiliate/statements?month=${month}`, { method: 'GET', cookie: investor.cookie })
      ).json()) as Statement,
    (answer) => answer.totals?.commission > 0,
    'the verified sale’s commission on the affiliate’s statement',
  );
  expect(statement.sales.map((entry) => entry.id)).toEqual([id]);
  return statement;
};
