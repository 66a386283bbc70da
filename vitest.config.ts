import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/worker-env.ts'],
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    // Two files at a time on two cores: a file waits on DynamoDB Local and HTTP much of its time (docs/decisions.md, "Test suite").
    maxWorkers: 2,
    hookTimeout: 60_000,
    reporters: ['default', './test/support/totals-reporter.ts'],
  },
});
