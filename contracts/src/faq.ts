// The FAQ by the business terms in force: its first answer states the minimum allocation, the
// price and the project (SPEC 9's figures until the owner sets others).

import type { BusinessTerms } from './business-terms.ts';
import { FAQ_ITEMS, type FaqItem } from './content.ts';
import { formatMillions } from './money.ts';

export const faqItemsOf = (terms: BusinessTerms): readonly FaqItem[] => {
  const acres = (n: number) => `${n} ${n === 1 ? 'acre' : 'acres'}`;
  const first: FaqItem = {
    question: FAQ_ITEMS[0]!.question,
    answer:
      `The minimum allocation is ${acres(terms.minimumAcres)}, which requires ${formatMillions(terms.minimumAcres * terms.pricePerAcre)} ` +
      `at wholesale pricing (${formatMillions(terms.pricePerAcre)} per acre). You can take up to the full ${acres(terms.projectAcres)}, ` +
      `subject to availability across the ${terms.partnerCap} partner slots.`,
  };
  return [first, ...FAQ_ITEMS.slice(1)];
};
