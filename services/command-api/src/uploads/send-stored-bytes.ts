import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';

/**
 * Stored upload bytes as an answer: the type and length recorded at upload, never sniffed, and a
 * sandbox policy so that bytes opened as a document can run nothing. Callers say how long the
 * answer may be cached and, for a download, its disposition.
 */
export const sendStoredBytes = (
  reply: FastifyReply,
  stored: { contentType: string; sizeBytes: number; cacheControl: string; disposition?: string },
  stream: Readable,
) => {
  reply
    .header('content-type', stored.contentType)
    .header('content-length', stored.sizeBytes)
    .header('x-content-type-options', 'nosniff');
  if (stored.disposition) reply.header('content-disposition', stored.disposition);
  return reply
    .header('cache-control', stored.cacheControl)
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(stream);
};
