import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that start a whole stack of their own (`npm start`: a DynamoDB Local, the service and its
 * workers), drive the shared DynamoDB Local hardest, or a browser. Two of them side by side on
 * two cores slow each other far more than beside the many short files.
 */
export const HEAVY = [
  'test/infra/readme-blocks.test.ts',
  'test/infra/schedule-crash-recovery.test.ts',
  'test/infra/crash-recovery.test.ts',
  'test/infra/local-start.test.ts',
  'test/infra/attachment-arrival-recovery.test.ts',
  'test/http/financial-years/wide-closing.test.ts',
  'test/e2e/docs.test.ts',
  'test/e2e/home.test.ts',
];
/**
 * Other files between two heavy ones: about the time of one heavy file on the other workers
 * (the others take 3 s on average, a heavy one 20 to 60), so the heavy files run one after
 * another early in the run, beside short files, and none is left to run alone at its end.
 */
const HEAVY_SPACING = 12;

/** `sorted` with its heavy items in their order, each `spacing` of the others after the one before (the first first). */
export function spreadOut<T>(sorted: readonly T[], isHeavy: (item: T) => boolean, spacing: number): T[] {
  const heavy = sorted.filter(isHeavy);
  const spread: T[] = [];
  sorted
    .filter((item) => !isHeavy(item))
    .forEach((item, i) => {
      if (i % spacing === 0 && heavy.length > 0) spread.push(heavy.shift()!);
      spread.push(item);
    });
  return [...spread, ...heavy];
}

const isHeavy = (spec: TestSpecification) => HEAVY.some((path) => spec.moduleId.endsWith(path));

/**
 * vitest's order (longest first by the last run's times, else largest first), with the heavy
 * files spread among the others rather than side by side at the start (docs/decisions.md,
 * "Test suite").
 */
export default class SpreadSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return spreadOut(await super.sort(files), isHeavy, HEAVY_SPACING);
  }
}
