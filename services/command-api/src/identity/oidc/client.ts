import * as client from 'openid-client';

export type OidcOptions = {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** Where the provider sends the browser back; default `${request origin}/api/callback`. */
  redirectUrl?: string | undefined;
};

export type OidcIdentity = {
  subject: string;
  email: string;
  emailVerified: boolean | undefined;
  firstName: string | null;
  lastName: string | null;
  picture: string | null;
};

export type OidcClient = {
  options: OidcOptions;
  /** The provider's configuration, discovered once and cached; retried after a failure. */
  getConfiguration(): Promise<client.Configuration>;
};

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Plain http is refused by openid-client, rightly. A provider on this machine's
 * loopback (local development, the end-to-end test) cannot be intercepted, so it is
 * the one place http is allowed.
 */
const isLoopbackHttp = (url: URL) => url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);

export const createOidcClient = (options: OidcOptions): OidcClient => {
  const issuer = new URL(options.issuerUrl);
  let pending: Promise<client.Configuration> | null = null;
  return {
    options,
    getConfiguration: () => {
      pending ??= client
        .discovery(issuer, options.clientId, options.clientSecret, undefined, {
          ...(isLoopbackHttp(issuer) ? { execute: [client.allowInsecureRequests] } : {}),
        })
        .catch((error: unknown) => {
          pending = null;
          throw error;
        });
      return pending;
    },
  };
};

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The identity in an ID token (or userinfo answer): null without a usable email. */
export const toOidcIdentity = (claims: Record<string, unknown>): OidcIdentity | null => {
  const subject = text(claims.sub);
  const email = text(claims.email);
  if (!subject || !email || !email.includes('@')) return null;
  const verified = claims.email_verified;
  return {
    subject,
    email: email.toLowerCase(),
    emailVerified:
      typeof verified === 'boolean' ? verified : verified === 'true' ? true : verified === 'false' ? false : undefined,
    firstName: text(claims.given_name),
    lastName: text(claims.family_name),
    picture: text(claims.picture),
  };
};
