// The unsubscribe links of a marketing email: the page a person opens from the footer, and the
// one-click URL a mail app POSTs to (RFC 8058). Both carry one token signed with the link
// secret under the 'unsubscribe' context; the command API checks it with the same secret. The
// token names the address by its keyed digest only (issue 24, item 6).

import { encodeUnsubscribeBody, UNSUBSCRIBE_TOKEN_CONTEXT } from '@acres/contracts/consent';
import type { AddressDigest } from '@acres/eventstore/protect';
import { signToken } from '@acres/platform/signing';

export type UnsubscribeLinks = { page: string; oneClick: string };

export const createUnsubscribeLinks =
  (options: { publicUrl: string; secret: string; addressDigest: AddressDigest }) =>
  (email: string): UnsubscribeLinks => {
    const token = signToken({
      secret: options.secret,
      context: UNSUBSCRIBE_TOKEN_CONTEXT,
      body: Buffer.from(encodeUnsubscribeBody(options.addressDigest('email', email)), 'utf8'),
    });
    const origin = options.publicUrl.replace(/\/+$/, '');
    const query = `token=${encodeURIComponent(token)}`;
    return { page: `${origin}/unsubscribe?${query}`, oneClick: `${origin}/api/unsubscribe?${query}` };
  };
