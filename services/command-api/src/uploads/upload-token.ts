import { createHmac, timingSafeEqual } from 'node:crypto';
import { UPLOAD_PURPOSES, type UploadPurpose } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import { isLowercaseGuid } from '../commands/ids.ts';

export const UPLOAD_URL_TTL_MS = 15 * 60_000;
/** How far another replica's clock may run ahead of ours and its tokens still pass. */
export const UPLOAD_URL_CLOCK_SKEW_MS = 60_000;
export const UPLOAD_URL_EXPIRED_MESSAGE = 'Upload URL has expired';
export const UPLOAD_URL_INVALID_MESSAGE = 'Upload URL is invalid';

export type OwnerKind = 'user' | 'visitor' | 'staff';
/** user: the user's uuid; visitor: 32 hex characters (a digest of the visitor cookie); staff: a digest of the username. */
export type UploadOwner = { kind: OwnerKind; id: string };

export type UploadTokenPayload = {
  objectId: string;
  ownerKind: OwnerKind;
  ownerId: string;
  purpose: UploadPurpose;
  /** Expiry in Unix seconds. */
  exp: number;
};

/*
 * Binary, so the token fits in one URL path segment (fastify's router caps a parameter
 * at 100 characters): version 1 | flags 1 (bit 0 visitor, bits 1-2 purpose, bit 3 staff) |
 * objectId 16 | ownerId 16 | exp uint32 4 | HMAC-SHA256 32 = 70 bytes, 94 base64url
 * characters. Every field has a fixed size and the object id is raw bytes, so no
 * token, however crafted, can carry a path.
 */
const VERSION = 1;
const BODY_LENGTH = 38;
const MAC_LENGTH = 32;
const TOKEN_LENGTH = Math.ceil(((BODY_LENGTH + MAC_LENGTH) * 4) / 3);
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const HEX32 = /^[0-9a-f]{32}$/;
// Domain separation: the same secret could one day sign something else without a token
// of one kind ever passing as the other.
const CONTEXT = Buffer.from('acres.upload-token.v1\u0000', 'utf8');

const mac = (secret: string, body: Buffer) => createHmac('sha256', secret).update(CONTEXT).update(body).digest();

const toUuid = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export const signUploadToken = (payload: UploadTokenPayload, secret: string): string => {
  const purposeIndex = UPLOAD_PURPOSES.indexOf(payload.purpose);
  const ownerValid = payload.ownerKind === 'user' ? isLowercaseGuid(payload.ownerId) : HEX32.test(payload.ownerId);
  if (!isLowercaseGuid(payload.objectId) || !ownerValid || purposeIndex < 0) {
    throw new TypeError('signUploadToken: malformed payload');
  }
  if (!Number.isInteger(payload.exp) || payload.exp <= 0 || payload.exp > 0xffffffff)
    throw new TypeError('signUploadToken: bad exp');
  const body = Buffer.alloc(BODY_LENGTH);
  body[0] = VERSION;
  body[1] = (payload.ownerKind === 'visitor' ? 1 : 0) | (purposeIndex << 1) | (payload.ownerKind === 'staff' ? 8 : 0);
  Buffer.from(payload.objectId.replaceAll('-', ''), 'hex').copy(body, 2);
  Buffer.from(payload.ownerId.replaceAll('-', ''), 'hex').copy(body, 18);
  body.writeUInt32BE(payload.exp, 34);
  return Buffer.concat([body, mac(secret, body)]).toString('base64url');
};

const invalid = () => new DomainError('forbidden', UPLOAD_URL_INVALID_MESSAGE);

/**
 * The payload of a token this server signed and that has not expired; otherwise a 403
 * DomainError. The MAC is compared in constant time and checked before anything in the
 * token is believed, the expiry included. An expiry later than any token issued now
 * could carry (lifetime plus clock skew) is refused too: whoever holds the secret, a
 * bug or an old signer must not mint URLs that outlive the 15 minutes.
 */
export const verifyUploadToken = (token: string, options: { secret: string; now: Date }): UploadTokenPayload => {
  if (token.length !== TOKEN_LENGTH || !BASE64URL.test(token)) throw invalid();
  const raw = Buffer.from(token, 'base64url');
  if (raw.length !== BODY_LENGTH + MAC_LENGTH) throw invalid();
  const body = raw.subarray(0, BODY_LENGTH);
  if (!timingSafeEqual(raw.subarray(BODY_LENGTH), mac(options.secret, body))) throw invalid();
  const flags = body[1]!;
  const purpose = UPLOAD_PURPOSES[(flags >> 1) & 3];
  if (body[0] !== VERSION || !purpose || flags > 15 || (flags & 9) === 9) throw invalid();
  const ownerKind: OwnerKind = flags & 8 ? 'staff' : flags & 1 ? 'visitor' : 'user';
  const ownerBytes = body.subarray(18, 34);
  const exp = body.readUInt32BE(34);
  if (exp * 1000 <= options.now.getTime()) throw new DomainError('forbidden', UPLOAD_URL_EXPIRED_MESSAGE);
  if (exp * 1000 > options.now.getTime() + UPLOAD_URL_TTL_MS + UPLOAD_URL_CLOCK_SKEW_MS) throw invalid();
  return {
    objectId: toUuid(body.subarray(2, 18)),
    ownerKind,
    ownerId: ownerKind === 'user' ? toUuid(ownerBytes) : ownerBytes.toString('hex'),
    purpose,
    exp,
  };
};

export const uploadTokenExpiry = (now: Date) => Math.floor((now.getTime() + UPLOAD_URL_TTL_MS) / 1000);
