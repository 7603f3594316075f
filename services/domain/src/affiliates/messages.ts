export const AFFILIATE_ALREADY_REGISTERED_MESSAGE = 'You are already registered as an affiliate';
export const REGISTER_AS_AFFILIATE_FIRST_MESSAGE = 'Register as an affiliate first';
export const AFFILIATE_NOT_ACTIVE_MESSAGE = 'Your affiliate account is not active';
export const AFFILIATE_NOT_FOUND_MESSAGE = 'Affiliate not found';
export const AFFILIATE_ALREADY_SUSPENDED_MESSAGE = 'This affiliate is already suspended';
export const AFFILIATE_ALREADY_ACTIVE_MESSAGE = 'This affiliate is already active';
export const SALE_PROOF_NOT_UPLOADED_MESSAGE = 'Upload the sale proof image first';
export const SALE_NOT_FOUND_MESSAGE = 'Sale not found';
export const SALE_ALREADY_REPORTED_MESSAGE = 'This sale has already been reported';
export const SALE_ID_TAKEN_MESSAGE = 'This sale id is already taken';
export const REFERRAL_CODE_TAKEN_MESSAGE = 'This referral code is already taken';
export const REFERRAL_CODE_FORMAT_MESSAGE = 'Referral code must be 1 to 10 upper-case letters and digits';

/** 'This sale has already been verified' / '… rejected' */
export const saleAlreadyDecidedMessage = (status: 'verified' | 'rejected') => `This sale has already been ${status}`;
