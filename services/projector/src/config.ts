import { z } from 'zod';
import { BaseConfigSchema, parseConfig, refineEventStore } from '@acres/platform/config';
import { MetricsPortConfigShape } from '@acres/platform/observability-config';
import { LogAuditConfigShape } from './audit/config.ts';

export const ProjectorConfigSchema = BaseConfigSchema.extend({
  ...MetricsPortConfigShape,
  ...LogAuditConfigShape,
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'is required and must be a postgres:// URL' }),
  PROJECTOR_BATCH_SIZE: z.preprocess(
    (value) => (value === '' || value === undefined ? '500' : value),
    z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(10_000, 'must be at most 10000'),
  ),
}).superRefine(refineEventStore);

export type ProjectorConfig = z.infer<typeof ProjectorConfigSchema>;

export const readProjectorConfig = (env: Record<string, string | undefined> = process.env): ProjectorConfig =>
  parseConfig(ProjectorConfigSchema, env);
