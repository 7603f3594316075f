import { z } from 'zod';
import type { OidcOptions } from './oidc/client.ts';

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** Environment keys for OpenID Connect; spread into a service's config schema. */
export const OIDC_CONFIG_SHAPE = {
  OIDC_ISSUER_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  OIDC_CLIENT_ID: optional(z.string().min(1)),
  OIDC_CLIENT_SECRET: optional(z.string().min(1)),
  OIDC_REDIRECT_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL ending in /api/callback' })),
};

type OidcEnv = {
  OIDC_ISSUER_URL?: string | undefined;
  OIDC_CLIENT_ID?: string | undefined;
  OIDC_CLIENT_SECRET?: string | undefined;
  OIDC_REDIRECT_URL?: string | undefined;
};

const REQUIRED = ['OIDC_ISSUER_URL', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;

/** The three required keys come together or not at all: half a configuration is a mistake, not a choice. */
export const refineOidc = (value: OidcEnv, ctx: z.RefinementCtx) => {
  const set = REQUIRED.filter((key) => value[key] !== undefined);
  if (set.length > 0 && set.length < REQUIRED.length) {
    for (const key of REQUIRED.filter((k) => value[k] === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `is required with ${set.join(' and ')} (set all of ${REQUIRED.join(', ')}, or none)`,
      });
    }
  }
  if (value.OIDC_REDIRECT_URL !== undefined && set.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['OIDC_REDIRECT_URL'],
      message: 'needs OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET',
    });
  }
};

export const toOidcOptions = (env: OidcEnv): OidcOptions | null =>
  env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
    ? {
        issuerUrl: env.OIDC_ISSUER_URL,
        clientId: env.OIDC_CLIENT_ID,
        clientSecret: env.OIDC_CLIENT_SECRET,
        redirectUrl: env.OIDC_REDIRECT_URL,
      }
    : null;
