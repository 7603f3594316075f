import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  signUploadToken,
  UPLOAD_URL_CLOCK_SKEW_MS,
  UPLOAD_URL_EXPIRED_MESSAGE,
  UPLOAD_URL_INVALID_MESSAGE,
  UPLOAD_URL_TTL_MS,
  verifyUploadToken,
  type UploadTokenPayload,
} from './upload-token.ts';

const SECRET = 's'.repeat(32);
const NOW = new Date('2026-05-01T10:00:00Z');
const exp = Math.floor(NOW.getTime() / 1000) + 900;
const userPayload: UploadTokenPayload = {
  objectId: randomUUID(),
  ownerKind: 'user',
  ownerId: randomUUID(),
  purpose: 'payment-proof',
  exp,
};
const visitorPayload: UploadTokenPayload = {
  objectId: randomUUID(),
  ownerKind: 'visitor',
  ownerId: 'ab'.repeat(16),
  purpose: 'passport-photo',
  exp,
};

const refusal = (token: string, options = { secret: SECRET, now: NOW }) => {
  try {
    verifyUploadToken(token, options);
    return null;
  } catch (error) {
    return { code: (error as { code: string }).code, message: (error as Error).message };
  }
};

describe('an upload token', () => {
  it('round-trips its payload for a user and for a visitor in 94 URL-safe characters', () => {
    for (const payload of [userPayload, visitorPayload]) {
      const token = signUploadToken(payload, SECRET);
      expect(token).toMatch(/^[A-Za-z0-9_-]{94}$/);
      expect(verifyUploadToken(token, { secret: SECRET, now: NOW })).toEqual(payload);
    }
  });

  it('is refused one second after it expires, and accepted one second before', () => {
    const token = signUploadToken(userPayload, SECRET);
    expect(refusal(token, { secret: SECRET, now: new Date(exp * 1000 - 1000) })).toBeNull();
    expect(refusal(token, { secret: SECRET, now: new Date(exp * 1000) })).toEqual({
      code: 'forbidden',
      message: UPLOAD_URL_EXPIRED_MESSAGE,
    });
  });

  it('is refused, though signed with the secret, when it expires later than any URL issued now could', () => {
    const latest = Math.floor((NOW.getTime() + UPLOAD_URL_TTL_MS + UPLOAD_URL_CLOCK_SKEW_MS) / 1000);
    const signedFor = (expiry: number) => signUploadToken({ ...userPayload, exp: expiry }, SECRET);
    expect(refusal(signedFor(latest))).toBeNull();
    const invalid = { code: 'forbidden', message: UPLOAD_URL_INVALID_MESSAGE };
    expect(refusal(signedFor(latest + 1))).toEqual(invalid);
    // The largest expiry the format holds: 2106-02-07.
    expect(refusal(signedFor(0xffffffff))).toEqual(invalid);
  });

  it('is refused when any single byte changes', () => {
    const raw = Buffer.from(signUploadToken(userPayload, SECRET), 'base64url');
    for (let index = 0; index < raw.length; index += 1) {
      const changed = Buffer.from(raw);
      changed[index] = changed[index]! ^ 0x80;
      expect(refusal(changed.toString('base64url'))).toEqual({ code: 'forbidden', message: UPLOAD_URL_INVALID_MESSAGE });
    }
  });

  it('is refused under another secret, truncated, extended or empty', () => {
    const token = signUploadToken(userPayload, SECRET);
    const invalid = { code: 'forbidden', message: UPLOAD_URL_INVALID_MESSAGE };
    expect(refusal(token, { secret: 't'.repeat(32), now: NOW })).toEqual(invalid);
    expect(refusal(token.slice(0, -1))).toEqual(invalid);
    expect(refusal(`${token}A`)).toEqual(invalid);
    expect(refusal('')).toEqual(invalid);
    expect(refusal(`${token.slice(0, 47)}.${token.slice(48)}`)).toEqual(invalid);
  });

  it('cannot be signed for a payload that is not ids', () => {
    expect(() => signUploadToken({ ...userPayload, objectId: '../../etc/passwd' }, SECRET)).toThrow(TypeError);
    expect(() => signUploadToken({ ...visitorPayload, ownerId: 'not-hex' }, SECRET)).toThrow(TypeError);
  });
});

describe("a staff member's upload URL", () => {
  it('carries the staff owner and the due-diligence purpose, and no other kind passes for it', () => {
    const staff: UploadTokenPayload = {
      objectId: randomUUID(),
      ownerKind: 'staff',
      ownerId: 'cd'.repeat(16),
      purpose: 'due-diligence-document',
      exp,
    };
    expect(verifyUploadToken(signUploadToken(staff, SECRET), { secret: SECRET, now: NOW })).toEqual(staff);
    expect(
      verifyUploadToken(signUploadToken({ ...staff, ownerKind: 'visitor' }, SECRET), { secret: SECRET, now: NOW }).ownerKind,
    ).toBe('visitor');
  });
});
