import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'contract/**/*.test.ts', 'tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/jsdom.ts'],
          css: false,
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
