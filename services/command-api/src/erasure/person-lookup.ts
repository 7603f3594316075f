// The erasure's query port: who a record's person is and which of their addresses other
// records still carry live in the read models, which the command side never reads itself.
// @acres/read-models/person-lookup implements it; the server that composes the command API
// passes it in.

import type { ErasureRecord } from '@acres/contracts/erasure';
import type { ErasableKind } from '@acres/contracts/personal-data';

export type RecordRef = { kind: ErasableKind; id: string };

export type Person = {
  leads: Set<string>;
  applications: Set<string>;
  users: Set<string>;
  affiliates: Set<string>;
  /** Lower-cased. */
  emails: Set<string>;
  /** As typed and in E.164. */
  phones: Set<string>;
  records: ErasureRecord[];
  /** Uploaded object paths: payment proofs, the passport photo, sale proofs. */
  objectPaths: Set<string>;
};

export type PersonLookup = {
  /** The person of one record; null when the record is not in the read models (unknown, or not projected yet). */
  findPerson: (target: RecordRef) => Promise<Person | null>;
  /** Of these lower-cased emails and phone digits, the ones a live record other than `except` still carries. */
  findAddressesInUse: (query: {
    emails: readonly string[];
    phoneDigits: readonly string[];
    except: readonly RecordRef[];
  }) => Promise<{ emails: string[]; phoneDigits: string[] }>;
};
