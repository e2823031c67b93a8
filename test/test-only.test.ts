/**
 * No declaration of packages/core/src, nor method of a class it exports, is reached only from
 * tests (issue 38): the project's own check (`scripts/test-only.ts`; `pnpm run test-only` prints
 * what it finds), which follows every use through the type checker from the other packages, the
 * scripts, the benchmarks and the package's documented API. A helper only a test calls lives with
 * the tests.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testOnly, type UseGraph, useGraph } from '../scripts/test-only.js';

/** A small project: a core with two exported classes, a user outside it, and a test. */
const PROJECT: { readonly [path: string]: string } = {
  'core/README.md': 'The package gives `Shown`.\n',
  'core/src/index.ts': "export { Box, Shown } from './shown.js';\n",
  'core/src/schemas-entry.ts': 'export {};\n',
  'core/src/shown.ts': `interface Named {
  name(): string;
}
export class Shown implements Named {
  name(): string {
    return 'a member of an interface it implements: reached with the class';
  }
  used(): number {
    return this.#helper();
  }
  #helper(): number {
    return 1;
  }
  onlyTested(): number {
    return 2;
  }
  get unused(): number {
    return 3;
  }
  toString(): string {
    return 'called by the language';
  }
}
export class Box<T> {
  constructor(readonly v: T) {}
  get value(): T {
    return this.v;
  }
  onlyTested(): T {
    return this.v;
  }
}
`,
  'user.ts': "import { Box, Shown } from './core/src/index.js';\nnew Shown().used();\nnew Box(1).value;\n",
  'a.test.ts':
    "import { Box, Shown } from './core/src/index.js';\nnew Shown().onlyTested();\nnew Box('a').onlyTested();\n",
  'tsconfig.json': JSON.stringify({
    compilerOptions: { strict: true, target: 'es2022', module: 'nodenext', noEmit: true, types: [] },
    files: ['core/src/index.ts', 'core/src/schemas-entry.ts', 'core/src/shown.ts', 'user.ts', 'a.test.ts'],
  }),
};

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

  it('lists the methods of an exported class that only tests call, through a generic class too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'test-only-'));
    try {
      for (const [path, text] of Object.entries(PROJECT)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      const listed = testOnly(useGraph(join(dir, 'tsconfig.json'), join(dir, 'core')));
      expect(listed.map((u) => u.name)).toEqual(['Shown.onlyTested', 'Shown.unused', 'Box.onlyTested']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds none in packages/core/src', { timeout: PROGRAM_TIMEOUT }, () => {
    expect(testOnly(useGraph())).toEqual([]);
  });
});
