// A staff member made through the product's own routes for the whole-product specs: the
// owner's invitation, the link's token minted as the notifier mints it (from the invitation's
// event, with the run's link secret), the acceptance with a TOTP code, then a sign-in.

import { generate } from 'otplib';
import { expect } from 'vitest';
import type { StaffRole } from '@acres/contracts/staff';
import { mintStaffInvitationToken } from '@acres/platform/signing';
import { adminFetch } from './spec-helpers.ts';

export type StaffMember = { staffId: string; displayName: string; email: string; headers: Record<string, string> };

export const joinStaff = async (options: {
  baseUrl: string;
  linkSecret: string;
  /** The invitation's id, from the member's stream. */
  readInvitationId: (staffId: string) => Promise<string>;
  member: { email: string; displayName: string; role: StaffRole };
}): Promise<StaffMember> => {
  const { baseUrl, member } = options;
  const json = (body: unknown) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(body),
  });
  const invited = await adminFetch(baseUrl, '/api/admin/staff', { method: 'POST', json: member });
  expect(invited.status, await invited.clone().text()).toBe(201);
  const { staffId } = (await invited.json()) as { staffId: string };
  const invitationId = await options.readInvitationId(staffId);
  const token = mintStaffInvitationToken({ secret: options.linkSecret, invitationId, staffId });
  const opened = await fetch(new URL('/api/staff/invitation', baseUrl), json({ token }));
  const { totpSecret } = (await opened.json()) as { totpSecret: string };
  const password = `${member.role} desk 2026`;
  const now = Date.now();
  const code = await generate({ secret: totpSecret, epoch: Math.floor(now / 1000) });
  const accepted = await fetch(new URL('/api/staff/invitation/accept', baseUrl), json({ token, password, totpSecret, code }));
  expect(accepted.status, await accepted.clone().text()).toBe(201);
  // The enrolment's code is spent: the next step's signs in.
  const next = await generate({ secret: totpSecret, epoch: Math.floor(now / 1000) + 30 });
  const signedIn = await fetch(new URL('/api/staff/signin', baseUrl), json({ email: member.email, password, code: next }));
  expect(signedIn.status, await signedIn.clone().text()).toBe(200);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('acres.staff='))!;
  return { staffId, displayName: member.displayName, email: member.email, headers: { authorization: 'Session', cookie } };
};

/** A call as the staff member: GET, or a write with a JSON body (or bytes, for an upload's PUT). */
export type StaffInit = { method?: string; json?: unknown; bytes?: Buffer; contentType?: string };

export const staffFetch = (baseUrl: string, member: StaffMember, path: string, init: StaffInit = {}) =>
  fetch(new URL(path, baseUrl), {
    method: init.method ?? 'GET',
    headers: {
      ...member.headers,
      origin: baseUrl,
      ...(init.json !== undefined && { 'content-type': 'application/json' }),
      ...(init.bytes && { 'content-type': init.contentType ?? 'application/pdf' }),
    },
    body: init.bytes ? new Uint8Array(init.bytes) : init.json === undefined ? undefined : JSON.stringify(init.json),
  });

/** The staff member's upload of a document file: the POST for the URL, then the PUT; the PUT's answer. */
export const putDocumentAs = async (baseUrl: string, member: StaffMember, bytes: Buffer) => {
  const issued = await staffFetch(baseUrl, member, '/api/objects/upload', {
    method: 'POST',
    json: { purpose: 'due-diligence-document' },
  });
  if (issued.status !== 200) return issued;
  const { uploadURL } = (await issued.json()) as { uploadURL: string };
  return staffFetch(baseUrl, member, uploadURL, { method: 'PUT', bytes });
};

/** The uploaded file's path, as the member's upload answered it. */
export const uploadDocumentAs = async (baseUrl: string, member: StaffMember, bytes: Buffer) => {
  const put = await putDocumentAs(baseUrl, member, bytes);
  expect(put.status, await put.clone().text()).toBe(200);
  return ((await put.json()) as { objectPath: string }).objectPath;
};

/** Every write of the room, as the member: an upload, a document, a version, materials sent. */
export const roomWritesAs = async (baseUrl: string, member: StaffMember, ids: { documentId: string; leadId: string }) => [
  await putDocumentAs(baseUrl, member, Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1')),
  await staffFetch(baseUrl, member, '/api/admin/documents', {
    method: 'POST',
    json: { title: 'Survey plan', category: 'survey-plans', objectPath: '/objects/uploads/x' },
  }),
  await staffFetch(baseUrl, member, `/api/admin/documents/${ids.documentId}/versions`, {
    method: 'POST',
    json: { objectPath: '/x' },
  }),
  await staffFetch(baseUrl, member, `/api/admin/leads/${ids.leadId}/materials`, { method: 'POST', json: {} }),
];

/** The invitation's id in the member's stream (its first event). */
export const invitationIdIn = (readStream: (streamId: string) => Promise<{ data: unknown }[]>) => async (staffId: string) =>
  ((await readStream(`staff-${staffId}`))[0]!.data as { invitationId: string }).invitationId;

/** The calls above bound to one server, its link secret and its log. */
export const createStaffCalls = (
  baseUrl: string,
  options: { linkSecret: string; readStream: (streamId: string) => Promise<{ data: unknown }[]> },
) => ({
  join: (member: { email: string; displayName: string; role: StaffRole }) =>
    joinStaff({ baseUrl, linkSecret: options.linkSecret, readInvitationId: invitationIdIn(options.readStream), member }),
  as: (member: StaffMember, path: string, init?: StaffInit) => staffFetch(baseUrl, member, path, init),
  upload: (member: StaffMember, bytes: Buffer) => uploadDocumentAs(baseUrl, member, bytes),
  roomWrites: (member: StaffMember, ids: { documentId: string; leadId: string }) => roomWritesAs(baseUrl, member, ids),
});
