import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../src/port.ts';

/** An event to append in a test: a visitor's, with fresh ids. */
export const testEvent = (type: string, data: Record<string, unknown>): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: {
    correlationId: randomUUID(),
    causationId: null,
    actor: { kind: 'visitor', id: null },
    schemaVersion: 1,
    occurredAt: new Date().toISOString(),
  },
});
