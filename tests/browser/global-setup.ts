import { createLogger } from '@acres/platform/logger';
import { ensureWebBuilt } from '@acres/standalone/spa';

/** Builds the SPA once (only when its sources changed) before any test server starts. */
export default async function setup() {
  await ensureWebBuilt(createLogger({ level: 'warn', pretty: false }));
}
