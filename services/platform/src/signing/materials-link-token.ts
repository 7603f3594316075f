import { parse as parseUuid, stringify as stringifyUuid } from 'uuid';
import { readSignedToken, signToken } from './signed-token.ts';

/*
 * The token of a lead's link to the due-diligence room: linkId then leadId, 16 bytes each,
 * under its own context. The notifier mints it from MaterialsSent; the APIs read it back and the
 * link's stream (or its read model) decides whether it still works: expiry and revocation live
 * there, so staff can end a link that was already sent.
 */
export type MaterialsLinkTokenBody = { linkId: string; leadId: string };

const CONTEXT = 'materials-link';
const UUID_BYTES = 16;

export const mintMaterialsLinkToken = (input: MaterialsLinkTokenBody & { secret: string }): string =>
  signToken({
    secret: input.secret,
    context: CONTEXT,
    body: Buffer.concat([Buffer.from(parseUuid(input.linkId)), Buffer.from(parseUuid(input.leadId))]),
  });

/** The ids of a genuine token, or null for anything else (forged, truncated, another purpose). */
export const readMaterialsLinkToken = (input: { secret: string; token: string }): MaterialsLinkTokenBody | null => {
  const body = readSignedToken({ secret: input.secret, context: CONTEXT, token: input.token });
  if (!body || body.length !== 2 * UUID_BYTES) return null;
  return { linkId: stringifyUuid(body.subarray(0, UUID_BYTES)), leadId: stringifyUuid(body.subarray(UUID_BYTES)) };
};
