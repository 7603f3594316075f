import {
  createAllocationProjection,
  createPaymentHistoryProjection,
  createPaymentsProjection,
  createUsersProjection,
} from '@acres/projector/projections/index';

// Checkpoint names taken from the projector itself, so a rename there cannot leave a
// read waiting on a checkpoint that never moves. 'users' is the identity projection
// the admin list and the timelines join for names and emails.
const payments = createPaymentsProjection().name;
const history = createPaymentHistoryProjection().name;
const allocation = createAllocationProjection().name;
const users = createUsersProjection().name;

/** The projections each payment read waits for when the client sends x-min-position. */
export const PAYMENT_READS = {
  list: [payments],
  adminList: [payments, users],
  history: [history, users],
  allocation: [allocation],
} as const;
