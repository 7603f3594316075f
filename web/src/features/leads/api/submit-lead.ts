import { priceBandOf, type BusinessTerms } from '@acres/contracts/business-terms';
import { type CommandAccepted, type CreateLeadRequestInput, type LeadForm } from '@acres/contracts/lead';
import { toE164 } from '@acres/contracts/phone';
import { apiJson } from '@/lib/api-client';

export type SubmitLeadOptions = {
  values: LeadForm;
  referralCode?: string;
  /** The terms the form showed: the lead states their price band. */
  terms: BusinessTerms;
  /** Same key for retries of the same reservation, so it is never stored twice. */
  idempotencyKey: string;
};

/** POST /api/leads with the SPEC payload: form values + phoneE164 + priceBand. */
export function submitLead({ values, referralCode, idempotencyKey, terms }: SubmitLeadOptions): Promise<CommandAccepted> {
  const body: CreateLeadRequestInput = {
    ...values,
    phoneE164: toE164(values.phone),
    priceBand: priceBandOf(terms),
    ...(referralCode ? { referralCode } : {}),
  };
  return apiJson<CommandAccepted>('POST', '/api/leads', body, {
    headers: { 'idempotency-key': idempotencyKey },
  });
}
