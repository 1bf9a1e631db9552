/**
 * Vitest orders files by their last durations when it has them and by size when it does not (a clean
 * clone, as in CI). The files below build the demo site or start the shop whole, a minute or two each
 * although they are short: run last, one of them kept a worker busy for two minutes after the other had
 * finished. They go first, the longest first; the rest keep Vitest's order.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONGEST_FIRST = [
  'tests/integration/targeted-rebuild.test.ts',
  'tests/integration/rebuild.test.ts',
  'tests/integration/kill-loop.test.ts',
  'tests/integration/backup.test.ts',
  'api/db/seed/seed.test.ts',
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((path) => spec.moduleId.endsWith(path));
      return i === -1 ? LONGEST_FIRST.length : i;
    };
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map(({ spec }) => spec);
  }
}
