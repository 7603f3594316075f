import { ConfigError, parseConfig } from '@acres/platform';
import { describe, expect, it } from 'vitest';
import { QueryApiConfigSchema } from './config.ts';

const VALID = {
  DATABASE_URL: 'postgres://acres@localhost:5432/acres',
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD: 'a-long-secret',
};

describe('the query API configuration', () => {
  it('defaults the port to 3002', () => {
    const config = parseConfig(QueryApiConfigSchema, VALID);
    expect(config).toMatchObject({ PORT: 3002, LOG_LEVEL: 'info', ADMIN_USERNAME: 'admin' });
  });

  it('fails listing every bad key at once', () => {
    try {
      parseConfig(QueryApiConfigSchema, { PORT: 'eighty', ADMIN_PASSWORD: 'short', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const keys = (error as ConfigError).issues.map((issue) => issue.key).sort();
      expect(keys).toEqual(['ADMIN_PASSWORD', 'ADMIN_USERNAME', 'DATABASE_URL', 'LOG_LEVEL', 'PORT']);
    }
  });

  it('takes empty values as missing', () => {
    expect(() => parseConfig(QueryApiConfigSchema, { ...VALID, DATABASE_URL: '' })).toThrow(/DATABASE_URL/);
  });
});
