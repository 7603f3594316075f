import { ADMIN_COUNTERS } from '@acres/read-models/admin-counters';
import { USERS } from '@acres/read-models/identity';
import { PAYMENT_HISTORY } from '@acres/read-models/payment-history';
import { PAYMENTS } from '@acres/read-models/payments';

// Checkpoint names from the read-model definitions the projector keeps its checkpoints
// under. 'users' is the identity read model the admin list and the timelines join for
// names and emails.
const payments = PAYMENTS.name;
const history = PAYMENT_HISTORY.name;
const users = USERS.name;

/** The projections each payment read waits for when the client sends x-min-position. */
export const PAYMENT_READS = {
  list: [payments],
  // The unfiltered total is the admin-counters row's.
  adminList: [payments, users, ADMIN_COUNTERS.name],
  history: [history, users],
} as const;
