import { parse as parseUuid, stringify as stringifyUuid } from 'uuid';
import { readSignedToken, signToken } from './signed-token.ts';

const UUID_BYTES = 16;

/**
 * A link token that carries two ids, the purpose's own (a reset, a verification) then the
 * user's, 16 bytes each, signed with the link signing secret under the purpose's context, so
 * a token minted for one purpose never passes for another. Nothing of it is stored.
 */
export const createIdPairToken = <IdKey extends string>(options: { context: string; idKey: IdKey }) => {
  type Body = Record<IdKey, string> & { userId: string };
  const { context, idKey } = options;
  return {
    mint: (input: Body & { secret: string }): string =>
      signToken({
        secret: input.secret,
        context,
        body: Buffer.concat([Buffer.from(parseUuid(input[idKey])), Buffer.from(parseUuid(input.userId))]),
      }),
    /** The ids a genuine token carries, or null for anything else (forged, truncated, another purpose). */
    read: (input: { secret: string; token: string }): Body | null => {
      const body = readSignedToken({ secret: input.secret, context, token: input.token });
      if (!body || body.length !== 2 * UUID_BYTES) return null;
      const ids = { [idKey]: stringifyUuid(body.subarray(0, UUID_BYTES)), userId: stringifyUuid(body.subarray(UUID_BYTES)) };
      return ids as Body;
    },
  };
};
