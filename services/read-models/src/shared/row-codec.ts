// A read model whose row is its contract: one column per field of the contract's zod
// object, named in snake_case (intendedAcres → intended_acres), so neither the projector's
// row nor the query API's answer is a hand-written field list. A field added to the
// contract is a column added to the migration, and nothing else.

import type { z } from 'zod';
import type { SqlType } from './read-model.ts';

type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

/** The contract's fields under their column names, with the contract's types (timestamps as ISO text); an absent field is a null column. */
export type RowOf<T> = {
  [K in keyof T & string as SnakeCase<K>]-?: undefined extends T[K] ? Exclude<T[K], undefined> | null : T[K];
};

/** 'phoneE164' → 'phone_e164'. */
export const toColumnName = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

type Shape = Record<string, z.ZodType>;

/** A timestamp as the contract says it: pg reads a timestamptz back as a Date. */
export const toIsoText = (value: unknown) => (value instanceof Date ? value.toISOString() : (value as string));

/** The column type zod's own description of a field implies: only what a string or number cannot say (a uuid) needs naming. */
const sqlTypeOf = (field: z.ZodType): SqlType => {
  const def = field.def as { type: string; innerType?: z.ZodType };
  if (def.innerType) return sqlTypeOf(def.innerType);
  // A string's or a number's checks leave their format on the schema (z.uuid(), .int()).
  const format = (field as { format?: string | null }).format;
  switch (def.type) {
    case 'boolean':
      return 'boolean';
    case 'number':
      return format === 'safeint' || format === 'int32' ? 'integer' : 'numeric';
    case 'string':
      if (format === 'uuid') return 'uuid';
      if (format === 'datetime') return 'timestamptz';
      if (format === 'date') return 'date';
      return 'text';
    default:
      return 'text';
  }
};

export type RowCodec<T> = {
  /** Column → SQL type, one per field of the contract. */
  columns: { readonly [K in keyof RowOf<T>]: SqlType };
  /** The contract's fields of `value` (others are ignored) under their column names, an absent one as null. */
  toRow(value: T): RowOf<T>;
  /** The contract from a row as read back: a timestamptz column comes as a Date, the contract says ISO text. */
  fromRow(row: { readonly [K in keyof RowOf<T>]: unknown }): T;
};

/**
 * The codec of a contract object. `types` names the columns whose SQL type the schema
 * cannot tell (a uuid declared as a plain string, a bigint amount).
 */
export const createRowCodec = <S extends Shape>(
  schema: z.ZodObject<S>,
  types: Partial<Record<keyof S & string, SqlType>> = {},
): RowCodec<z.infer<z.ZodObject<S>>> => {
  type T = z.infer<z.ZodObject<S>>;
  const fields = Object.keys(schema.shape) as (keyof S & string)[];
  const names = fields.map((field) => [field, toColumnName(field)] as const);
  const columns = Object.fromEntries(
    fields.map((field) => [toColumnName(field), types[field] ?? sqlTypeOf(schema.shape[field] as z.ZodType)]),
  );
  return {
    columns: columns as RowCodec<T>['columns'],
    toRow: (value) => {
      const source = value as Record<string, unknown>;
      return Object.fromEntries(names.map(([field, column]) => [column, source[field] ?? null])) as RowOf<T>;
    },
    fromRow: (row) => {
      const source = row as Record<string, unknown>;
      return Object.fromEntries(
        names.map(([field, column]) => {
          const value = source[column];
          return [field, value instanceof Date ? toIsoText(value) : value];
        }),
      ) as T;
    },
  };
};
