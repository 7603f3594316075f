import type { AffiliateRegisterRequest, AffiliateRegistration } from '@acres/contracts/affiliate';

/**
 * SPEC 7: POST /api/affiliate/register sends the form's values without agree_terms
 * (the form enforces it) and without company_name when it was left empty.
 */
export function buildRegisterRequest(values: AffiliateRegistration): AffiliateRegisterRequest {
  const { agree_terms: _agreed, company_name, ...rest } = values;
  const company = company_name?.trim();
  return company ? { ...rest, company_name: company } : rest;
}
