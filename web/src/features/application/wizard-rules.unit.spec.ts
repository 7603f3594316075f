import {
  APPLICATION_FORM_DEFAULTS,
  APPLICATION_STEP_FIELDS,
  ApplicationFormSchema,
  computeSubscriptionValue,
} from '@acres/contracts';
import { describe, expect, it } from 'vitest';
import {
  firstStepWithError,
  isStepFilled,
  isValueFilled,
  nextStep,
  previousStep,
  STEP_FORM_FIELDS,
  stepOfField,
} from './wizard-rules';

const filled = {
  ...APPLICATION_FORM_DEFAULTS,
  surname: 'Okafor',
  firstName: 'Adaeze',
  dateOfBirth: '1985-04-12',
  gender: 'female',
  nationality: 'Nigerian',
  maritalStatus: 'married',
  residentialAddress: '4 Bourdillon Road, Ikoyi',
  email: 'adaeze@example.ng',
  phoneNumber: '08031234567',
  city: 'Lagos',
  occupation: 'Engineer',
  kinName: 'Chidi Okafor',
  kinRelationship: 'Spouse',
  kinAddress: '4 Bourdillon Road, Ikoyi',
  kinPhone: '08059876543',
  kinEmail: 'chidi@example.ng',
  acresSubscribed: 20,
  subscriptionValue: computeSubscriptionValue(20),
  paymentOption: 'installments',
  modeOfPayment: 'bank_transfer',
  acknowledgment: true,
} as const;

const ENUM_FIELDS = new Set(['gender', 'maritalStatus', 'paymentOption', 'modeOfPayment']);

/** The unfilled form of a field's value: blank text, zero, unticked, unchosen. */
function blankOf(field: keyof typeof filled): unknown {
  const value = filled[field];
  if (typeof value === 'number') return 0;
  if (typeof value === 'boolean') return false;
  return ENUM_FIELDS.has(field) ? undefined : '   ';
}

describe('a fresh application form', () => {
  it('cannot leave steps 1 to 4, and step 5 is always allowed', () => {
    expect([1, 2, 3, 4].map((step) => isStepFilled(step as 1 | 2 | 3 | 4, APPLICATION_FORM_DEFAULTS))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(isStepFilled(5, APPLICATION_FORM_DEFAULTS)).toBe(true);
  });
});

describe('a completely filled application form', () => {
  it('can leave every step', () => {
    expect(([1, 2, 3, 4, 5] as const).every((step) => isStepFilled(step, filled))).toBe(true);
  });

  it('is valid for the contracts schema', () => {
    expect(ApplicationFormSchema.safeParse(filled).success).toBe(true);
  });

  it.each(
    Object.entries(APPLICATION_STEP_FIELDS).flatMap(([step, fields]) => fields.map((field) => [Number(step), field] as const)),
  )('cannot leave step %i while %s is empty', (step, field) => {
    expect(isStepFilled(step as 1 | 2 | 3 | 4, { ...filled, [field]: blankOf(field) })).toBe(false);
  });
});

describe('a value', () => {
  it('is filled when it is non-blank text, a chosen option, a positive number or a ticked box', () => {
    expect([' x ', 'male', 1, 0.5, true].map(isValueFilled)).toEqual([true, true, true, true, true]);
    expect(['', '  ', 0, -3, Number.NaN, false, undefined, null].map(isValueFilled)).toEqual(Array(8).fill(false));
  });
});

describe('the steps', () => {
  it('show every form field exactly once', () => {
    const shown = Object.values(STEP_FORM_FIELDS).flat().sort();
    expect(shown).toEqual(Object.keys(APPLICATION_FORM_DEFAULTS).sort());
    expect(new Set(shown).size).toBe(shown.length);
  });

  it('map a field back to the step that shows it', () => {
    expect(stepOfField('email')).toBe(1);
    expect(stepOfField('workAddress')).toBe(1);
    expect(stepOfField('kinEmail')).toBe(2);
    expect(stepOfField('subscriptionValue')).toBe(3);
    expect(stepOfField('acknowledgment')).toBe(4);
    expect(stepOfField('realtorEmail')).toBe(5);
    expect(stepOfField('referralCode')).toBeUndefined();
  });

  it('jump to the earliest step that has an error, ignoring unknown fields', () => {
    expect(firstStepWithError(['realtorEmail', 'kinPhone', 'acknowledgment'])).toBe(2);
    expect(firstStepWithError(['referralCode'])).toBeUndefined();
    expect(firstStepWithError([])).toBeUndefined();
  });

  it('run from 1 to 5 and no further', () => {
    expect([nextStep(1), nextStep(4), nextStep(5)]).toEqual([2, 5, 5]);
    expect([previousStep(5), previousStep(2), previousStep(1)]).toEqual([4, 1, 1]);
  });
});
