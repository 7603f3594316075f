import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * A compact signed token for links in messages: base64url(body) "." base64url(HMAC-SHA256).
 * The context separates purposes, so a token minted for one (say, unsubscribe) never
 * passes as another (password reset) even though one secret signs both.
 */
const MAC_LENGTH = 32;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const MAX_TOKEN_LENGTH = 512;

const mac = (secret: string, context: string, body: Buffer): Buffer =>
  createHmac('sha256', secret).update(`acres.${context}\u0000`, 'utf8').update(body).digest();

export const signToken = (options: { secret: string; context: string; body: Buffer }): string =>
  `${options.body.toString('base64url')}.${mac(options.secret, options.context, options.body).toString('base64url')}`;

/** The body of a token signed with this secret and context, or null for anything else. */
export const readSignedToken = (options: { secret: string; context: string; token: string }): Buffer | null => {
  const { token } = options;
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const [body64, mac64, ...rest] = token.split('.');
  if (rest.length > 0 || !body64 || !mac64 || !BASE64URL.test(body64) || !BASE64URL.test(mac64)) return null;
  const body = Buffer.from(body64, 'base64url');
  const given = Buffer.from(mac64, 'base64url');
  if (given.length !== MAC_LENGTH) return null;
  return timingSafeEqual(given, mac(options.secret, options.context, body)) ? body : null;
};
