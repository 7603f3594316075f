// The embedded default of every channel: the message as its recipient would get it,
// written under DATA_DIR/outbox (one JSON file per message, named by its idempotency key,
// so writing it twice leaves one file). The admin's Outbox tab shows the same messages.

import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transport } from './transport.ts';

export const outboxFileOf = (dir: string, id: string) =>
  path.join(dir, `${createHash('sha256').update(id).digest('hex').slice(0, 32)}.json`);

export const createOutboxTransport = (options: { dir: string }): Transport => {
  let ready: Promise<unknown> | undefined;
  return {
    name: 'outbox',
    send: async (message) => {
      ready ??= mkdir(options.dir, { recursive: true });
      await ready;
      const file = outboxFileOf(options.dir, message.id);
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, `${JSON.stringify({ ...message, writtenAt: new Date().toISOString() }, null, 2)}\n`);
      await rename(temporary, file);
      return { providerMessageId: path.basename(file) };
    },
    close: async () => {},
  };
};
