// The module boundaries, checked by dependency-cruiser over every file of the repository: the
// workspaces with their specs and test folders, tests/, bench/ and tools/ (`npm run lint`, and
// so `npm test` and `npm run check`). Type-only imports count (tsPreCompilationDeps): a cycle
// closed by `import type` still ties two modules together. The slices' rule runs over production
// code alone (.dependency-cruiser.slices.cjs). Which @acres packages a workspace declares and
// exports is checked in tests/architecture/workspaces.unit.spec.ts.

/** A workspace's folder, as a capture group. */
const WORKSPACE = '(contracts|web|tests/fixtures|services/[^/]+)';

/** Relative imports (not through a package name, nor web's `@/` alias). */
const RELATIVE = { dependencyTypes: ['local'], dependencyTypesNot: ['aliased'] };

const rules = [
  {
    name: 'no-cycle',
    severity: 'error',
    comment: 'Modules never import each other in a cycle, type-only imports included: move what both need to where it belongs.',
    from: {},
    to: { circular: true },
  },
  {
    name: 'no-relative-import-of-another-workspace',
    severity: 'error',
    comment: 'Another workspace is imported through its package name and its declared exports, never by a path into its folder.',
    from: { path: `^${WORKSPACE}/` },
    to: { path: `^${WORKSPACE}/`, pathNot: '^$1/', ...RELATIVE },
  },
  {
    name: 'no-relative-import-of-a-workspace',
    severity: 'error',
    comment: 'tests/, bench/ and tools/ import a workspace through its package name and its declared exports.',
    from: { pathNot: `^${WORKSPACE}/` },
    to: { path: `^${WORKSPACE}/`, ...RELATIVE },
  },
  {
    name: 'query-specs-take-the-projector-from-their-harness',
    severity: 'error',
    comment:
      "The query API's specs reach the projector through services/query-api/test/projector.ts alone, so moving a projection changes one module.",
    from: { path: '^services/query-api/src/' },
    to: { path: '^services/projector/' },
  },
  {
    name: 'no-unresolvable-import',
    severity: 'error',
    comment: "An import resolves: a package's subpath is one its package.json exports.",
    from: {},
    to: { couldNotResolve: true },
  },
];

module.exports = {
  forbidden: rules,
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Reads the workspaces' package.json files, so an @acres import is known as a workspace's.
    combinedDependencies: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.data|test-results|coverage)/' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
      mainFields: ['module', 'main', 'types'],
    },
    skipAnalysisNotInRules: true,
  },
};
