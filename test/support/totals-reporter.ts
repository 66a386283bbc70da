import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with one line `N passed, N failed` (CI reads it). A file that failed without a
 * failed test of its own (it did not load, or a hook before its tests threw) counts as one failure.
 */
export default class TotalsReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    for (const module of modules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedHere++;
      }
      failed += module.state() === 'failed' ? Math.max(failedHere, 1) : failedHere;
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  }
}
