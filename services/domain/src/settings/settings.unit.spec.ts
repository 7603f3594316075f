import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '@acres/contracts';
import { givenFor } from '../../test/given.ts';
import { foldEvents } from '../decider.ts';
import { settingsDecider, type BusinessSettingsChanged, type ChangeBusinessSettings, type SettingsChanger } from './decider.ts';

const given = givenFor(settingsDecider);
const now = new Date('2026-11-23T09:00:00.000Z');
const admin: SettingsChanger = { source: 'admin', username: 'ops' };

const change = (settings: ChangeBusinessSettings['settings'], changer: SettingsChanger = admin): ChangeBusinessSettings => ({
  type: 'ChangeBusinessSettings',
  now,
  changer,
  settings,
});

const escrow = { escrowBankName: 'Zenith Bank', escrowAccountName: 'Acres Escrow', escrowAccountNumber: '0123456789' };

const changed = (
  changes: BusinessSettingsChanged['data']['changes'],
  by: { source: 'admin' | 'configuration'; changedBy: string | null } = { source: 'admin', changedBy: 'ops' },
): BusinessSettingsChanged => ({ type: 'BusinessSettingsChanged', data: { ...by, changes, changedAt: now.toISOString() } });

const escrowSet = changed([
  { field: 'escrowBankName', from: null, to: 'Zenith Bank' },
  { field: 'escrowAccountName', from: null, to: 'Acres Escrow' },
  { field: 'escrowAccountNumber', from: null, to: '0123456789' },
]);

describe('business settings', () => {
  it('records the escrow account with who set it, old and new values', () => {
    given([]).when(change(escrow)).then([escrowSet]);
  });

  it('records only the fields that changed, old → new, phones in E.164', () => {
    given([escrowSet])
      .when(change({ ...escrow, escrowAccountNumber: '9876543210', contactPhone: '0803 123 4567' }))
      .then([
        changed([
          { field: 'escrowAccountNumber', from: '0123456789', to: '9876543210' },
          { field: 'contactPhone', from: null, to: '+2348031234567' },
        ]),
      ]);
  });

  it('clears a field sent empty', () => {
    given([escrowSet])
      .when(change({ escrowBankName: '', escrowAccountName: '', escrowAccountNumber: '' }))
      .then([
        changed([
          { field: 'escrowBankName', from: 'Zenith Bank', to: null },
          { field: 'escrowAccountName', from: 'Acres Escrow', to: null },
          { field: 'escrowAccountNumber', from: '0123456789', to: null },
        ]),
      ]);
  });

  it('refuses a change that changes nothing', () => {
    given([escrowSet]).when(change(escrow)).thenThrows({ code: 'unprocessable', message: SETTINGS_MESSAGES.nothingChanged });
  });

  it('refuses invalid fields, naming each', () => {
    given([])
      .when(change({ ...escrow, escrowAccountNumber: '12345', contactEmail: 'nope' }))
      .thenThrows({
        code: 'validation_failed',
        errors: [
          { field: 'escrowAccountNumber', message: SETTINGS_MESSAGES.escrowAccountNumber },
          { field: 'contactEmail', message: SETTINGS_MESSAGES.contactEmail },
        ],
      });
  });

  it('lets the configuration seed settings nobody has set', () => {
    given([])
      .when(change({ contactEmail: 'team@example.ng' }, { source: 'configuration' }))
      .then([
        changed([{ field: 'contactEmail', from: null, to: 'team@example.ng' }], { source: 'configuration', changedBy: null }),
      ]);
  });

  it('never lets the configuration override settings once set, nor seed nothing', () => {
    given([escrowSet])
      .when(change({ contactEmail: 'team@example.ng' }, { source: 'configuration' }))
      .then([]);
    given([])
      .when(change({}, { source: 'configuration' }))
      .then([]);
  });

  it('folds the changes into the current settings', () => {
    const state = foldEvents(settingsDecider, [escrowSet]);
    expect(state.settings.escrowAccountNumber).toBe('0123456789');
    expect(state.changes).toBe(1);
  });
});
