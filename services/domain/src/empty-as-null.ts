/** An optional text a form left empty is null in the event, never '' or absent. */
export const emptyToNull = (value: string | null | undefined) => (value ? value : null);

/** The command's fields as its event carries them: the named optional texts empty → null, the rest unchanged. */
export const withEmptyAsNull = <T extends object, K extends keyof T>(
  values: T,
  keys: readonly K[],
): Omit<T, K> & { [P in K]: string | null } => {
  const result = { ...values } as Record<PropertyKey, unknown>;
  for (const key of keys) result[key] = emptyToNull(values[key] as string | null | undefined);
  return result as Omit<T, K> & { [P in K]: string | null };
};
