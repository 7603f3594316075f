export { CHAIN_ROOT, computeLogDigest, encodeChainedEvent, hashChainedEvent, type ChainedEventFields } from './chain/encoding.ts';
export { describeBrokenLink, type BrokenLink, type BrokenLinkKind } from './chain/broken-link.ts';
export { recordLogDigest, verifyLogDigests, type LogDigest } from './chain/digests.ts';
export { recordLogVerification, verifyEventLog, type LogVerification, type VerifyProgress } from './chain/verify.ts';
export { verifyEsdbLog } from './esdb/verify.ts';
export { createLogVerifier, type LogVerifier } from './log-verifier.ts';
