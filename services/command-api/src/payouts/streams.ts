/** Every payout batch on one stream: its revision is what keeps a commission in one batch. */
export const PAYOUTS_STREAM_ID = 'payouts';
