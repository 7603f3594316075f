import { DomainError, type FieldError } from '@acres/contracts/errors';

/** Refuses the command naming every failing field at once, so a form can show them all. */
export const throwIfInvalid = (errors: FieldError[]) => {
  if (errors.length === 0) return;
  throw new DomainError('validation_failed', errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
};
