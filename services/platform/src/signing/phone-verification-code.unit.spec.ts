import { describe, expect, it } from 'vitest';
import { derivePhoneVerificationCode } from './phone-verification-code.ts';

const base = {
  secret: 'link-signing-secret-for-tests-0123456789abcdef',
  verificationId: '6c1f0e2a-8b3d-4f5e-9a7c-1d2e3f4a5b6c',
  userId: '2d2f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f03',
  phoneE164: '+2348031234567',
};

describe('the phone verification code', () => {
  it('is six digits, the same each time it is derived', () => {
    const code = derivePhoneVerificationCode(base);
    expect(code).toMatch(/^\d{6}$/);
    expect(derivePhoneVerificationCode(base)).toBe(code);
  });

  it('changes with the secret, the request, the account and the number', () => {
    const code = derivePhoneVerificationCode(base);
    const variants = [
      { secret: 'another-secret-entirely-0123456789abcdef' },
      { verificationId: '7d2f1e3b-9c4e-4a6f-8b8d-2e3f4a5b6c7d' },
      { userId: '3e3f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f04' },
      { phoneE164: '+2348031234568' },
    ].map((change) => derivePhoneVerificationCode({ ...base, ...change }));
    // Six digits collide one time in a million; these four fixed inputs do not.
    for (const other of variants) expect(other).not.toBe(code);
  });
});
