import { randomBytes, hkdfSync } from 'node:crypto';
import { link, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readStoredSecret } from '@acres/platform/signing';

/** The 32-byte key that wraps subject keys, derived from a secret of any length ≥ 32. */
export const deriveMasterKey = (secret: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secret, 'acres', 'subject-keys v1', 32));

const MIN_SECRET_LENGTH = 32;
const FILE_NAME = 'data-master-key';

// Unlike the link-signing secret, a master key file is never replaced: one that is there but
// unusable is a lost key (every personal field with it), which the operator must see, and a
// replacement would wrap new subjects' keys with a second master key. The file appears whole
// (written aside, then hard-linked into place, which fails if it exists), so a process starting
// beside the one that creates it never reads it half-written.
const readOrCreate = async (dataDir: string): Promise<string> => {
  const file = path.join(dataDir, FILE_NAME);
  const stored = await readStoredSecret(file);
  if (stored !== null) {
    if (stored.length < MIN_SECRET_LENGTH)
      throw new Error(
        `${file} holds no usable master key (fewer than ${MIN_SECRET_LENGTH} characters): restore it from a backup`,
      );
    return stored;
  }
  await mkdir(dataDir, { recursive: true });
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(aside, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  try {
    await link(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(aside, { force: true });
  }
  return readOrCreate(dataDir);
};

/**
 * DATA_MASTER_KEY when set, otherwise one generated on the first start and kept in
 * DATA_DIR/data-master-key (mode 600), like the embedded default's admin credentials.
 * Losing it loses every personal field in the log: back it up with the database.
 */
export const resolveDataMasterKey = async (options: { dataDir: string; secret?: string | undefined }): Promise<Buffer> =>
  deriveMasterKey(options.secret ? options.secret : await readOrCreate(options.dataDir));
