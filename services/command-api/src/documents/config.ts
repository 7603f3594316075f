import { z } from 'zod';
import { DEFAULT_MATERIALS_LINK_DAYS } from '@acres/contracts';

/** How many days a lead's link to the due-diligence room works (MATERIALS_LINK_DAYS). */
export const DocumentsConfigShape = {
  MATERIALS_LINK_DAYS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: 'must be a whole number of days' })
      .int('must be a whole number of days')
      .min(1, 'must be at least 1 day')
      .max(365, 'must be at most 365 days')
      .default(DEFAULT_MATERIALS_LINK_DAYS),
  ),
};
