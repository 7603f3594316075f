// Slices (services/<service>/src/<slice>/, one per aggregate or concern) never depend on each
// other in a cycle: one of them owns what both need. Production code only: a spec may set up
// a sibling slice's state, and the harnesses in test/ reach across on purpose.
const base = require('./.dependency-cruiser.cjs');

module.exports = {
  forbidden: [
    {
      name: 'no-slice-cycle',
      severity: 'error',
      comment: 'Slices never depend on each other in a cycle: move what both need into the slice that owns it.',
      scope: 'folder',
      from: { path: '^services/[^/]+/src/[^/]+$' },
      to: { path: '^services/[^/]+/src/[^/]+$', circular: true },
    },
  ],
  options: {
    ...base.options,
    exclude: { path: '(^|/)(node_modules|dist|\\.data|test-results|coverage|test)/|\\.spec\\.tsx?$' },
  },
};
