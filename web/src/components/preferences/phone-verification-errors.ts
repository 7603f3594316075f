import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { applyServerErrors } from '@/components/form/schema-form';
import { ApiError } from '@/lib/api-client';
import { describeFailure, problemFromError } from '@/lib/problem';

/** Whether the server said this request is over (expired, superseded, too many wrong codes): ask again. */
export const isGone = (error: unknown) => error instanceof ApiError && error.status === 410;

/** The server's words under the field it named (400, 409, 429 name one), else above the button. */
export function showPhoneError<TIn extends FieldValues, TOut>(form: UseFormReturn<TIn, unknown, TOut>, error: unknown) {
  if (applyServerErrors(form, error) > 0) return;
  form.setError('root.server', { type: 'server', message: problemFromError(error)?.detail || describeFailure(error) });
}
