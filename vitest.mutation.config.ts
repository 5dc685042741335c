/**
 * The unit project alone, for mutation testing (`npm run mutation`): the machines' own tests and
 * their generated paths in jsdom. The API project (a database per file) tests no machine.
 * MUTATION_TESTS (comma-separated files or globs) narrows the run to one machine's own tests: on a
 * shared 2-core machine the whole unit project per mutant does not finish in reasonable time.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const everyUnitTest = ['src/**/*.test.{ts,tsx}', 'contract/**/*.test.ts', 'tests/unit/**/*.test.{ts,tsx}'];
const include = process.env.MUTATION_TESTS ? process.env.MUTATION_TESTS.split(',') : everyUnitTest;

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include,
    setupFiles: ['tests/setup/jsdom.ts'],
    css: false,
    isolate: false,
  },
});
