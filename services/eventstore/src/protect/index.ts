export { deriveMasterKey, resolveDataMasterKey } from './master-key.ts';
export {
  createKeyVault,
  MissingSubjectKeyError,
  SubjectErasedError,
  WrongMasterKeyError,
  type KeyVault,
  type SubjectKey,
} from './key-vault.ts';
export {
  isErasedEvent,
  openEvents,
  planSeal,
  sealWithKey,
  SEALED_KEY,
  SealedFieldsError,
  sealedPartOf,
  sealEvents,
  type SealedFields,
} from './seal.ts';
export { protectEventStore } from './protected-store.ts';
export { readSealedPositions } from './sealed-positions.ts';
export { normaliseAddress, subjectIdOf } from './subject-id.ts';
export { openKeyVault, openProtectedStore } from './open-protected-store.ts';
export { openLogStore, openServiceStore, type LogConfig } from './open-service-store.ts';
export { hasSealedPostgresLog, sealPostgresLog, type SealLogProgress, type SealLogResult } from './seal-postgres-log.ts';
export { ADDRESS_DIGEST_PATTERN, createAddressDigest, type AddressChannel, type AddressDigest } from './address-digest.ts';
export {
  hasKeyedPostgresStreamNames,
  keyPostgresStreamNames,
  type KeyStreamsProgress,
  type KeyStreamsResult,
} from './key-stream-names.ts';
