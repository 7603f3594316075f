export const NO_COMMISSIONS_TO_PAY_MESSAGE = 'There are no verified, unpaid commissions up to that date';
export const PAYOUT_BATCH_NOT_FOUND_MESSAGE = 'Payout batch not found';
export const PAYOUT_BATCH_ALREADY_PAID_MESSAGE = 'This payout batch has already been paid';
export const PAYOUT_BATCH_ALREADY_CREATED_MESSAGE = 'This payout batch already exists';
