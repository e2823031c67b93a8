/**
 * `pnpm run test-only`: the functions, classes and constants of packages/core/src that only tests
 * reach (issue 38: "no function in packages/core/src is reached only from tests"). A declaration
 * is reached when code outside the tests uses it: another package's sources, the scripts or the
 * benchmarks, the package's documented API (the names packages/core/README.md gives its users), or
 * a core declaration that is itself reached. Being exported is no use: a function that ships but
 * that only a test calls is listed. The names come from the type checker (imports,
 * re-exports and aliases followed), not from text. Exit 1 when some are listed.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** A top-level declaration of core's sources: a function, a class, a `const`/`let`, or a type. */
interface Unit {
  readonly name: string;
  /** Whether it is a value (a function, a class, a constant), which the check lists; a type is not. */
  readonly value: boolean;
  readonly file: string;
  readonly line: number;
}

/** Who uses what: the declarations each unit (or a user outside core's sources) names. */
export interface UseGraph {
  readonly units: readonly Unit[];
  /** The units each unit names, by index. */
  readonly uses: ReadonlyMap<number, ReadonlySet<number>>;
  /** The units code outside core's sources and the tests names (another package, scripts, benchmarks), and the documented exports. */
  readonly roots: ReadonlySet<number>;
}

const ROOT = join(import.meta.dirname, '..');
const CORE = join(ROOT, 'packages', 'core');
const CORE_SRC = join(CORE, 'src');
/** The package's entry points (`@querymode/core`, `@querymode/core/schemas`), whose documented exports its users reach. */
const ENTRIES = ['index.ts', 'schemas-entry.ts'].map((f) => join(CORE_SRC, f));

/** The names in code spans of the package's README: the API it documents for its users. */
const documentedNames = (): Set<string> =>
  new Set(
    [...readFileSync(join(CORE, 'README.md'), 'utf8').matchAll(/`([A-Za-z_$][\w$]*)/g)].map(
      (m) => m[1] as string,
    ),
  );

/** Whether a file holds tests (a test file, or a folder of tests and their helpers). */
const isTest = (file: string): boolean => {
  const rel = relative(ROOT, file);
  return /(^|\/)test\//.test(rel) || /\.test\.ts$/.test(rel) || rel === 'vitest.config.ts';
};

/**
 * The top-level declarations a statement makes, each with the node its uses are read from, and
 * whether it is a value (a type is followed, as `(typeof LIST)[number]` uses `LIST`, never listed).
 */
function declarations(statement: ts.Statement): { name: ts.Identifier; node: ts.Node; value: boolean }[] {
  if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name)
    return [{ name: statement.name, node: statement, value: true }];
  if (ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement))
    return [{ name: statement.name, node: statement, value: false }];
  if (ts.isVariableStatement(statement))
    return statement.declarationList.declarations.flatMap((d) =>
      ts.isIdentifier(d.name) ? [{ name: d.name, node: d, value: true }] : [],
    );
  return [];
}

/** The symbol a name stands for, aliases (imports, re-exports) and shorthand properties followed. */
function symbolOf(checker: ts.TypeChecker, name: ts.Identifier): ts.Symbol | undefined {
  const symbol = ts.isShorthandPropertyAssignment(name.parent)
    ? checker.getShorthandAssignmentValueSymbol(name.parent)
    : checker.getSymbolAtLocation(name);
  if (symbol === undefined) return undefined;
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/** Reads the project (`tsconfig.json`: every package's sources and tests, scripts, benchmarks). */
export function useGraph(tsconfig = join(ROOT, 'tsconfig.json')): UseGraph {
  const config = ts.getParsedCommandLineOfConfigFile(
    tsconfig,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (config === undefined) throw new Error(`test-only: cannot read ${tsconfig}`);
  const program = ts.createProgram(config.fileNames, config.options);
  const checker = program.getTypeChecker();
  const files = program
    .getSourceFiles()
    .filter((f) => !f.isDeclarationFile && !f.fileName.includes('/node_modules/'));

  const units: Unit[] = [];
  /** The unit of each symbol (a function's overloads and its body are one). */
  const index = new Map<ts.Symbol, number>();
  /** The unit each top-level declaration of core's sources belongs to. */
  const owner = new Map<ts.Node, number>();
  for (const file of files) {
    if (!file.fileName.startsWith(`${CORE_SRC}/`)) continue;
    for (const statement of file.statements)
      for (const { name, node, value } of declarations(statement)) {
        const symbol = checker.getSymbolAtLocation(name);
        if (symbol === undefined) continue;
        let i = index.get(symbol);
        if (i === undefined) {
          i = units.length;
          index.set(symbol, i);
          units.push({
            name: name.text,
            value,
            file: relative(ROOT, file.fileName),
            line: file.getLineAndCharacterOfPosition(name.getStart(file)).line + 1,
          });
        }
        owner.set(node, i);
      }
  }

  const uses = new Map<number, Set<number>>();
  const roots = new Set<number>();
  const documented = documentedNames();
  for (const entry of ENTRIES) {
    const file = program.getSourceFile(entry);
    const module = file === undefined ? undefined : checker.getSymbolAtLocation(file);
    if (module === undefined) throw new Error(`test-only: cannot read ${entry}`);
    for (const exported of checker.getExportsOfModule(module)) {
      if (!documented.has(exported.name)) continue;
      const original = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const unit = index.get(original);
      if (unit !== undefined) roots.add(unit);
    }
  }
  for (const file of files) {
    const inCore = file.fileName.startsWith(`${CORE_SRC}/`);
    if (!inCore && isTest(file.fileName)) continue;
    const visit = (node: ts.Node, from: number | undefined): void => {
      const here = owner.get(node) ?? from;
      const symbol = ts.isIdentifier(node) ? symbolOf(checker, node) : undefined;
      const target = symbol === undefined ? undefined : index.get(symbol);
      if (target !== undefined && target !== here) {
        // Core's own re-exports (outside any declaration) are no use; other code's uses are.
        if (!inCore) roots.add(target);
        else if (here !== undefined) {
          const set = uses.get(here) ?? new Set<number>();
          set.add(target);
          uses.set(here, set);
        }
      }
      ts.forEachChild(node, (child) => visit(child, here));
    };
    visit(file, undefined);
  }
  return { units, uses, roots };
}

/** The units no use outside the tests reaches, in file order. */
export function testOnly(graph: UseGraph): Unit[] {
  const reached = new Set<number>(graph.roots);
  const queue = [...graph.roots];
  for (let next = queue.pop(); next !== undefined; next = queue.pop())
    for (const used of graph.uses.get(next) ?? [])
      if (!reached.has(used)) {
        reached.add(used);
        queue.push(used);
      }
  return graph.units.filter((u, i) => u.value && !reached.has(i));
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  const listed = testOnly(useGraph());
  for (const u of listed) console.log(`${u.file}:${u.line} ${u.name}`);
  console.log(
    listed.length === 0
      ? 'test-only: every declaration of packages/core/src is reached from outside the tests'
      : `test-only: ${listed.length} declaration(s) of packages/core/src reached only from tests (or from nothing)`,
  );
  process.exitCode = listed.length === 0 ? 0 : 1;
}
