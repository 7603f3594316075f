import { z } from 'zod';

const seconds = (fallback: number, max: number) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? String(fallback) : value),
    z.coerce.number().int('must be a whole number of seconds').min(1, 'must be at least 1').max(max, `must be at most ${max}`),
  );

/** How often the projector process chains a log digest and verifies the whole log. */
export const LogAuditConfigShape = {
  LOG_DIGEST_INTERVAL_SECONDS: seconds(60, 86_400),
  LOG_VERIFY_INTERVAL_SECONDS: seconds(3600, 7 * 86_400),
};
