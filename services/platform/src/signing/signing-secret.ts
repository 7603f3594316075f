import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const MIN_SIGNING_SECRET_LENGTH = 32;

/** A secret kept in a file, trimmed; null when there is no such file. */
export const readStoredSecret = (file: string): Promise<string | null> =>
  readFile(file, 'utf8').then(
    (text) => text.trim(),
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    },
  );

/**
 * A signing secret: the configured value when set, otherwise one generated on the first
 * start and kept in DATA_DIR under `fileName`, so links and URLs handed out just before a
 * restart still verify after it, and every process sharing DATA_DIR signs alike.
 */
export const resolveSigningSecret = async (options: {
  dataDir: string;
  secret?: string | undefined;
  fileName: string;
}): Promise<string> => {
  if (options.secret) return options.secret;
  const file = path.join(options.dataDir, options.fileName);
  const stored = await readStoredSecret(file);
  if (stored && stored.length >= MIN_SIGNING_SECRET_LENGTH) return stored;
  const secret = randomBytes(32).toString('base64url');
  await mkdir(options.dataDir, { recursive: true });
  // wx: two processes starting together on one DATA_DIR must not end up with two secrets.
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: stored === null ? 'wx' : 'w' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = await readStoredSecret(file);
    if (!winner) throw error;
    return winner;
  }
};

/** The secret that signs links in messages (password reset, unsubscribe): LINK_SIGNING_SECRET or DATA_DIR/link-signing-secret. */
export const resolveLinkSigningSecret = (options: { dataDir: string; secret?: string | undefined }): Promise<string> =>
  resolveSigningSecret({ ...options, fileName: 'link-signing-secret' });
