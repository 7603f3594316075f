export const NO_COMMISSIONS_TO_PAY_MESSAGE = 'Choose at least one verified, unpaid commission';
export const PAYOUT_BATCH_NOT_FOUND_MESSAGE = 'Payout batch not found';
export const PAYOUT_BATCH_ALREADY_PAID_MESSAGE = 'This payout batch has already been paid';
export const PAYOUT_BATCH_ALREADY_CREATED_MESSAGE = 'This payout batch already exists';

const list = (saleIds: readonly string[]) => saleIds.join(', ');
export const commissionsNotVerifiedMessage = (saleIds: readonly string[]) =>
  `Only verified commissions can be paid; not verified: ${list(saleIds)}`;
export const commissionsAfterDateMessage = (saleIds: readonly string[]) =>
  `These commissions were verified after the batch's date: ${list(saleIds)}`;
export const commissionsAlreadyBatchedMessage = (saleIds: readonly string[]) =>
  `These commissions are already in a payout batch: ${list(saleIds)}`;
