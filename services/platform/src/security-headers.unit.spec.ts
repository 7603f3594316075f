import { describe, expect, it } from 'vitest';
import { createHttpApp } from './http.ts';
import { createLogger } from './logger.ts';
import { HSTS_VALUE, originsOf } from './security-headers.ts';

const headersOf = async (options: Parameters<typeof createHttpApp>[0], headers: Record<string, string> = {}) => {
  const app = createHttpApp(options);
  try {
    return (await app.inject({ method: 'GET', url: '/page', headers })).headers;
  } finally {
    await app.close();
  }
};

const logger = createLogger({ level: 'silent', pretty: false });

describe('security headers', () => {
  it('lets pages upload to the S3 endpoint when one is configured, and nowhere else', async () => {
    expect(originsOf('https://s3.eu-west-1.amazonaws.com/', undefined)).toEqual(['https://s3.eu-west-1.amazonaws.com']);
    const csp = String(
      (await headersOf({ logger, securityHeaders: { connectSources: originsOf('http://minio.internal:9000') } }))[
        'content-security-policy'
      ],
    );
    expect(csp).toContain("connect-src 'self' http://minio.internal:9000;");
    expect(String((await headersOf({ logger }))['content-security-policy'])).toContain("connect-src 'self';");
  });

  it('trusts X-Forwarded-Proto for HSTS only behind a trusted proxy', async () => {
    expect((await headersOf({ logger, trustProxy: true }, { 'x-forwarded-proto': 'https' }))['strict-transport-security']).toBe(
      HSTS_VALUE,
    );
    expect(
      (await headersOf({ logger, trustProxy: false }, { 'x-forwarded-proto': 'https' }))['strict-transport-security'],
    ).toBeUndefined();
  });
});
