import { describe, expect, it } from 'vitest';
import { readConsentReply } from '@acres/contracts/consent';
import { givenFor } from '../../test/given.ts';
import { consentDecider, type ConsentEvent, type OptIn, type OptOut } from './decider.ts';

const given = givenFor(consentDecider);
const now = new Date('2026-11-26T09:00:00.000Z');
const request = { channel: 'sms', address: '+2348012345678', purpose: 'marketing', source: 'sms-reply', now } as const;
const stop = (providerMessageId: string | null): OptOut => ({ ...request, type: 'OptOut', providerMessageId });
const start = (providerMessageId: string | null): OptIn => ({ ...request, type: 'OptIn', providerMessageId });
const data = (providerMessageId: string | null) => ({
  channel: 'sms' as const,
  address: '+2348012345678',
  purpose: 'marketing' as const,
  source: 'sms-reply' as const,
  providerMessageId,
  at: now.toISOString(),
});
const optedOut = (id: string | null): ConsentEvent => ({ type: 'ContactOptedOut', data: data(id) });
const optedIn = (id: string | null): ConsentEvent => ({ type: 'ContactOptedIn', data: data(id) });

describe('a contact’s consent on one channel', () => {
  it('records a STOP reply as an opt-out from marketing, with the provider’s message id', () => {
    given([])
      .when(stop('m1'))
      .then([optedOut('m1')]);
  });

  it('records START after STOP as an opt-in', () => {
    given([optedOut('m1')])
      .when(start('m2'))
      .then([optedIn('m2')]);
  });

  it('records nothing for a redelivered message (same provider id), whatever came after it', () => {
    given([optedOut('m1')])
      .when(stop('m1'))
      .then([]);
    given([optedOut('m1'), optedIn('m2')])
      .when(stop('m1'))
      .then([]);
  });

  it('records a repeated choice: a lead submission in between may have opted the contact in again', () => {
    given([optedOut('m1')])
      .when(stop('m3'))
      .then([optedOut('m3')]);
    given([optedOut(null)])
      .when(stop(null))
      .then([optedOut(null)]);
  });
});

describe('a choice recorded for the contact by someone else', () => {
  it('names who recorded it: the admin asked by phone, or the person from their dashboard', () => {
    given([])
      .when({ ...stop(null), channel: 'whatsapp', source: 'admin', recordedBy: 'admin:ops' })
      .then([
        {
          type: 'ContactOptedOut',
          data: { ...data(null), channel: 'whatsapp', source: 'admin', recordedBy: 'admin:ops' },
        },
      ]);
    given([optedOut(null)])
      .when({ ...start(null), source: 'dashboard', recordedBy: 'user:7d1f2c3a-4b5c-4d6e-8f70-8192a3b4c5d6' })
      .then([
        {
          type: 'ContactOptedIn',
          data: { ...data(null), source: 'dashboard', recordedBy: 'user:7d1f2c3a-4b5c-4d6e-8f70-8192a3b4c5d6' },
        },
      ]);
  });
});

describe('readConsentReply', () => {
  it('reads the keywords case-insensitively and trimmed, and nothing else', () => {
    for (const word of ['STOP', ' stop ', 'StopAll', 'unsubscribe', 'CANCEL', 'end', 'Quit\n']) {
      expect(readConsentReply(word), word).toBe('opt-out');
    }
    for (const word of ['START', 'unstop', ' Subscribe']) expect(readConsentReply(word), word).toBe('opt-in');
    for (const word of ['Please stop', 'STOP!', 'hello', '', 'S T O P']) expect(readConsentReply(word), word).toBeNull();
  });
});
