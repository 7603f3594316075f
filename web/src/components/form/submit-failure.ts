import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { toast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/problem';
import { applyServerErrors } from './schema-form';

/** A submission the server refused: the fields it named show their errors, and a toast says what failed. */
export function reportSubmitFailure<TIn extends FieldValues, TOut>(
  form: UseFormReturn<TIn, unknown, TOut>,
  error: unknown,
  title: string,
  fallback: string,
) {
  applyServerErrors(form, error);
  toast({ variant: 'destructive', title, description: describeError(error) || fallback });
}
