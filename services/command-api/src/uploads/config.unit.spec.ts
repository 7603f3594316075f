import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { refineUploadsConfig, s3OptionsFromConfig, UploadsConfigShape } from './config.ts';

const Schema = z.object(UploadsConfigShape).superRefine(refineUploadsConfig);
const S3_ENV = {
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_BUCKET: 'acres-uploads',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
};
const issuesOf = (env: Record<string, string>) => {
  const result = Schema.safeParse(env);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('uploads configuration', () => {
  it('uses local disk when no S3 key is set', () => {
    const parsed = Schema.parse({});
    expect(s3OptionsFromConfig(parsed)).toBeUndefined();
    expect(parsed.S3_REGION).toBe('us-east-1');
  });

  it('uses S3 when all four keys are set, with the default region', () => {
    expect(s3OptionsFromConfig(Schema.parse(S3_ENV))).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'acres-uploads',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
  });

  it('passes a session token of temporary credentials on, and refuses one without S3', () => {
    expect(s3OptionsFromConfig(Schema.parse({ ...S3_ENV, S3_SESSION_TOKEN: 'token' }))).toMatchObject({ sessionToken: 'token' });
    expect(s3OptionsFromConfig(Schema.parse({ ...S3_ENV, S3_SESSION_TOKEN: '' }))).not.toHaveProperty('sessionToken');
    expect(issuesOf({ S3_SESSION_TOKEN: 'token' })).toEqual([
      'S3_SESSION_TOKEN: is set but S3 is not: set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY too',
    ]);
  });

  it('names every missing key when S3 is half configured', () => {
    expect(issuesOf({ S3_ENDPOINT: S3_ENV.S3_ENDPOINT, S3_BUCKET: S3_ENV.S3_BUCKET })).toEqual([
      'S3_ACCESS_KEY_ID: is required when S3_ENDPOINT, S3_BUCKET are set',
      'S3_SECRET_ACCESS_KEY: is required when S3_ENDPOINT, S3_BUCKET are set',
    ]);
  });

  it('refuses a short signing secret, a bad endpoint and a bad bucket name', () => {
    expect(issuesOf({ UPLOAD_SIGNING_SECRET: 'short' })).toEqual(['UPLOAD_SIGNING_SECRET: must be at least 32 characters']);
    expect(issuesOf({ ...S3_ENV, S3_ENDPOINT: 'ftp://x' })).toEqual(['S3_ENDPOINT: must be an http(s):// URL']);
    expect(issuesOf({ ...S3_ENV, S3_BUCKET: 'Bad_Bucket' })).toEqual(['S3_BUCKET: must be a valid bucket name']);
  });
});
