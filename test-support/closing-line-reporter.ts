// Prints one plain closing line, "tests: N passed, N failed, N skipped", that CI reads whatever the
// runner's own summary looks like. It must tell the truth: a file that failed to load, or a hook that
// threw (a beforeAll that could not start its server leaves its tests "skipped"), counts as a failure,
// and a whole project left out (no PostgreSQL or Chromium outside CI) counts as skipped, with its reason.
import type { Reporter, TestModule } from 'vitest/node';

/** A project the configuration left out, and why. */
export type LeftOut = { project: string; reason: string };

type Counts = { passed: number; failed: number; skipped: number };

export function countResults(
  testModules: ReadonlyArray<Pick<TestModule, 'state' | 'errors' | 'children'>>,
  unhandledErrors: ReadonlyArray<unknown>,
  leftOut: ReadonlyArray<LeftOut>,
): Counts {
  const counts: Counts = { passed: 0, failed: unhandledErrors.length, skipped: leftOut.length };
  for (const module of testModules) {
    // Errors outside any test: the file's own (it did not load, or a top-level hook threw) and each
    // suite's (a describe-level hook threw).
    let outside = module.errors().length;
    for (const suite of module.children.allSuites()) outside += suite.errors().length;
    let failedTests = 0;
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed') counts.passed += 1;
      else if (state === 'failed') failedTests += 1;
      else counts.skipped += 1;
    }
    // A file marked failed with nothing to show for it still failed.
    if (module.state() === 'failed' && outside === 0 && failedTests === 0) outside = 1;
    counts.failed += failedTests + outside;
  }
  return counts;
}

export class ClosingLineReporter implements Reporter {
  constructor(private readonly leftOut: ReadonlyArray<LeftOut> = []) {}

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const { passed, failed, skipped } = countResults(testModules, unhandledErrors, this.leftOut);
    for (const { project, reason } of this.leftOut)
      process.stdout.write(`\n[tests] project ${project} skipped: ${reason}`);
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
