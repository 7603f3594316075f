import type { AdminLogin } from '@acres/contracts';

/**
 * `Authorization: Basic base64(username:password)`. The credentials are UTF-8 encoded
 * first (the server decodes UTF-8), because btoa alone throws on anything outside Latin-1.
 */
export function encodeBasicAuth({ username, password }: AdminLogin): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}
