/**
 * Application numbers people can read out on the phone: 'ACR-2026-7K3M9QXD'.
 *
 * The 8 characters are the first 40 bits of the application id (a random v4 or a
 * SHA-1-derived v5 uuid, so uniformly distributed) in Crockford base32, which has no
 * I, L, O or U to misread. They are not checked for uniqueness here: the query side
 * has a UNIQUE index on application_number, and within one year the chance that any
 * two of n applications share a number is about n² / 2^41 — 5e-7 for 1,000
 * applications, 5e-5 for 10,000. A product with ten partner slots stays far below that.
 */

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

export const APPLICATION_NUMBER_PATTERN = /^ACR-\d{4}-[0-9A-HJKMNP-TV-Z]{8}$/;

const encodeCrockford40 = (value: bigint) => {
  let out = '';
  for (let shift = 35n; shift >= 0n; shift -= 5n) out += CROCKFORD[Number((value >> shift) & 31n)];
  return out;
};

/** The year in Lagos (UTC+1 all year), so an application sent on 1 January at 00:30 is numbered for the new year. */
const lagosYear = (at: Date) => new Date(at.getTime() + LAGOS_OFFSET_MS).getUTCFullYear();

export const formatApplicationNumber = (options: { applicationId: string; submittedAt: Date }) => {
  const hex = options.applicationId.replaceAll('-', '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new TypeError(`Application id must be a uuid, got '${options.applicationId}'`);
  const first40Bits = BigInt(`0x${hex.slice(0, 10)}`);
  return `ACR-${lagosYear(options.submittedAt)}-${encodeCrockford40(first40Bits)}`;
};
