import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OIDC_CONFIG_SHAPE, refineOidc, toOidcOptions } from './config.ts';

const schema = z.object(OIDC_CONFIG_SHAPE).superRefine(refineOidc);
const FULL = { OIDC_ISSUER_URL: 'https://id.example', OIDC_CLIENT_ID: 'acres', OIDC_CLIENT_SECRET: 's3cret' };

describe('OpenID Connect configuration', () => {
  it('is off when no key is set (empty values count as unset)', () => {
    const parsed = schema.parse({ OIDC_ISSUER_URL: '', OIDC_CLIENT_ID: '' });
    expect(toOidcOptions(parsed)).toBeNull();
  });

  it('is on with all three keys, the redirect URL optional', () => {
    expect(toOidcOptions(schema.parse(FULL))).toEqual({
      issuerUrl: 'https://id.example',
      clientId: 'acres',
      clientSecret: 's3cret',
      redirectUrl: undefined,
    });
    expect(toOidcOptions(schema.parse({ ...FULL, OIDC_REDIRECT_URL: 'https://acres.example/api/callback' }))?.redirectUrl).toBe(
      'https://acres.example/api/callback',
    );
  });

  it('names each missing key when only some are set', () => {
    const result = schema.safeParse({ OIDC_ISSUER_URL: 'https://id.example' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET']);
  });

  it('refuses an issuer that is not an http(s) URL', () => {
    const result = schema.safeParse({ ...FULL, OIDC_ISSUER_URL: 'ftp://id.example' });
    expect(result.error?.issues[0]).toMatchObject({ path: ['OIDC_ISSUER_URL'], message: 'must be an http(s) URL' });
  });

  it('refuses a redirect URL without a provider', () => {
    const result = schema.safeParse({ OIDC_REDIRECT_URL: 'https://acres.example/api/callback' });
    expect(result.error?.issues[0]?.path).toEqual(['OIDC_REDIRECT_URL']);
  });
});
