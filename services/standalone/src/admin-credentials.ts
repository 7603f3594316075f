import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { AdminCredentials } from '@acres/platform';

const StoredSchema = z.object({ username: z.string().min(1), password: z.string().min(8) });

/**
 * Credentials from the environment win; otherwise they are generated on the first start
 * and kept beside the data, so the admin's password survives restarts.
 */
export const resolveAdminCredentials = async (options: {
  dataDir: string;
  username?: string | undefined;
  password?: string | undefined;
}): Promise<{ credentials: AdminCredentials; source: 'environment' | 'generated' | 'stored' }> => {
  if (options.username && options.password) {
    return { credentials: { username: options.username, password: options.password }, source: 'environment' };
  }
  const file = path.join(options.dataDir, 'admin-credentials.json');
  if (existsSync(file)) {
    const stored = StoredSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    if (stored.success) return { credentials: stored.data, source: 'stored' };
  }
  const credentials = { username: 'admin', password: randomBytes(15).toString('base64url') };
  await mkdir(options.dataDir, { recursive: true });
  await writeFile(file, JSON.stringify(credentials, null, 2), { mode: 0o600 });
  return { credentials, source: 'generated' };
};
