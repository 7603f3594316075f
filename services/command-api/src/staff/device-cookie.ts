// The staff sign-in's device cookie (OWASP's "device cookies"): a random id the sign-in page's
// first answer gives the browser, signed so it cannot be forged, kept for a year, sent only to
// the staff routes. Failed sign-ins are counted per device rather than per address, and after
// a sign-in the cookie also names the account (a short keyed tag), so this device is trusted
// for it: an attack on the account from other devices never makes its owner wait.

import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readSignedToken, signToken } from '@acres/platform/signing';
import { UNKNOWN_DEVICE } from '@acres/platform/throttle/device-failure-throttle';

export const STAFF_DEVICE_COOKIE = 'acres.device';
const CONTEXT = 'staff-device';
const DEVICE_ID_BYTES = 16;
const TAG_BYTES = 8;
/** A few accounts per browser at most (a shared office machine); the oldest trust goes first. */
const MAX_TRUSTED_ACCOUNTS = 4;
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export type StaffDevice = { id: string; tags: Buffer[] };

export type DeviceCookies = {
  /** The request's valid device cookie, or null (none, forged, or another secret's). */
  read: (request: FastifyRequest) => StaffDevice | null;
  /** A new device, with nothing trusted. */
  create: () => StaffDevice;
  isTrusted: (device: StaffDevice | null, email: string) => boolean;
  /** The device now trusted for this account too. */
  trust: (device: StaffDevice, email: string) => StaffDevice;
  set: (reply: FastifyReply, device: StaffDevice) => void;
};

/** The throttle's name for a device: its id, or the one shared by every request without a valid cookie. */
export const throttleDeviceOf = (device: StaffDevice | null) => device?.id ?? UNKNOWN_DEVICE;

const cookieValueOf = (request: FastifyRequest) =>
  (request.headers.cookie ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${STAFF_DEVICE_COOKIE}=`))
    ?.slice(STAFF_DEVICE_COOKIE.length + 1);

export const createDeviceCookies = (options: {
  secret: string;
  /** The keyed digest of an email (hex): its first bytes tag the account in the cookie. */
  digestEmail: (email: string) => string;
}): DeviceCookies => {
  const tagOf = (email: string) => Buffer.from(options.digestEmail(email).slice(0, TAG_BYTES * 2), 'hex');
  return {
    read: (request) => {
      const value = cookieValueOf(request);
      const body = value ? readSignedToken({ secret: options.secret, context: CONTEXT, token: value }) : null;
      if (!body || body.length < DEVICE_ID_BYTES || (body.length - DEVICE_ID_BYTES) % TAG_BYTES !== 0) return null;
      const tags: Buffer[] = [];
      for (let at = DEVICE_ID_BYTES; at < body.length; at += TAG_BYTES) tags.push(body.subarray(at, at + TAG_BYTES));
      return { id: body.subarray(0, DEVICE_ID_BYTES).toString('base64url'), tags };
    },
    create: () => ({ id: randomBytes(DEVICE_ID_BYTES).toString('base64url'), tags: [] }),
    isTrusted: (device, email) => {
      const tag = tagOf(email);
      return device !== null && device.tags.some((known) => known.equals(tag));
    },
    trust: (device, email) => {
      const tag = tagOf(email);
      const others = device.tags.filter((known) => !known.equals(tag));
      return { ...device, tags: [...others, tag].slice(-MAX_TRUSTED_ACCOUNTS) };
    },
    set: (reply, device) => {
      const body = Buffer.concat([Buffer.from(device.id, 'base64url'), ...device.tags]);
      const token = signToken({ secret: options.secret, context: CONTEXT, body });
      const attributes = [
        'Path=/api/staff',
        'HttpOnly',
        'SameSite=Strict',
        `Max-Age=${MAX_AGE_SECONDS}`,
        ...(reply.request.protocol === 'https' ? ['Secure'] : []),
      ];
      reply.header('set-cookie', `${STAFF_DEVICE_COOKIE}=${token}; ${attributes.join('; ')}`);
    },
  };
};
