import { useMemo } from 'react';
import { DEFAULT_BUSINESS_TERMS } from '@acres/contracts/business-terms';
import { useBusinessSettings } from './business-settings';
import { offerOf, type Offer } from './offer';

/**
 * The offer by the business terms in force (the owner's Settings). SPEC's figures while they
 * load, so the prerendered HTML and the first client render agree; the owner's arrive on hydration.
 */
export function useOffer(): Offer {
  const terms = useBusinessSettings().data?.terms;
  return useMemo(() => offerOf(terms ?? DEFAULT_BUSINESS_TERMS), [terms]);
}
