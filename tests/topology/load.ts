// A light, steady load through the proxy while processes are killed: writers POST leads (a
// careful client: the same Idempotency-Key again after a 503 until it is acknowledged),
// readers GET the admin's lead list. Every answer is recorded, with when it was sent.

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { validLead } from '@acres/fixtures';

export type Outcome = {
  kind: 'write' | 'read';
  sentAt: number;
  at: number;
  /** The answer's status, or 0 when no answer came (connection refused, reset, timed out). */
  status: number;
  retryAfter: string | null;
};

export const startLoad = (options: { url: string; authorization: string; writers: number; readers: number; paceMs: number }) => {
  const outcomes: Outcome[] = [];
  let running = true;
  const call = async (kind: Outcome['kind'], path: string, init: RequestInit) => {
    const sentAt = Date.now();
    const response = await fetch(new URL(path, options.url), { ...init, signal: AbortSignal.timeout(15_000) }).catch(() => null);
    await response?.arrayBuffer();
    const outcome = {
      kind,
      sentAt,
      at: Date.now(),
      status: response?.status ?? 0,
      retryAfter: response?.headers.get('retry-after') ?? null,
    };
    outcomes.push(outcome);
    return outcome;
  };
  const writer = async (worker: number) => {
    for (let index = 0; running; index += 1) {
      const key = randomUUID();
      const body = JSON.stringify(validLead({ email: `load-${worker}-${index}-${key.slice(0, 8)}@example.ng` }));
      const headers = { 'content-type': 'application/json', 'idempotency-key': key };
      for (;;) {
        const { status } = await call('write', '/api/leads', { method: 'POST', headers, body });
        if (status !== 503 || !running) break;
        await sleep(options.paceMs);
      }
      await sleep(options.paceMs);
    }
  };
  const reader = async () => {
    while (running) {
      await call('read', '/api/admin/leads', { headers: { authorization: options.authorization } });
      await sleep(options.paceMs);
    }
  };
  const workers = [
    ...Array.from({ length: options.writers }, (_, worker) => writer(worker)),
    ...Array.from({ length: options.readers }, reader),
  ];
  return {
    outcomes,
    /** The first acknowledged write sent at or after `since`. */
    firstWriteSince: (since: number) =>
      outcomes.find((outcome) => outcome.kind === 'write' && outcome.status === 201 && outcome.sentAt >= since),
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
};
