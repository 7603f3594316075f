import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookieValues } from '@acres/platform/sessions';
import type { UploadOwner } from './upload-token.ts';

/** Identifies a visitor (no account: the public application's passport photo) to their own uploads. */
export const VISITOR_COOKIE = 'acres.vid';
export const VISITOR_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
// Sent only to the API: the upload URL, the PUT, reading one's own objects, and the
// application that names the visitor's passport photo.
const VISITOR_COOKIE_PATH = '/api';
const VISITOR_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Only a digest is stored as owner_id, so the table cannot be replayed as cookies;
 * 128 bits of it, which is what the upload token has room for.
 */
export const visitorOwnerId = (token: string) =>
  createHash('sha256').update(`visitor:${token}`, 'utf8').digest().subarray(0, 16).toString('hex');

const visitorTokens = (request: FastifyRequest) =>
  readCookieValues(request, VISITOR_COOKIE).filter((value) => VISITOR_TOKEN.test(value));

/**
 * Who is asking for an upload URL: the signed-in user, else the visitor of the
 * acres.vid cookie, which is set here when missing.
 */
export const resolveUploadOwner = (request: FastifyRequest, reply: FastifyReply): UploadOwner => {
  if (request.sessionUser) return { kind: 'user', id: request.sessionUser.id };
  const existing = visitorTokens(request)[0];
  if (existing) return { kind: 'visitor', id: visitorOwnerId(existing) };
  const token = randomBytes(32).toString('base64url');
  reply.setCookie(VISITOR_COOKIE, token, { path: VISITOR_COOKIE_PATH, maxAge: VISITOR_COOKIE_MAX_AGE_SECONDS });
  return { kind: 'visitor', id: visitorOwnerId(token) };
};

/** A staff member as an upload's owner: a digest of the username, the size the upload token holds. */
export const staffOwnerId = (username: string) =>
  createHash('sha256').update(`staff:${username}`, 'utf8').digest().subarray(0, 16).toString('hex');

/** Whether this request comes from owner: the same signed-in user, or a browser holding the visitor's cookie. */
export const isRequestFromOwner = (request: FastifyRequest, owner: UploadOwner) => {
  if (owner.kind === 'user') return request.sessionUser?.id === owner.id;
  // Staff are checked by the admin guard (checkStaffUpload), never by a cookie.
  if (owner.kind === 'staff') return false;
  return visitorTokens(request).some((token) => visitorOwnerId(token) === owner.id);
};
