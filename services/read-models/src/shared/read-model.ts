// What the projector (the writer) and the query API (the reader) share about one read
// model. Each slice's file defines its read models in the same shape:
//
//   export const LEADS = defineReadModel('leads', 'leads', '1700000000002_read-models.sql');
//   export type LeadRow = { …every column as read back… };
//   export const LEAD_COLUMNS = { …column: SQL type… } as const satisfies SqlTypes<LeadRow>;
//   export const toLead = (row: LeadView): Lead => …;   // the one row → contract mapper
//
// The projector writes rows of that type (RowToWrite<LeadRow>) into `table` and keeps
// its checkpoint under `name`; the query API selects those columns (selectList), maps
// them with the mapper and waits on `name` for read-your-writes.

export type ReadModel = {
  /**
   * The checkpoint name: the projector keeps the position and the ownership lock of the
   * projection under it, and a read waits on it when the client sends x-min-position.
   */
  readonly name: string;
  /** The live table the projection owns; a rebuild fills a versioned copy and swaps it in under this name. */
  readonly table: string;
  /** The migration (infra/migrations) whose DDL creates `table`: the schema the columns below mirror. */
  readonly migration: string;
};

/** A read model's definition (its checkpoint name, live table and the migration creating it), with the literal names. */
export const defineReadModel = <const N extends string, const T extends string>(name: N, table: T, migration: string) =>
  ({ name, table, migration }) as const satisfies ReadModel;

/** The PostgreSQL types of read-model columns (the projector casts each column's array to it). */
export type SqlType = 'uuid' | 'text' | 'integer' | 'bigint' | 'numeric' | 'boolean' | 'date' | 'timestamptz';

/** Column → SQL type for every column of Row, no more and no fewer. */
export type SqlTypes<Row> = { readonly [K in keyof Row]-?: SqlType };

/**
 * A global position in a bigint column. It travels as decimal text: positions are 64-bit,
 * and the platform's int8 parser refuses numbers past 2^53 (select it as `col::text`).
 */
export type Position = string;

/** A row as the projector hands it to PostgreSQL: timestamps as ISO text (read back they are Dates). */
export type RowToWrite<Row> = {
  [K in keyof Row]: Row[K] extends Date ? string : Row[K] extends Date | null ? string | null : Row[K];
};

/** The columns less the named ones (those a later event fills, say, when the projector inserts a row). */
export const omitColumns = <C extends Record<string, SqlType>, K extends keyof C & string>(columns: C, names: readonly K[]) =>
  Object.fromEntries(Object.entries(columns).filter(([name]) => !(names as readonly string[]).includes(name))) as Omit<C, K>;

/**
 * The SELECT list of `columns`: all of them less `omit`, or `only` those (in that order).
 * A date comes as 'YYYY-MM-DD' text, because pg would turn it into a local-midnight Date
 * and shift the day; every other column as it is. `alias` qualifies each column (`s.id`).
 */
export const selectList = <C extends Record<string, SqlType>>(
  columns: C,
  options: { omit?: readonly (keyof C & string)[]; only?: readonly (keyof C & string)[]; alias?: string } = {},
) => {
  const prefix = options.alias ? `${options.alias}.` : '';
  const names = options.only ?? Object.keys(columns).filter((name) => !options.omit?.includes(name));
  return names
    .map((name) => (columns[name] === 'date' ? `to_char(${prefix}${name}, 'YYYY-MM-DD') AS ${name}` : `${prefix}${name}`))
    .join(', ');
};
