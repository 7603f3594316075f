import { UnsubscribeTokenBodySchema, UNSUBSCRIBE_MESSAGES, UNSUBSCRIBE_TOKEN_CONTEXT } from '@acres/contracts/consent';
import { DomainError } from '@acres/contracts/errors';
import { readSignedToken } from '@acres/platform/signing';

/** Whom an unsubscribe token was signed for: a digest (version 2) or an address (version 1, still in inboxes). */
export type UnsubscribeTarget = { digest: string; address: null } | { digest: null; address: string };

/** The target of an unsubscribe token; a 403 naming `token` for anything else. */
export const readUnsubscribeToken = (options: { token: string; secret: string }): UnsubscribeTarget => {
  const body = readSignedToken({ secret: options.secret, context: UNSUBSCRIBE_TOKEN_CONTEXT, token: options.token });
  let parsed: ReturnType<typeof UnsubscribeTokenBodySchema.safeParse> | null = null;
  if (body) {
    try {
      parsed = UnsubscribeTokenBodySchema.safeParse(JSON.parse(body.toString('utf8')));
    } catch {
      parsed = null;
    }
  }
  if (!parsed?.success) {
    // Well-formed but not signed by us (or signed for another purpose): refused like a wrong webhook signature.
    throw new DomainError('forbidden', UNSUBSCRIBE_MESSAGES.token, [{ field: 'token', message: UNSUBSCRIBE_MESSAGES.token }]);
  }
  return 'digest' in parsed.data
    ? { digest: parsed.data.digest, address: null }
    : { digest: null, address: parsed.data.address.toLowerCase() };
};
