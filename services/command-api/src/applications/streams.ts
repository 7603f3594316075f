import { normaliseEmail, sha256Hex } from '../commands/ids.ts';

/** One stream per email is what makes "one application per email" a consistency boundary. */
export const applicationStreamId = (email: string) => `application-${sha256Hex(normaliseEmail(email))}`;
