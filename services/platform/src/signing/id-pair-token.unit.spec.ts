import { describe, expect, it } from 'vitest';
import { mintEmailVerificationToken, readEmailVerificationToken } from './email-verification-token.ts';
import { mintPasswordResetToken, readPasswordResetToken } from './password-reset-token.ts';
import { signToken } from './signed-token.ts';

const secret = 'unit-spec-link-signing-secret-0123456789';
const firstId = '6c1f0e2a-8b3d-4f5e-9a7c-1d2e3f4a5b6c';
const userId = '2d2f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f03';

describe('the password reset token', () => {
  const ids = { resetId: firstId, userId };

  it('carries the reset and the user, and nothing readable without the secret', () => {
    const token = mintPasswordResetToken({ secret, ...ids });
    expect(readPasswordResetToken({ secret, token })).toEqual(ids);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
    expect(readPasswordResetToken({ secret: `${secret}x`, token })).toBeNull();
  });

  it('is refused when signed for another purpose, or altered', () => {
    const body = Buffer.from(mintPasswordResetToken({ secret, ...ids }).split('.')[0]!, 'base64url');
    expect(readPasswordResetToken({ secret, token: signToken({ secret, context: 'unsubscribe', body }) })).toBeNull();
    const token = mintPasswordResetToken({ secret, ...ids });
    expect(readPasswordResetToken({ secret, token: `A${token.slice(1)}` })).toBeNull();
    expect(
      readPasswordResetToken({ secret, token: signToken({ secret, context: 'password-reset', body: body.subarray(16) }) }),
    ).toBeNull();
  });
});

describe('the email verification token', () => {
  const ids = { verificationId: firstId, userId };

  it('carries the verification and the user, and opens only with the secret', () => {
    const token = mintEmailVerificationToken({ secret, ...ids });
    expect(readEmailVerificationToken({ secret, token })).toEqual(ids);
    expect(readEmailVerificationToken({ secret: `${secret}x`, token })).toBeNull();
    expect(readEmailVerificationToken({ secret, token: `A${token.slice(1)}` })).toBeNull();
  });

  it('is not a password reset token, nor the other way round', () => {
    const verification = mintEmailVerificationToken({ secret, ...ids });
    expect(readPasswordResetToken({ secret, token: verification })).toBeNull();
    const reset = mintPasswordResetToken({ secret, resetId: ids.verificationId, userId: ids.userId });
    expect(readEmailVerificationToken({ secret, token: reset })).toBeNull();
  });
});
