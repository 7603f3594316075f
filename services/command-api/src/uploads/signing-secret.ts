import { resolveSigningSecret } from '@acres/platform/signing';

export { MIN_SIGNING_SECRET_LENGTH } from '@acres/platform/signing';

/** The secret that signs upload URLs: UPLOAD_SIGNING_SECRET or DATA_DIR/upload-signing-secret. */
export const resolveUploadSigningSecret = (options: { dataDir: string; secret?: string | undefined }): Promise<string> =>
  resolveSigningSecret({ ...options, fileName: 'upload-signing-secret' });
