import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@acres/platform/config';
import { CommandApiConfigSchema } from './config.ts';

const DATABASE_URL = 'postgres://acres:secret@localhost:5432/acres';

describe('the command API configuration', () => {
  it('defaults to port 3001 and the PostgreSQL event store', () => {
    expect(parseConfig(CommandApiConfigSchema, { DATABASE_URL })).toMatchObject({
      PORT: 3001,
      HOST: '0.0.0.0',
      EVENT_STORE: 'postgres',
      LOG_LEVEL: 'info',
      DATABASE_URL,
    });
  });

  it('reads the port and treats empty values as unset', () => {
    expect(parseConfig(CommandApiConfigSchema, { DATABASE_URL, PORT: '8080' }).PORT).toBe(8080);
    expect(parseConfig(CommandApiConfigSchema, { DATABASE_URL, PORT: '' }).PORT).toBe(3001);
  });

  it('names every bad key at once', () => {
    const error = (() => {
      try {
        parseConfig(CommandApiConfigSchema, { PORT: 'abc', EVENT_STORE: 'esdb' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues.map((issue) => issue.key).sort()).toEqual(['DATABASE_URL', 'PORT']);
  });

  it('requires an EventStoreDB connection string when EVENT_STORE=esdb', () => {
    expect(() => parseConfig(CommandApiConfigSchema, { DATABASE_URL, EVENT_STORE: 'esdb' })).toThrow(/ESDB_CONNECTION_STRING/);
    expect(
      parseConfig(CommandApiConfigSchema, {
        DATABASE_URL,
        EVENT_STORE: 'esdb',
        ESDB_CONNECTION_STRING: 'esdb://localhost:2113?tls=false',
      }).ESDB_CONNECTION_STRING,
    ).toBe('esdb://localhost:2113?tls=false');
  });
});
