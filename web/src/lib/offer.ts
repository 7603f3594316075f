import {
  FAQ_MINIMUM_ACRES,
  PARTNER_SLOTS,
  PROJECT_ACRES,
  RETAIL_PRICE_PER_ACRE,
  SAVINGS_PER_ACRE,
  WHOLESALE_PRICE_PER_ACRE,
} from '@acres/contracts/constants';
import { formatMillions } from '@acres/contracts/money';

/** The offer's figures as the site words them: prices per acre in millions, the project's size, slots and minimum. */
export const OFFER = {
  wholesale: formatMillions(WHOLESALE_PRICE_PER_ACRE),
  retail: formatMillions(RETAIL_PRICE_PER_ACRE),
  savings: formatMillions(SAVINGS_PER_ACRE),
  projectAcres: PROJECT_ACRES,
  partnerSlots: PARTNER_SLOTS,
  minimumAcres: FAQ_MINIMUM_ACRES,
  /** What the minimum allocation costs at the wholesale price. */
  minimum: formatMillions(FAQ_MINIMUM_ACRES * WHOLESALE_PRICE_PER_ACRE),
  /** The saving against retail as advertised: a round floor ("50%+"), not the exact 53.3%. */
  discountPercent: Math.floor((SAVINGS_PER_ACRE / RETAIL_PRICE_PER_ACRE) * 10) * 10,
  /** The wholesale price as a share of the retail one, in percent: how far its bar reaches. */
  wholesaleSharePercent: (WHOLESALE_PRICE_PER_ACRE / RETAIL_PRICE_PER_ACRE) * 100,
} as const;
