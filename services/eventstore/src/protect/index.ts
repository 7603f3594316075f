export { deriveMasterKey, resolveDataMasterKey } from './master-key.ts';
export { createKeyVault, MissingSubjectKeyError, SubjectErasedError, type KeyVault, type SubjectKey } from './key-vault.ts';
export { isErasedEvent, openEvents, planSeal, SEALED_KEY, sealedPartOf, sealEvents, type SealedFields } from './seal.ts';
export { protectEventStore } from './protected-store.ts';
export { normaliseAddress, subjectIdOf } from './subject-id.ts';
export { openKeyVault, openProtectedStore } from './open-protected-store.ts';
