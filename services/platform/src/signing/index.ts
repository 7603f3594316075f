export { MIN_SIGNING_SECRET_LENGTH, readStoredSecret, resolveLinkSigningSecret, resolveSigningSecret } from './signing-secret.ts';
export { readSignedToken, signToken } from './signed-token.ts';
export { LinkSigningConfigShape } from './config.ts';
export { mintPasswordResetToken, readPasswordResetToken, type PasswordResetTokenBody } from './password-reset-token.ts';
export {
  mintEmailVerificationToken,
  readEmailVerificationToken,
  type EmailVerificationTokenBody,
} from './email-verification-token.ts';
export { derivePhoneVerificationCode, phoneLimitKeyOf, type PhoneVerificationCodeInput } from './phone-verification-code.ts';
export { mintStaffInvitationToken, readStaffInvitationToken } from './staff-invitation-token.ts';
export { mintMaterialsLinkToken, readMaterialsLinkToken, type MaterialsLinkTokenBody } from './materials-link-token.ts';
