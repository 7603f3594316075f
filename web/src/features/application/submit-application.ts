import { type ApplicationAccepted, type ApplicationForm, ReferralCodeSchema } from '@acres/contracts';
import { ApiError, apiJson } from '@/lib/api-client';
import { describeError } from '@/lib/problem';
import { getReferralCode } from '@/lib/referral';

export const SUBSCRIPTIONS_URL = '/api/subscriptions';

export const APPLICATION_TOASTS = {
  /** The description depends on the channels that deliver (lib/delivery-copy). */
  successTitle: 'Application Submitted!',
  failureTitle: 'Submission Failed',
  failureFallback: 'Please try again',
} as const;

/**
 * The stored ?ref= code, when the server would accept it. lib/referral keeps codes
 * with '-' and '_' too, which the contract refuses; sending one would fail the whole
 * application on a field the visitor cannot see or fix.
 */
export function acceptableReferralCode(code: string | undefined): string | undefined {
  if (!code) return undefined;
  const parsed = ReferralCodeSchema.safeParse(code);
  return parsed.success && parsed.data !== '' ? parsed.data : undefined;
}

/** POST /api/subscriptions body: the form values, plus the referral code when there is one. */
export type ApplicationRequestBody = ApplicationForm & { referralCode?: string };

export function buildApplicationRequest(values: ApplicationForm, referralCode: string | undefined): ApplicationRequestBody {
  const code = acceptableReferralCode(referralCode);
  return code ? { ...values, referralCode: code } : { ...values };
}

export async function submitApplication(values: ApplicationForm): Promise<ApplicationAccepted> {
  return apiJson<ApplicationAccepted>('POST', SUBSCRIPTIONS_URL, buildApplicationRequest(values, getReferralCode()));
}

/** SWR keys of subscription lists (the admin list and any query of it) to refresh after a submit. */
export function isSubscriptionsKey(key: unknown): boolean {
  const head: unknown = Array.isArray(key) ? key[0] : key;
  return typeof head === 'string' && (head.startsWith('/api/admin/subscriptions') || head.startsWith(SUBSCRIPTIONS_URL));
}

/**
 * The failure toast's text (SPEC 8): the server's own explanation (a 409's detail, a
 * 400's field list, a 5xx's apology), or 'Please try again' when there is none (the
 * network is down, the answer is unreadable).
 */
export function describeSubmissionFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return APPLICATION_TOASTS.failureFallback;
  return describeError(error) || APPLICATION_TOASTS.failureFallback;
}
