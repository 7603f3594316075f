import type { ApplicationForm } from '@acres/contracts';
import { validApplication } from '@acres/fixtures';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  acceptableReferralCode,
  buildApplicationRequest,
  describeSubmissionFailure,
  isSubscriptionsKey,
} from './submit-application';

// The shared valid application, as the wizard's form holds it.
const values: ApplicationForm = validApplication();

describe('the application request', () => {
  it('is the form values when the visitor came without a referral code', () => {
    expect(buildApplicationRequest(values, undefined)).toEqual(values);
  });

  it('carries a referral code the server accepts', () => {
    expect(buildApplicationRequest(values, 'AB12CD')).toEqual({ ...values, referralCode: 'AB12CD' });
  });

  it('drops a stored code the contract would refuse, rather than failing the application', () => {
    expect(acceptableReferralCode('AB-12')).toBeUndefined();
    expect(acceptableReferralCode('ABCDEFGHIJK')).toBeUndefined();
    expect(acceptableReferralCode('')).toBeUndefined();
    expect(buildApplicationRequest(values, 'AB_12')).not.toHaveProperty('referralCode');
  });
});

describe('a failed submission', () => {
  it("shows a 409's detail", () => {
    const body = JSON.stringify({
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      detail: 'An application with this email already exists',
    });
    expect(describeSubmissionFailure(new ApiError(409, 'Conflict', body))).toBe('An application with this email already exists');
  });

  it("shows a 400's field errors", () => {
    const body = JSON.stringify({
      title: 'Bad Request',
      status: 400,
      detail: 'kinEmail: Valid next of kin email is required',
      errors: [{ field: 'kinEmail', message: 'Valid next of kin email is required' }],
    });
    expect(describeSubmissionFailure(new ApiError(400, 'Bad Request', body))).toBe(
      'kinEmail: Valid next of kin email is required',
    );
  });

  it("says 'Please try again' when the server could not be reached", () => {
    expect(describeSubmissionFailure(new TypeError('Failed to fetch'))).toBe('Please try again');
  });

  it('shows the status when the answer has no readable body', () => {
    expect(describeSubmissionFailure(new ApiError(502, 'Bad Gateway', '<html>oops</html>'))).toBe('502: Bad Gateway');
  });
});

describe('the subscriptions cache', () => {
  it('is every key of the admin subscriptions list, string or array', () => {
    expect(isSubscriptionsKey('/api/admin/subscriptions')).toBe(true);
    expect(isSubscriptionsKey('/api/admin/subscriptions?page=2')).toBe(true);
    expect(isSubscriptionsKey(['/api/admin/subscriptions', 'abc'])).toBe(true);
    expect(isSubscriptionsKey('/api/admin/leads')).toBe(false);
    expect(isSubscriptionsKey(['/api/payments'])).toBe(false);
    expect(isSubscriptionsKey(undefined)).toBe(false);
  });
});
