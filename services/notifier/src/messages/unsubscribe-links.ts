// The unsubscribe links of a marketing email: the page a person opens from the footer, and the
// one-click URL a mail app POSTs to (RFC 8058). Both carry one token signed with the link
// secret under the 'unsubscribe' context; the command API checks it with the same secret.

import { encodeUnsubscribeBody, UNSUBSCRIBE_TOKEN_CONTEXT } from '@acres/contracts/consent';
import { signToken } from '@acres/platform/signing';

export type UnsubscribeLinks = { page: string; oneClick: string };

export const createUnsubscribeLinks =
  (options: { publicUrl: string; secret: string }) =>
  (email: string): UnsubscribeLinks => {
    const token = signToken({
      secret: options.secret,
      context: UNSUBSCRIBE_TOKEN_CONTEXT,
      body: Buffer.from(encodeUnsubscribeBody(email), 'utf8'),
    });
    const origin = options.publicUrl.replace(/\/+$/, '');
    const query = `token=${encodeURIComponent(token)}`;
    return { page: `${origin}/unsubscribe?${query}`, oneClick: `${origin}/api/unsubscribe?${query}` };
  };
