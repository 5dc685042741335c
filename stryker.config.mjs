// Mutation testing of the state machines (`npm run mutation`, not part of `npm test`): each
// mutant changes a guard, a target, an action or a condition of a machine file, and the unit
// tests and jsdom paths must fail for it. The report is written to reports/mutation/.
// One machine at a time: MUTATE=<file> MUTATION_TESTS=<its tests, comma-separated> npm run mutation
// -- --concurrency 1 (vitest.mutation.config.ts reads MUTATION_TESTS).
const machines = process.env.MUTATE
  ? process.env.MUTATE.split(',')
  : ['src/**/*machine.ts', 'src/machines/*.ts', 'src/ui/list/checker-queue.ts'];

export default {
  testRunner: 'vitest',
  // Only the tests that import a mutated file run (vitest's related mode).
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  dryRunTimeoutMinutes: 30,
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [...machines, '!src/**/*.test.ts', '!src/machines/not-provided.ts'],
  coverageAnalysis: 'perTest',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  concurrency: 2,
  tempDirName: '.stryker-tmp',
  // Stryker rewrites tsconfig references through the TypeScript JS API, which TypeScript 7 does not
  // ship; our tsconfig has no references or extends to rewrite, so it is not given.
  tsconfigFile: 'no-tsconfig-to-rewrite.json',
  // A machine's config (its targets, guard references, `on` keys) is built once, when the module
  // loads: those mutants are "static", and each would need every test file run again. They are
  // left out unless MUTATION_STATIC=1; the guards' and actions' bodies run inside the tests.
  ignoreStatic: process.env.MUTATION_STATIC !== '1',
  timeoutMS: 30_000,
  thresholds: { high: 80, low: 60, break: null },
};
