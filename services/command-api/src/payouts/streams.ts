// The stream id is shared with the query side's as-of reads, so it lives in the contracts.
export { PAYOUTS_STREAM_ID } from '@acres/contracts/constants';
