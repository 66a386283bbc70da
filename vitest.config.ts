import { defineConfig } from 'vitest/config';
import SpreadSequencer from './test/support/spread-sequencer.ts';

/**
 * Files that replace a module (vi.mock) or time (fake timers), fill caches from cold, or swap the
 * secrets file under the signing keys already loaded get a module graph of their own. Every
 * other file shares its worker's loaded modules with the files before it, which saves each file
 * the second or so of loading the handlers afresh (docs/decisions.md, "Test suite");
 * test/support/worker-env.ts undoes what a file set in process.env.
 */
const ownModules = [
  'test/shared/secrets.test.ts',
  'test/http/auth/key-rotation.test.ts',
  'test/http/text/poison-text.test.ts',
  'test/db/imports/imports-stop-faults.test.ts',
  'test/shared/warm-cache.test.ts',
  'test/db/requests/warm-caches-elsewhere.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/worker-env.ts'],
    // A hang's limit, not a speed target (those are benchmarks): three files share two cores, so a long property run takes longer than with two.
    testTimeout: 60_000,
    // Three files at a time on two cores: a file waits on DynamoDB Local and HTTP much of its time (docs/decisions.md, "Test suite").
    maxWorkers: 3,
    // The files that start a stack of their own spread among the rest, not side by side (test/support/spread-sequencer.ts).
    sequence: { sequencer: SpreadSequencer },
    hookTimeout: 60_000,
    reporters: ['default', './test/support/totals-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: ownModules, isolate: false } },
      { extends: true, test: { name: 'own', include: ownModules } },
    ],
  },
});
