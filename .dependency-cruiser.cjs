/**
 * Import rules of the repository (docs/architecture.md explains them). `npm run lint` runs this
 * with zero violations allowed; an exception names its reason here.
 */
const KIT = '^src/(ui|api|i18n|machines|session|routes|app|registry)/';
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes load order and ownership unclear.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-orphans',
      severity: 'error',
      comment: 'A module nothing imports is dead code (entry points, tests and configs excepted).',
      from: {
        orphan: true,
        pathNot: [
          '(^|/)[.][^/]+[.](?:js|cjs|mjs|ts|json)$',
          '[.]d[.]ts$',
          '[.](test|spec)[.]tsx?$',
          '^[^/]+[.](ts|mjs|cjs)$',
          '^scripts/',
          '^bench/',
          '^tests/',
          '^server/index[.]ts$',
          '^src/main[.]tsx$',
          '^src/routeTree[.]gen[.]ts$',
        ],
      },
      to: {},
    },
    {
      name: 'contract-imports-nothing-of-ours',
      severity: 'error',
      comment: 'contract/ holds shared data and pure rules: both sides import it, it imports neither.',
      from: { path: '^contract/' },
      to: { path: '^(src|server|tests|bench|scripts)/' },
    },
    {
      name: 'server-not-dashboard',
      severity: 'error',
      comment: 'The API shares rules with the dashboard only through contract/.',
      from: { path: '^server/' },
      to: { path: '^src/' },
    },
    {
      name: 'dashboard-not-server',
      severity: 'error',
      comment: 'The dashboard shares rules with the API only through contract/.',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'kit-not-features',
      severity: 'error',
      comment: 'The shared kit serves every feature and knows none of them.',
      from: { path: KIT, pathNot: '^src/registry/pages[.]ts$' },
      to: { path: '^src/features/' },
    },
    {
      name: 'page-registry-loads-lazily',
      severity: 'error',
      comment:
        'The page registry is the one kit module that names features, and only through import(): each page stays in its own chunk.',
      from: { path: '^src/registry/pages[.]ts$' },
      to: { path: '^src/features/', dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'features-not-each-other',
      severity: 'error',
      comment: 'What two features share lives in the kit or in contract/.',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'server-resources-apart',
      severity: 'error',
      comment:
        'A resource folder holds its own routes and handlers; what two resources share lives in server/domain, lib, http or db (decision 038).',
      from: { path: '^server/resources/([^/]+)/', pathNot: '^server/resources/inbox/' },
      to: { path: '^server/resources/', pathNot: '^server/resources/$1/' },
    },
    {
      name: 'inbox-reads-resources-through-their-index',
      severity: 'error',
      comment:
        'The approvals inbox gathers what the other resources wait for: it may read them, but only what their index.ts exports (decision 038).',
      from: { path: '^server/resources/inbox/' },
      to: { path: '^server/resources/', pathNot: ['^server/resources/inbox/', '^server/resources/[^/]+/index[.]ts$'] },
    },
    {
      name: 'shared-server-code-not-resources',
      severity: 'error',
      comment: 'server/domain and server/lib serve the resources and know none of them (decision 038).',
      from: { path: '^server/(domain|lib)/' },
      to: { path: '^server/resources/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|data|[.]tmp|test-results|playwright-report)/' },
    parser: 'swc',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
