/**
 * The unit project alone, for mutation testing (`npm run mutation`): the machines' own tests and
 * their generated paths in jsdom. The API project (a database per file) tests no machine.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'contract/**/*.test.ts', 'tests/unit/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/setup/jsdom.ts'],
    css: false,
    isolate: false,
  },
});
