import { isSafeReturnTo } from '@acres/contracts';

/** ?returnTo= as a same-origin path; anything else ('//evil.com', 'https://…', 'javascript:…') becomes '/'. */
export const toSafeReturnTo = (value: unknown): string => {
  const single = Array.isArray(value) ? undefined : value;
  return isSafeReturnTo(single) ? single : '/';
};
