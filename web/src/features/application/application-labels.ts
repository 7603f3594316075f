import type { Gender, MaritalStatus, ModeOfPayment, PaymentOption } from '@acres/contracts';

export const GENDER_LABELS: Readonly<Record<Gender, string>> = { male: 'Male', female: 'Female' };

export const MARITAL_STATUS_LABELS: Readonly<Record<MaritalStatus, string>> = {
  single: 'Single',
  married: 'Married',
  divorced: 'Divorced',
  widowed: 'Widowed',
};

export const PAYMENT_OPTION_LABELS: Readonly<Record<PaymentOption, string>> = {
  outright: 'Outright payment',
  installments: 'Installments',
};

export const MODE_OF_PAYMENT_LABELS: Readonly<Record<ModeOfPayment, string>> = {
  bank_transfer: 'Bank transfer',
  cheque: 'Cheque',
  others: 'Others',
};

/** Select options in the order the contracts list them. */
export function toOptions<K extends string>(labels: Readonly<Record<K, string>>): { value: K; label: string }[] {
  return (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));
}

/** The label of a stored option, or '—' when nothing is chosen yet. */
export function labelOf<K extends string>(labels: Readonly<Record<K, string>>, value: unknown): string {
  return typeof value === 'string' && value in labels ? labels[value as K] : '—';
}
