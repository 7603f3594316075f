import { z } from 'zod';
import { AdminCountersSchema } from './payment.ts';

/**
 * GET /api/admin/counters: SPEC 2's counters and the applications total, and (added) the
 * applications waiting for a decision, counted by the same query as the Applications list
 * filtered to Pending, so the dashboard's figure and the list it points at always agree.
 * `pendingApprovals` stays SPEC's: the payment proofs waiting for a decision.
 */
export const AdminCountersResponseSchema = AdminCountersSchema.extend({
  pendingApplications: z.number().int().nonnegative(),
});
export type AdminCountersResponse = z.infer<typeof AdminCountersResponseSchema>;
