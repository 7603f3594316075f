import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const MIN_SIGNING_SECRET_LENGTH = 32;
const FILE_NAME = 'upload-signing-secret';

/**
 * The secret that signs upload URLs: UPLOAD_SIGNING_SECRET when configured, otherwise
 * one generated on the first start and kept in DATA_DIR, so URLs handed out just
 * before a restart still work after it.
 */
export const resolveUploadSigningSecret = async (options: { dataDir: string; secret?: string | undefined }): Promise<string> => {
  if (options.secret) return options.secret;
  const file = path.join(options.dataDir, FILE_NAME);
  const stored = await readFile(file, 'utf8').then(
    (text) => text.trim(),
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    },
  );
  if (stored && stored.length >= MIN_SIGNING_SECRET_LENGTH) return stored;
  const secret = randomBytes(32).toString('base64url');
  await mkdir(options.dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
};
