import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Pool } from '@acres/platform/db';
import type { ObjectStore } from './object-store.ts';

export type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export type UploadsDeps = {
  pool: Pool;
  store: ObjectStore;
  signingSecret: string;
  adminGuard: PreHandler | null;
  rateLimit: PreHandler;
  now: () => Date;
  log: FastifyBaseLogger;
};
