// The consent ledger (issue 14, item 4): the ConsentRecorded event a form's checkbox adds to the
// command it belongs to. Only the current version of the text is accepted: a form that showed
// another (an old tab, a forged request) is refused naming its version field. A request that names
// no version (SPEC 7's payloads, a public contract) agrees to the text in force as the command is
// decided, and the record says the version was not stated by the client.

import type { DomainEventOf } from '@acres/contracts';
import { currentConsentText, type ConsentTextId } from '@acres/contracts/consent-texts';
import type { ConsentForm, NotificationChannel } from '@acres/contracts/events';
import type { FieldError } from '@acres/contracts/errors';

export type ConsentRecorded = DomainEventOf<'ConsentRecorded'>;

export type ConsentGiven = {
  textId: ConsentTextId;
  /** The version the form says it showed; undefined when the client did not say. */
  version: number | undefined;
  /** The form's field that carries the version, named in the refusal. */
  versionField: string;
  subject: { kind: 'lead' | 'application'; id: string };
  /** Every address the subject gave; only those on the text's channels are opted in. */
  addresses: Readonly<Partial<Record<NotificationChannel, string>>>;
  source: ConsentForm;
  now: Date;
};

/** The version's field error, or null when it is the current version or not stated. */
export const checkConsentVersion = (given: Pick<ConsentGiven, 'textId' | 'version' | 'versionField'>): FieldError | null => {
  const current = currentConsentText(given.textId);
  if (given.version === undefined || given.version === current.version) return null;
  return {
    field: given.versionField,
    message: `Consent text ${given.textId} version ${String(given.version)} is not the current version ${String(current.version)}`,
  };
};

export const consentRecorded = (given: ConsentGiven): ConsentRecorded => {
  const text = currentConsentText(given.textId);
  const contacts = text.channels.flatMap((channel) => {
    const address = given.addresses[channel];
    return address ? [{ channel, address }] : [];
  });
  return {
    type: 'ConsentRecorded',
    data: {
      subjectKind: given.subject.kind,
      subjectId: given.subject.id,
      textId: text.id,
      textVersion: text.version,
      textDigest: text.digest,
      versionStatedByClient: given.version !== undefined,
      purposes: [...text.purposes],
      contacts,
      source: given.source,
      at: given.now.toISOString(),
    },
  };
};
