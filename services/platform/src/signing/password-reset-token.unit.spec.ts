import { describe, expect, it } from 'vitest';
import { mintPasswordResetToken, readPasswordResetToken } from './password-reset-token.ts';
import { signToken } from './signed-token.ts';

const secret = 'unit-spec-link-signing-secret-0123456789';
const ids = { resetId: '6c1f0e2a-8b3d-4f5e-9a7c-1d2e3f4a5b6c', userId: '2d2f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f03' };

describe('the password reset token', () => {
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
