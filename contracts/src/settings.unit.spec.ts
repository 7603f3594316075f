import { describe, expect, it } from 'vitest';
import * as constants from './constants.ts';
import {
  BusinessSettingsFormSchema,
  checkBusinessSettings,
  EMPTY_BUSINESS_SETTINGS,
  SETTINGS_FIELDS,
  SETTINGS_MESSAGES,
  toBusinessSettingsForm,
  toPublicSettings,
  NO_DELIVERY_CHANNELS,
} from './settings.ts';

const form = (overrides: Record<string, string> = {}) => ({ ...toBusinessSettingsForm(EMPTY_BUSINESS_SETTINGS), ...overrides });

describe('business settings rules', () => {
  it('holds no contact or escrow placeholder in the constants', () => {
    expect(Object.keys(constants)).not.toContain('CONTACT');
    expect(Object.keys(constants)).not.toContain('ESCROW_ACCOUNT');
  });

  it('takes empty fields as not set', () => {
    expect(checkBusinessSettings(form())).toEqual({ settings: EMPTY_BUSINESS_SETTINGS, errors: [] });
    expect(toPublicSettings(EMPTY_BUSINESS_SETTINGS, NO_DELIVERY_CHANNELS).escrow).toBeNull();
  });

  it('stores phone numbers in E.164 and trims the rest', () => {
    const { settings, errors } = checkBusinessSettings(
      form({ contactPhone: '0803 123 4567', contactWhatsapp: '+234 806 000 1111', contactEmail: ' team@example.ng ' }),
    );
    expect(errors).toEqual([]);
    expect(settings).toMatchObject({
      contactPhone: '+2348031234567',
      contactWhatsapp: '+2348060001111',
      contactEmail: 'team@example.ng',
    });
  });

  it('names each bad field with its reason', () => {
    const { errors } = checkBusinessSettings(
      form({
        escrowBankName: 'Bank of Nowhere',
        escrowAccountName: 'Acres Escrow',
        escrowAccountNumber: '12345',
        contactPhone: '12',
        contactEmail: 'not-an-email',
        officeHours: 'x'.repeat(201),
      }),
    );
    expect(errors).toEqual([
      { field: 'escrowBankName', message: SETTINGS_MESSAGES.escrowBankName },
      { field: 'escrowAccountNumber', message: SETTINGS_MESSAGES.escrowAccountNumber },
      { field: 'contactPhone', message: SETTINGS_MESSAGES.contactPhone },
      { field: 'contactEmail', message: SETTINGS_MESSAGES.contactEmail },
      { field: 'officeHours', message: SETTINGS_MESSAGES.officeHours },
    ]);
  });

  it('asks for the whole escrow account or none of it', () => {
    const result = BusinessSettingsFormSchema.safeParse(form({ escrowAccountNumber: '0123456789' }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['escrowBankName', SETTINGS_MESSAGES.escrowIncomplete],
      ['escrowAccountName', SETTINGS_MESSAGES.escrowIncomplete],
    ]);
  });

  it('shows the escrow account once all three are set', () => {
    const { settings } = checkBusinessSettings(
      form({ escrowBankName: 'Zenith Bank', escrowAccountName: 'Acres Escrow', escrowAccountNumber: '0123456789' }),
    );
    expect(toPublicSettings(settings, NO_DELIVERY_CHANNELS).escrow).toEqual({
      bankName: 'Zenith Bank',
      accountName: 'Acres Escrow',
      accountNumber: '0123456789',
    });
  });

  it('has a label-free form value for every field', () => {
    expect(Object.keys(form())).toEqual([...SETTINGS_FIELDS]);
  });
});
