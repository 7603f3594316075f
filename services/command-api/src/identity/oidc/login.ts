import type { FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import type { AuthUser } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import { isDomainError } from '@acres/platform/errors';
import { createSession, readCookieValues } from '@acres/platform/sessions';
import { buildCommandContext } from '../../commands/request-context.ts';
import { findAccountByEmail, registerAccount } from '../accounts.ts';
import { NO_PASSWORD } from '../credentials.ts';
import type { IdentityDeps } from '../deps.ts';
import { toOidcIdentity, type OidcClient, type OidcIdentity } from './client.ts';
import { PENDING_LOGIN_TTL_MS, savePendingLogin, takePendingLogin } from './pending-logins.ts';

export const OIDC_STATE_COOKIE = 'acres.oidc';
export const CALLBACK_PATH = '/api/callback';

export const OIDC_MESSAGES = {
  noState: 'This sign-in was not started from this browser, or took too long. Start again from the login page.',
  expired: 'This sign-in has expired or was already used. Start again from the login page.',
  refused: 'The sign-in provider did not sign you in',
  failed: 'Signing in with the provider failed. Please try again.',
  unavailable: 'The sign-in provider cannot be reached. Please try again later.',
  noEmail: 'The sign-in provider did not share an email address, which this site needs for your account',
  unverified: 'The sign-in provider has not verified your email address',
} as const;

const redirectUriFor = (oidc: OidcClient, request: FastifyRequest) =>
  oidc.options.redirectUrl ?? `${request.protocol}://${request.host}${CALLBACK_PATH}`;

// Lax (the cookie plugin's default) so the cookie comes back on the provider's
// top-level redirect; scoped to the callback.
const STATE_COOKIE_OPTIONS = { path: CALLBACK_PATH } as const;

const configurationOf = async (oidc: OidcClient, request: FastifyRequest) => {
  try {
    return await oidc.getConfiguration();
  } catch (error) {
    request.log.error({ err: error, issuer: oidc.options.issuerUrl }, 'OpenID Connect discovery failed');
    throw new DomainError('unavailable', OIDC_MESSAGES.unavailable);
  }
};

/** Redirects to the provider with state, nonce and PKCE; remembers them for the callback. */
export const startOidcLogin = async (options: {
  deps: IdentityDeps;
  oidc: OidcClient;
  request: FastifyRequest;
  reply: FastifyReply;
  returnTo: string;
}) => {
  const { deps, oidc, request, reply } = options;
  const config = await configurationOf(oidc, request);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  await savePendingLogin(deps.pool, { state, nonce, codeVerifier, returnTo: options.returnTo, now: deps.now() });
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUriFor(oidc, request),
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  reply.setCookie(OIDC_STATE_COOKIE, state, { ...STATE_COOKIE_OPTIONS, maxAge: Math.floor(PENDING_LOGIN_TTL_MS / 1000) });
  return reply.redirect(url.href, 302);
};

const exchangeCode = async (options: {
  oidc: OidcClient;
  request: FastifyRequest;
  state: string;
  codeVerifier: string;
  nonce: string;
}) => {
  const { oidc, request } = options;
  const config = await configurationOf(oidc, request);
  const currentUrl = new URL(redirectUriFor(oidc, request));
  const queryStart = request.url.indexOf('?');
  currentUrl.search = queryStart >= 0 ? request.url.slice(queryStart) : '';
  try {
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: options.codeVerifier,
      expectedState: options.state,
      expectedNonce: options.nonce,
      idTokenExpected: true,
    });
    const claims: Record<string, unknown> = { ...tokens.claims() };
    if (typeof claims.email !== 'string' && typeof claims.sub === 'string') {
      Object.assign(claims, await client.fetchUserInfo(config, tokens.access_token, claims.sub));
    }
    return claims;
  } catch (error) {
    request.log.warn({ err: error }, 'OpenID Connect code exchange failed');
    throw new DomainError('validation_failed', OIDC_MESSAGES.failed);
  }
};

/** The account for this email: an existing one (built-in or not), or a new one made now. */
const findOrRegister = async (deps: IdentityDeps, request: FastifyRequest, identity: OidcIdentity): Promise<AuthUser> => {
  const existing = await findAccountByEmail(deps, identity.email);
  if (existing) return existing.user;
  const context = buildCommandContext({
    request,
    now: deps.now(),
    commandName: 'SignInWithProvider',
    input: { email: identity.email },
  });
  try {
    const { user } = await registerAccount(
      deps,
      {
        email: identity.email,
        firstName: identity.firstName,
        lastName: identity.lastName,
        profileImageUrl: identity.picture,
        authProvider: 'oidc',
        passwordHash: NO_PASSWORD,
        // The provider vouches for the address: verified at registration (issue 24); otherwise a link goes to it.
        emailVerifiedByProvider: identity.emailVerified === true,
      },
      { ...context, idempotency: null },
    );
    request.log.info({ userId: user.id }, 'user registered through OpenID Connect');
    return user;
  } catch (error) {
    // The same person finishing two logins at once: the other one registered them.
    if (!isDomainError(error) || error.code !== 'conflict') throw error;
    const winner = await findAccountByEmail(deps, identity.email);
    if (!winner) throw error;
    return winner.user;
  }
};

export const finishOidcLogin = async (options: {
  deps: IdentityDeps;
  oidc: OidcClient;
  request: FastifyRequest;
  reply: FastifyReply;
}) => {
  const { deps, oidc, request, reply } = options;
  const query = request.query as Record<string, unknown>;
  const state = typeof query.state === 'string' ? query.state : null;
  // The state must come back in this browser's cookie: a callback URL carried to another browser is refused.
  if (!state || !readCookieValues(request, OIDC_STATE_COOKIE).includes(state)) {
    throw new DomainError('validation_failed', OIDC_MESSAGES.noState);
  }
  reply.clearCookie(OIDC_STATE_COOKIE, STATE_COOKIE_OPTIONS);
  const pending = await takePendingLogin(deps.pool, { state, now: deps.now() });
  if (!pending) throw new DomainError('validation_failed', OIDC_MESSAGES.expired);
  if (typeof query.error === 'string') {
    request.log.info({ error: query.error }, 'provider refused the sign-in');
    throw new DomainError('forbidden', OIDC_MESSAGES.refused);
  }
  const claims = await exchangeCode({ oidc, request, state, codeVerifier: pending.codeVerifier, nonce: pending.nonce });
  const identity = toOidcIdentity(claims);
  if (!identity) throw new DomainError('forbidden', OIDC_MESSAGES.noEmail);
  // An unverified address must not open an existing account that happens to share it.
  if (identity.emailVerified === false) throw new DomainError('forbidden', OIDC_MESSAGES.unverified);
  const user = await findOrRegister(deps, request, identity);
  await createSession({ pool: deps.pool, user: { id: user.id, email: user.email }, reply });
  reply.header('cache-control', 'no-store');
  return reply.redirect(pending.returnTo, 302);
};
