import type { Actor } from '@acres/contracts';

export type Idempotency = { key: string; requestHash: string };

/** Who asked, when, and under which request: becomes every new event's metadata. */
export type CommandContext = {
  correlationId: string;
  causationId: string | null;
  actor: Actor;
  now: Date;
  idempotency: Idempotency | null;
};
