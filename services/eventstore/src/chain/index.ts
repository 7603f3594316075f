export { CHAIN_ROOT, computeLogDigest, encodeChainedEvent, hashChainedEvent, type ChainedEventFields } from './encoding.ts';
export { describeBrokenLink, type BrokenLink, type BrokenLinkKind } from './broken-link.ts';
export { recordLogDigest, verifyLogDigests, type LogDigest } from './digests.ts';
export { recordLogVerification, verifyEventLog, type LogVerification, type VerifyProgress } from './verify.ts';
export { verifyEsdbLog } from '../esdb/verify.ts';
