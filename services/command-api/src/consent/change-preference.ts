// A choice about one purpose on one channel, by the person from their dashboard or by the
// admin on their behalf: resolved to the address that channel reaches, then OptOut / OptIn on
// that contact's consent stream (the same stream a STOP reply or an unsubscribe link writes).

import type { ConsentChangeAccepted, SetMessagePreferenceRequest } from '@acres/contracts/consent-ledger';
import { DomainError } from '@acres/contracts/errors';
import type { CommandDeps } from '../commands/deps.ts';
import type { CommandContext } from '../commands/handle-command.ts';
import { recordConsent } from './record-consent.ts';
import { channelAddresses, type SubjectAddresses } from './subject-addresses.ts';

export const changePreference = async (options: {
  deps: CommandDeps;
  addresses: SubjectAddresses;
  choice: SetMessagePreferenceRequest;
  source: 'dashboard' | 'admin';
  recordedBy: string;
  context: CommandContext;
}): Promise<ConsentChangeAccepted> => {
  const { choice } = options;
  const address = channelAddresses(options.addresses)[choice.channel];
  if (!address) {
    throw new DomainError('validation_failed', `channel: no ${choice.channel} address is on record for this person`, [
      { field: 'channel', message: `No ${choice.channel} address is on record for this person` },
    ]);
  }
  return recordConsent({
    deps: options.deps,
    change: {
      choice: choice.optedOut ? 'opt-out' : 'opt-in',
      channel: choice.channel,
      address,
      purpose: choice.purpose,
      source: options.source,
      recordedBy: options.recordedBy,
      providerMessageId: null,
    },
    context: options.context,
  });
};
