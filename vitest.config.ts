import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default leaves a core free (one worker on a 2-core machine); the path tests and
    // the API tests wait on the page and the database often enough that a worker per core fits.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'contract/**/*.test.ts', 'tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/jsdom.ts'],
          css: false,
          // One jsdom and one module graph per worker, not per file: React, the router, the app
          // and the machine graphs load once. Nothing in src/ starts at import time, and the
          // setup file cleans the DOM and storage after every test.
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          // Several servers need one database they all reach: PostgreSQL only (DATABASE_URL, as in CI).
          exclude: [...configDefaults.exclude, ...(process.env.DATABASE_URL ? [] : ['server/test/replicas/**'])],
          globalSetup: ['server/test/global-setup.ts'],
          // PGlite is single-connection WASM; files run in parallel workers, each with its own clone.
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
