// Issue 24: email ownership, through real HTTP against the product as `npm start` composes it,
// with email delivered to a loopback SMTP server. A typed email is not an owned one: sign-up
// answers the same way for every address, and an account's records are what it made itself and
// what was made with an address it has proved (finding 2). Sign-up never says an address is
// taken (finding 9), and an erased account's address can be signed up with again (item 5).

import {
  EMAIL_VERIFICATION_LINK_INVALID_MESSAGE,
  SIGN_UP_ACCEPTED_MESSAGE,
  VERIFY_EMAIL_PASSWORD_NEEDED_MESSAGE,
} from '@acres/contracts';
import { validApplication } from '@acres/fixtures';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { send, sessionCookieOf, uploadPassportPhotoAsVisitor } from '../../../tests/browser/fixtures/api.ts';
import { parseMail, startSmtpServer } from '@acres/notifier/test';
import { adminFetch, waitFor } from '../test/spec-helpers.ts';
import { startStandaloneForTest, TEST_ADMIN, type StandaloneTestServer } from '../test/test-server.ts';

const VERIFY_LINK = /https:\/\/acres\.example\/verify-email\?token=([A-Za-z0-9._~%-]+)/;

let server: StandaloneTestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startStandaloneForTest({
    adminUrl: inject('pgAdminUrl'),
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Acres <hello@acres.example>', PUBLIC_URL: 'https://acres.example' },
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const admin = (path: string, init: { method?: string; json?: unknown } = {}) => adminFetch(server.url, path, init);

const signUpRaw = (account: { email: string; password: string; firstName?: string; lastName?: string }) =>
  send(server.url, '/api/auth/signup', {
    method: 'POST',
    json: { firstName: 'Ada', lastName: 'Obi', ...account },
  });

const signIn = async (email: string, password: string) => {
  const response = await send(server.url, '/api/auth/signin', { method: 'POST', json: { email, password } });
  expect(response.status, await response.clone().text()).toBe(200);
  const { user } = (await response.json()) as { user: { id: string; emailVerified: boolean } };
  return { id: user.id, emailVerified: user.emailVerified, cookie: sessionCookieOf(response) };
};

/** The emails of one kind that reached the address so far. */
const mailsTo = (email: string, kind: string) =>
  smtp.received.filter((mail) => mail.to.includes(email) && mail.raw.includes(`X-Acres-Kind: ${kind}`));

const waitForMails = (email: string, kind: string, count: number) =>
  waitFor(
    async () => mailsTo(email, kind),
    (found) => found.length >= count,
    `${count} ${kind} email(s) to ${email}`,
  );

/** The token of the latest confirmation link sent to the address. */
const latestVerificationToken = async (email: string, count = 1) => {
  const mails = await waitForMails(email, 'email-verification', count);
  const parsed = await parseMail(mails[mails.length - 1]!.raw);
  const link = VERIFY_LINK.exec(parsed.text ?? '');
  expect(link, parsed.text).not.toBeNull();
  return decodeURIComponent(link![1]!);
};

/** The link's page posting its token, from a browser not signed in: with the account's password. */
const verify = (token: string, password?: string) =>
  send(server.url, '/api/auth/verify-email', {
    method: 'POST',
    json: { token, ...(password === undefined ? {} : { password }) },
  });

const myApplications = async (cookie: string, position?: string) => {
  const response = await fetch(new URL('/api/subscriptions/mine', server.url), {
    headers: { cookie, ...(position ? { 'x-min-position': position } : {}) },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { applicationNumber: string }[];
};

/** Everything in the account's own download, as text: every file of the ZIP and its names. */
const myDataExport = async (cookie: string) => {
  const response = await waitFor(
    () => fetch(new URL('/api/me/data-export', server.url), { headers: { cookie } }),
    (answer) => answer.status === 200,
    'the account in the read models',
  );
  const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
  return Object.entries(entries)
    .map(([name, bytes]) => `${name}\n${strFromU8(bytes)}`)
    .join('\n');
};

const erasurePreview = async (userId: string) => {
  const response = await waitFor(
    () => admin(`/api/admin/erasures/preview?kind=user&id=${userId}`),
    (answer) => answer.status === 200,
    'the account in the read models',
  );
  return (await response.json()) as { records: { kind: string; id: string; label: string }[] };
};

/** A visitor's passport photo upload, for the application. */
const uploadPhoto = () => uploadPassportPhotoAsVisitor(server.url);

describe("a stranger who signs up with a victim's email (finding 2)", () => {
  const VICTIM = 'victim@example.ng';
  const VICTIM_VALUES = {
    dateOfBirth: '1983-07-21',
    residentialAddress: '12 Harmattan Crescent, Ikoyi',
    kinName: 'Obiora Nwankwo-Victim',
    kinEmail: 'obiora.kin@example.ng',
  };
  let applicationNumber: string;
  let photoId: string;
  let stranger: Awaited<ReturnType<typeof signIn>>;

  beforeAll(async () => {
    const photo = await uploadPhoto();
    photoId = photo.objectPath.split('/').pop()!;
    const applied = await send(server.url, '/api/subscriptions', {
      method: 'POST',
      cookie: photo.cookie,
      json: validApplication({ email: VICTIM, ...VICTIM_VALUES, passportPhotoUrl: photo.objectPath }),
    });
    expect(applied.status, await applied.clone().text()).toBe(201);
    applicationNumber = ((await applied.json()) as { applicationNumber: string }).applicationNumber;

    const signUp = await signUpRaw({ email: VICTIM, password: 'stranger pass 1', firstName: 'Mallory' });
    expect(signUp.status).toBe(202);
    expect(signUp.headers.getSetCookie()).toEqual([]);
    expect(await signUp.json()).toEqual({ message: SIGN_UP_ACCEPTED_MESSAGE });
    stranger = await signIn(VICTIM, 'stranger pass 1');
    expect(stranger.emailVerified).toBe(false);
  });

  it("lists none of the victim's applications for the stranger", async () => {
    // Wait until the account and the application are both projected: an empty list must not be an early one.
    await erasurePreview(stranger.id);
    expect(await myApplications(stranger.cookie)).toEqual([]);
  });

  it("gives the stranger's own download none of the victim's data, nor the photo", async () => {
    const text = await myDataExport(stranger.cookie);
    for (const value of [applicationNumber, photoId, ...Object.values(VICTIM_VALUES)]) expect(text).not.toContain(value);
    expect(text).not.toMatch(/files\/passport-photo/);
  });

  it("previews the stranger's erasure without any of the victim's records", async () => {
    const preview = await erasurePreview(stranger.id);
    expect(preview.records.map((record) => record.kind)).toEqual(['user']);
  });

  it("does not confirm the stranger's account when the victim opens the link the sign-up sent them", async () => {
    // The victim got "confirm your email" for an account they never made. Opening it, not signed in
    // and without the stranger's password, confirms nothing: the link alone is not the account.
    const token = await latestVerificationToken(VICTIM);
    const opened = await verify(token);
    expect(opened.status, await opened.clone().text()).toBe(401);
    const problem = (await opened.json()) as { errors?: { field: string; message: string }[] };
    expect(problem.errors).toEqual([{ field: 'password', message: VERIFY_EMAIL_PASSWORD_NEEDED_MESSAGE }]);
    expect(opened.headers.getSetCookie()).toEqual([]);
    expect((await verify(token, 'a guess 1')).status).toBe(401);
    // Still unconfirmed: the stranger sees none of the victim's applications.
    expect((await signIn(VICTIM, 'stranger pass 1')).emailVerified).toBe(false);
    expect(await myApplications(stranger.cookie)).toEqual([]);
  });

  it('shows the application to the real owner who takes the account back and confirms the address', async () => {
    // The owner cannot sign up again (the address has an account): they are told so, and reset its password.
    const again = await signUpRaw({ email: VICTIM, password: 'owner pass 1' });
    expect(again.status).toBe(202);
    await waitForMails(VICTIM, 'existing-account-sign-up', 1);
    expect((await send(server.url, '/api/auth/password-reset', { method: 'POST', json: { email: VICTIM } })).status).toBe(202);
    const [reset] = await waitForMails(VICTIM, 'password-reset', 1);
    const resetToken = /reset-password\?token=([A-Za-z0-9._~%-]+)/.exec((await parseMail(reset!.raw)).text ?? '')![1]!;
    const confirmed = await send(server.url, '/api/auth/password-reset/confirm', {
      method: 'POST',
      json: { token: decodeURIComponent(resetToken), password: 'owner pass 1' },
    });
    expect(confirmed.status, await confirmed.clone().text()).toBe(204);
    // The stranger is out: their session ended with the reset, their password no longer works.
    expect((await fetch(new URL('/api/auth/user', server.url), { headers: { cookie: stranger.cookie } })).status).toBe(401);

    // The confirmation link went to the owner's inbox: opening it proves the address and signs them in.
    const verified = await verify(await latestVerificationToken(VICTIM), 'owner pass 1');
    expect(verified.status, await verified.clone().text()).toBe(200);
    const { position, user } = (await verified.json()) as { position: string; user: { emailVerified: boolean } };
    expect(user.emailVerified).toBe(true);
    expect(
      (await myApplications(sessionCookieOf(verified), position)).map((application) => application.applicationNumber),
    ).toEqual([applicationNumber]);
  });
});

describe('an applicant who signs up with their own email', () => {
  it('sees their application once the emailed link confirms the address, not before', async () => {
    const email = 'applicant@example.ng';
    const applied = await send(server.url, '/api/subscriptions', { method: 'POST', json: validApplication({ email }) });
    expect(applied.status).toBe(201);
    const { applicationNumber } = (await applied.json()) as { applicationNumber: string };
    expect((await signUpRaw({ email, password: 'applicant pass 1' })).status).toBe(202);
    const account = await signIn(email, 'applicant pass 1');
    await erasurePreview(account.id);
    expect(await myApplications(account.cookie)).toEqual([]);
    const verified = await verify(await latestVerificationToken(email), 'applicant pass 1');
    expect(verified.status).toBe(200);
    const { position } = (await verified.json()) as { position: string };
    expect((await myApplications(account.cookie, position)).map((application) => application.applicationNumber)).toEqual([
      applicationNumber,
    ]);
  });
});

describe('sign-up with an email that has an account (finding 9)', () => {
  const OWNER = 'owner@example.ng';

  it('answers exactly as for a new email, leaves the account as it was and writes to its owner', async () => {
    const fresh = await signUpRaw({ email: OWNER, password: 'owner pass 1', firstName: 'Ngozi' });
    const repeat = await signUpRaw({ email: 'Owner@Example.ng', password: 'other pass 2', firstName: 'Mallory' });
    for (const response of [fresh, repeat]) {
      expect(response.status).toBe(202);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    expect(await repeat.text()).toBe(await fresh.text());
    const headersOf = (response: Response) =>
      [...response.headers].filter(
        ([name]) => !['x-request-id', 'date', 'x-ratelimit-remaining', 'x-ratelimit-reset'].includes(name),
      );
    expect(headersOf(repeat)).toEqual(headersOf(fresh));

    const [note] = await waitForMails(OWNER, 'existing-account-sign-up', 1);
    const parsed = await parseMail(note!.raw);
    expect(parsed.subject).toBe('You already have an Acres account');
    expect(parsed.text).toContain('Hi Ngozi,');
    expect(parsed.text).toContain('https://acres.example/signin');
    expect(parsed.text).toContain('https://acres.example/forgot-password');
    expect(parsed.text).not.toMatch(/token=/);
    // The account is the first sign-up's: its password, not the second one's.
    await signIn(OWNER, 'owner pass 1');
    const refused = await send(server.url, '/api/auth/signin', {
      method: 'POST',
      json: { email: OWNER, password: 'other pass 2' },
    });
    expect(refused.status).toBe(401);
  });
});

describe('the confirmation link', () => {
  it('works once, signs its owner in, and is superseded by one sent again', async () => {
    const email = 'links@example.ng';
    expect((await signUpRaw({ email, password: 'links pass 1' })).status).toBe(202);
    const first = await latestVerificationToken(email, 1);
    const account = await signIn(email, 'links pass 1');
    const resent = await send(server.url, '/api/auth/verify-email/resend', { method: 'POST', cookie: account.cookie });
    expect(resent.status, await resent.clone().text()).toBe(202);
    const second = await latestVerificationToken(email, 2);
    expect(second).not.toBe(first);

    const superseded = await verify(first, 'links pass 1');
    expect(superseded.status).toBe(410);
    expect(await superseded.json()).toMatchObject({
      detail: EMAIL_VERIFICATION_LINK_INVALID_MESSAGE,
      errors: [{ field: 'token', message: EMAIL_VERIFICATION_LINK_INVALID_MESSAGE }],
    });
    expect(superseded.headers.getSetCookie()).toEqual([]);

    const used = await verify(second, 'links pass 1');
    expect(used.status).toBe(200);
    expect(((await used.json()) as { user: { id: string } }).user.id).toBe(account.id);
    expect(sessionCookieOf(used)).toMatch(/^acres\.sid=/);
    const again = await verify(second, 'links pass 1');
    expect(again.status).toBe(410);
    // Confirmed: nothing more to send.
    const late = await send(server.url, '/api/auth/verify-email/resend', { method: 'POST', cookie: account.cookie });
    expect(late.status).toBe(409);
  });

  it('is refused when forged, or made for another purpose', async () => {
    for (const token of ['nonsense', `${'A'.repeat(43)}.${'B'.repeat(43)}`]) expect((await verify(token)).status).toBe(410);
  });

  it('limits links sent again per address and client address', async () => {
    const email = 'resend@example.ng';
    expect((await signUpRaw({ email, password: 'resend pass 1' })).status).toBe(202);
    const account = await signIn(email, 'resend pass 1');
    const statuses: number[] = [];
    for (let n = 0; n < 7; n += 1) {
      statuses.push((await send(server.url, '/api/auth/verify-email/resend', { method: 'POST', cookie: account.cookie })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});

describe("an erased account's email (item 5)", () => {
  const EMAIL = 'erased.person@example.ng';

  it('signs up as a new person, who sees nothing of the old one', async () => {
    expect((await signUpRaw({ email: EMAIL, password: 'old pass 1', firstName: 'Old' })).status).toBe(202);
    const old = await signIn(EMAIL, 'old pass 1');
    const applied = await send(server.url, '/api/subscriptions', {
      method: 'POST',
      json: validApplication({ email: EMAIL, residentialAddress: '7 Forgotten Lane, Yaba' }),
    });
    expect(applied.status).toBe(201);
    expect((await verify(await latestVerificationToken(EMAIL), 'old pass 1')).status).toBe(200);
    await waitFor(
      async () => (await myApplications(old.cookie)).length,
      (count) => count === 1,
      "the old account's application",
    );
    const erased = await admin('/api/admin/erasures', {
      method: 'POST',
      json: { kind: 'user', id: old.id, reason: 'The person asked to be forgotten' },
    });
    expect(erased.status, await erased.clone().text()).toBe(200);

    const signUp = await signUpRaw({ email: EMAIL, password: 'new pass 2', firstName: 'New' });
    expect(signUp.status).toBe(202);
    expect(await signUp.json()).toEqual({ message: SIGN_UP_ACCEPTED_MESSAGE });
    const fresh = await signIn(EMAIL, 'new pass 2');
    expect(fresh.id).not.toBe(old.id);
    expect(
      (await send(server.url, '/api/auth/signin', { method: 'POST', json: { email: EMAIL, password: 'old pass 1' } })).status,
    ).toBe(401);
    // The new person confirms the address: still nothing of the old one's.
    const verified = await verify(await latestVerificationToken(EMAIL, 2), 'new pass 2');
    expect(verified.status, await verified.clone().text()).toBe(200);
    const { position } = (await verified.json()) as { position: string };
    expect(await myApplications(fresh.cookie, position)).toEqual([]);
    const text = await myDataExport(fresh.cookie);
    expect(text).not.toContain('7 Forgotten Lane');
    expect(text).not.toContain(old.id);
  });
});

describe('the admin confirming an email by hand', () => {
  it('records it naming the admin, in the Audit log', async () => {
    const email = 'by.hand@example.ng';
    expect((await signUpRaw({ email, password: 'hand pass 1' })).status).toBe(202);
    const account = await signIn(email, 'hand pass 1');
    const response = await admin(`/api/admin/users/${account.id}/verify-email`, { method: 'POST' });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({ userId: account.id, email, verifiedBy: TEST_ADMIN.username });
    type Entry = { kind: string; actorKind: string; actorId: string; subjectId: string; summary: string };
    const entries = await waitFor(
      async () =>
        ((await (await admin('/api/admin/audit-log?subjectType=account')).json()) as { entries?: Entry[] }).entries ?? [],
      (found) => found.some((entry) => entry.subjectId === account.id && entry.kind === 'account.email-verified'),
      'the confirmation in the Audit log',
    );
    expect(entries.find((entry) => entry.subjectId === account.id)).toMatchObject({
      kind: 'account.email-verified',
      actorKind: 'admin',
      actorId: TEST_ADMIN.username,
      summary: 'Confirmed the email of the account of Ada Obi by hand',
    });
    // Confirming it again records nothing more; its position is the first confirmation's or later.
    const twice = await admin(`/api/admin/users/${account.id}/verify-email`, { method: 'POST' });
    expect(twice.status).toBe(200);
    const { position } = (await twice.json()) as { position: string };
    const me = await fetch(new URL('/api/auth/user', server.url), {
      headers: { cookie: account.cookie, 'x-min-position': position },
    });
    expect(((await me.json()) as { emailVerified: boolean }).emailVerified).toBe(true);
    expect(entries.filter((entry) => entry.subjectId === account.id && entry.kind === 'account.email-verified')).toHaveLength(1);
    expect((await admin(`/api/admin/users/00000000-0000-4000-8000-000000000000/verify-email`, { method: 'POST' })).status).toBe(
      404,
    );
  });
});
