import { z } from 'zod';
import { MIN_SIGNING_SECRET_LENGTH } from './signing-secret.ts';

/** LINK_SIGNING_SECRET, shared by every process that mints or checks links in messages. */
export const LinkSigningConfigShape = {
  LINK_SIGNING_SECRET: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().min(MIN_SIGNING_SECRET_LENGTH, `must be at least ${MIN_SIGNING_SECRET_LENGTH} characters`).optional(),
  ),
};
