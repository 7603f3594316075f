export { uploadsPlugin, createObjectStore, type UploadsOptions } from './plugin.ts';
export { findUploadedObject, type UploadedObject } from './objects.ts';
export { verifyUploadedObject } from './verify.ts';
export { resolveUploadSigningSecret } from './signing-secret.ts';
export { UploadsConfigShape, refineUploadsConfig, s3OptionsFromConfig } from './config.ts';
export { VISITOR_COOKIE } from './owner.ts';
export { OBJECT_PATH_PREFIX, objectIdOf, type ObjectStore } from './object-store.ts';
export type { S3Options } from './s3-store.ts';
