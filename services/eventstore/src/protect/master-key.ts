import { hkdfSync } from 'node:crypto';
import { resolveSigningSecret } from '@acres/platform/signing';

/** The 32-byte key that wraps subject keys, derived from a secret of any length ≥ 32. */
export const deriveMasterKey = (secret: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secret, 'acres', 'subject-keys v1', 32));

/**
 * DATA_MASTER_KEY when set, otherwise one generated on the first start and kept in
 * DATA_DIR/data-master-key (mode 600), like the embedded default's admin credentials.
 * Losing it loses every personal field in the log: back it up with the database.
 */
export const resolveDataMasterKey = async (options: { dataDir: string; secret?: string | undefined }): Promise<Buffer> =>
  deriveMasterKey(await resolveSigningSecret({ dataDir: options.dataDir, secret: options.secret, fileName: 'data-master-key' }));
