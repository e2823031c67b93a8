/**
 * The TypeScript examples of README.md, docs/*.md and the packages' READMEs compile (issue 36,
 * item 16): every ```ts block, under the convention of `support/doc-examples.ts`, type-checks as a
 * module of its own with the workspace's TypeScript, all blocks in one program, `@querymode/*`
 * resolving to the packages' sources as in the other tests.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentationFiles, type TypeScriptExample, typescriptExamples } from './support/doc-examples.js';

const root = join(import.meta.dirname, '..');
const files = documentationFiles(root, true);
const examples = files.flatMap((f) => typescriptExamples(readFileSync(join(root, f), 'utf8'), f));

/**
 * Each checked block as a module of its own (`.mts`, so ESM with top-level await) at the root of
 * the repository, where `@querymode/*` resolve as in the tests.
 */
const virtualPath = (e: TypeScriptExample): string =>
  join(root, `.doc-example-${e.where.replace(/[^\w]+/g, '-')}.mts`);

/** The repository's compiler options (tsconfig.json), for checking only. */
function compilerOptions(): ts.CompilerOptions {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (config === undefined) throw new Error('tsconfig.json could not be read');
  return { ...config.options, noEmit: true, declaration: false, declarationMap: false, sourceMap: false };
}

/** `file:line: message` for every diagnostic of the checked blocks, one program for all. */
function diagnostics(checked: readonly TypeScriptExample[]): string[] {
  const byPath = new Map(checked.map((e) => [virtualPath(e), e]));
  const options = compilerOptions();
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  const exists = host.fileExists.bind(host);
  const source = host.getSourceFile.bind(host);
  // `export {}` keeps a block without imports a module, so blocks never share a scope.
  const text = (e: TypeScriptExample) => `${e.code}\nexport {};\n`;
  host.readFile = (f) => (byPath.has(f) ? text(byPath.get(f) as TypeScriptExample) : read(f));
  host.fileExists = (f) => byPath.has(f) || exists(f);
  host.getSourceFile = (f, version, onError, create) => {
    const e = byPath.get(f);
    return e === undefined
      ? source(f, version, onError, create)
      : ts.createSourceFile(f, text(e), version, true);
  };
  const program = ts.createProgram([...byPath.keys()], options, host);
  const out: string[] = [];
  // Only the blocks are checked: the packages' own diagnostics are the typecheck's business (and
  // checking every source of the packages took minutes).
  for (const [path, e] of byPath) {
    const file = program.getSourceFile(path) as ts.SourceFile;
    const [markdown] = e.where.split(':');
    for (const d of [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]) {
      const { line } = file.getLineAndCharacterOfPosition(d.start ?? 0);
      const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
      out.push(`${markdown}:${e.firstLine + line} (block at ${e.where}): ${message}`);
    }
  }
  return out;
}

/** A block that does not compile, to see what the failure message says. */
const [broken] = typescriptExamples(
  [
    '# x',
    '',
    '```ts',
    "import { recommend } from '@querymode/core';",
    'const n: number = recommend;',
    '```',
  ].join('\n'),
  'X.md',
) as [TypeScriptExample];

describe('TypeScript examples in README.md, docs/*.md and the packages READMEs', () => {
  // One program for every block and the broken one: the packages' sources are read once.
  let found: string[] = [];
  beforeAll(() => {
    found = diagnostics([...examples.filter((e) => e.kind === undefined), broken]);
  });

  it('exist, and few are fragments', () => {
    expect(examples.filter((e) => e.kind === undefined).length).toBeGreaterThan(3);
    expect(examples.filter((e) => e.kind === 'fragment').length).toBeLessThanOrEqual(2);
  });

  it('type-check, each block a module of its own', () => {
    expect(found.filter((d) => !d.startsWith('X.md:'))).toEqual([]);
  });

  it('name the file, the line and the message of a block that does not compile', () => {
    expect(found.filter((d) => d.startsWith('X.md:'))).toEqual([
      expect.stringMatching(/^X\.md:5 \(block at X\.md:3\): Type '.*' is not assignable to type 'number'/),
    ]);
  });

  it('refuse an unknown word after the language', () => {
    expect(() => typescriptExamples('```ts shapes\nx\n```\n', 'X.md')).toThrow(/X\.md:1: ```ts shapes/);
  });
});
