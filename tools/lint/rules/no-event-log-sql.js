// The event log is read only through the event-store port (DESIGN section 11): SQL naming the
// `events` table anywhere but in services/eventstore fails the lint. Strings and template
// literals are checked, whatever their case or quoting.

/** FROM / JOIN / UPDATE / INTO / DELETE FROM / TRUNCATE / COPY, then the table, bare, quoted or schema-qualified. */
export const EVENTS_TABLE_SQL =
  /\b(?:from|join|update|into|truncate|copy)\s+(?:only\s+)?(?:(?:"?public"?)\s*\.\s*)?(?:"events"|events)(?![\w"-])/i;

const textOf = (node) => {
  if (node.type === 'Literal') return typeof node.value === 'string' ? node.value : null;
  // An interpolation stands where a table name or a value may be; it never reads as one here.
  return node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join(' ? ');
};

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'SQL on the events table outside services/eventstore' },
    messages: {
      eventsSql:
        'SQL on the `events` table outside services/eventstore: read the log through the event-store port (readStream, readAll with a range and filter, countEvents, readHeadPosition).',
    },
    schema: [],
  },
  create: (context) => {
    const check = (node) => {
      const text = textOf(node);
      if (text && EVENTS_TABLE_SQL.test(text)) context.report({ node, messageId: 'eventsSql' });
    };
    return {
      Literal: check,
      TemplateLiteral: check,
    };
  },
};

export const eventLogPlugin = { rules: { 'no-event-log-sql': rule } };

/**
 * Files that work on the PostgreSQL store's table itself, on purpose; every other reader
 * outside services/eventstore goes through the port.
 */
export const EVENTS_TABLE_EXCEPTIONS = [
  // Benchmarks of the table: seeding rows in bulk, COPY rates, the append statement before the chain.
  'bench/chain.ts',
  'bench/copy-rate.ts',
  'bench/seed-mixed.ts',
  // Tamper with stored rows to prove the chain audit catches it.
  'services/projector/src/audit/audit-cli.int.spec.ts',
  'services/query-api/src/audit/integrity.int.spec.ts',
  'tests/browser/log-integrity.browser.spec.ts',
  // The rewrite that seals an old log: the stored rows' text and hashes before and after.
  'services/projector/src/audit/seal-log.int.spec.ts',
  // What survived a crash of the embedded server, read from its data directory straight after.
  'tests/durability/durability.int.spec.ts',
  // This rule's own spec: samples of what it finds.
  'tools/lint/rules/no-event-log-sql.unit.spec.ts',
];
