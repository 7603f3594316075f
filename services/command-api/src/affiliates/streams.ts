/** One stream per user: "one profile per user" is decided there (DESIGN 4). */
export const affiliateStreamId = (userId: string) => `affiliate-${userId}`;

/** One stream per code: "referral codes are unique" is decided there. The code is upper-case. */
export const referralCodeStreamId = (code: string) => `referral-code-${code}`;

/** The sale's own stream: which affiliate stream holds the sale, for the admin who knows only its id. */
export const saleStreamId = (saleId: string) => `sale-${saleId}`;
