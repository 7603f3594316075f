import { z } from 'zod';
import type { S3Options } from './s3-store.ts';
import { MIN_SIGNING_SECRET_LENGTH } from './signing-secret.ts';

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** Environment keys of uploads, shared by the command API's and the standalone server's config. */
export const UploadsConfigShape = {
  UPLOAD_SIGNING_SECRET: optional(
    z.string().min(MIN_SIGNING_SECRET_LENGTH, `must be at least ${MIN_SIGNING_SECRET_LENGTH} characters`),
  ),
  S3_ENDPOINT: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })),
  S3_BUCKET: optional(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name')),
  S3_REGION: z.preprocess(
    (v) => (v === '' || v === undefined ? 'us-east-1' : v),
    z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1'),
  ),
  S3_ACCESS_KEY_ID: optional(z.string().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
  // Temporary credentials (STS): restart with fresh ones before they expire.
  S3_SESSION_TOKEN: optional(z.string().min(1)),
};

type UploadsConfig = {
  S3_ENDPOINT?: string | undefined;
  S3_BUCKET?: string | undefined;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_SESSION_TOKEN?: string | undefined;
};

const S3_KEYS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** S3 is all or nothing: a half-configured bucket must not silently fall back to local disk. */
export const refineUploadsConfig = (value: UploadsConfig, ctx: z.RefinementCtx) => {
  const set = S3_KEYS.filter((key) => value[key]);
  if (set.length === 0 && value.S3_SESSION_TOKEN) {
    ctx.addIssue({ code: 'custom', path: ['S3_SESSION_TOKEN'], message: `is set but S3 is not: set ${S3_KEYS.join(', ')} too` });
  }
  if (set.length === 0 || set.length === S3_KEYS.length) return;
  for (const key of S3_KEYS.filter((k) => !value[k])) {
    ctx.addIssue({
      code: 'custom',
      path: [key],
      message: `is required when ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set`,
    });
  }
};

export const s3OptionsFromConfig = (value: UploadsConfig): S3Options | undefined =>
  value.S3_ENDPOINT && value.S3_BUCKET && value.S3_ACCESS_KEY_ID && value.S3_SECRET_ACCESS_KEY
    ? {
        endpoint: value.S3_ENDPOINT,
        bucket: value.S3_BUCKET,
        region: value.S3_REGION,
        accessKeyId: value.S3_ACCESS_KEY_ID,
        secretAccessKey: value.S3_SECRET_ACCESS_KEY,
        ...(value.S3_SESSION_TOKEN ? { sessionToken: value.S3_SESSION_TOKEN } : {}),
      }
    : undefined;
