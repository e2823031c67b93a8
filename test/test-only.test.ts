/**
 * No declaration of packages/core/src is reached only from tests (issue 38): the project's own
 * check (`scripts/test-only.ts`; `pnpm run test-only` prints what it finds), which follows every
 * use through the type checker from the other packages, the scripts, the benchmarks and the
 * package's documented API. A helper only a test calls lives with the tests.
 */
import { describe, expect, it } from 'vitest';
import { testOnly, type UseGraph, useGraph } from '../scripts/test-only.js';

/** The whole project goes through the type checker: about 25 s on a quiet machine, minutes on a loaded one. */
const PROGRAM_TIMEOUT = 600_000;

const unit = (name: string, value = true) => ({ name, value, file: 'packages/core/src/x.ts', line: 1 });

describe('declarations reached only from tests', () => {
  it('lists what no root reaches, through any chain of uses, and never a type', () => {
    const graph: UseGraph = {
      units: [unit('used'), unit('helper'), unit('testOnly'), unit('itsHelper'), unit('OnlyAType', false)],
      uses: new Map([
        [0, new Set([1])],
        [2, new Set([3, 4])],
      ]),
      roots: new Set([0]),
    };
    expect(testOnly(graph).map((u) => u.name)).toEqual(['testOnly', 'itsHelper']);
  });

  it('finds none in packages/core/src', { timeout: PROGRAM_TIMEOUT }, () => {
    expect(testOnly(useGraph())).toEqual([]);
  });
});
