import { EMAIL_TAKEN_MESSAGE, SIGN_IN_FAILED_MESSAGE } from '@acres/contracts';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { applyServerErrors } from '@/components/form/schema-form';
import { ApiError } from '@/lib/api-client';
import { describeFailure, problemFromError } from '@/lib/problem';

/**
 * Puts a failed sign-in or sign-up where the person looks: a taken email under the
 * email field, field problems under their fields, everything else (wrong password,
 * too many attempts, a network failure) above the submit button.
 */
export function showAuthError<TIn extends FieldValues & { email: unknown }, TOut>(
  form: UseFormReturn<TIn, unknown, TOut>,
  error: unknown,
): void {
  const status = error instanceof ApiError ? error.status : null;
  if (status === 409) {
    const message = problemFromError(error)?.detail || EMAIL_TAKEN_MESSAGE;
    form.setError('email' as Path<TIn>, { type: 'server', message }, { shouldFocus: true });
    return;
  }
  if (status === 401) {
    form.setError('root.server', { type: 'server', message: problemFromError(error)?.detail || SIGN_IN_FAILED_MESSAGE });
    return;
  }
  if (status === 400 && applyServerErrors(form, error) > 0) return;
  form.setError('root.server', { type: 'server', message: describeFailure(error) });
}
