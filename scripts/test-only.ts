/**
 * `pnpm run test-only`: the functions, classes and constants of packages/core/src, and the methods
 * of the classes it exports, that only tests reach (issue 38: "no function in packages/core/src is
 * reached only from tests"). A declaration is reached when code outside the tests uses it: another
 * package's sources, the scripts or the benchmarks, the package's documented API (the names
 * packages/core/README.md gives its users), or a core declaration that is itself reached. A method
 * is reached when reached code calls it, or with its class when it implements a member of an
 * interface or base class, or the language calls it (`toString`, a `[Symbol.iterator]`). Being
 * exported is no use: a function that ships but that only a test calls is listed. The names come
 * from the type checker (imports, re-exports and aliases followed), not from text. Exit 1 when some
 * are listed.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * A declaration of core's sources: a top-level function, class, `const`/`let` or type, or a method
 * (or accessor) of an exported class, named `Class.method`.
 */
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
/** The package's entry points (`@querymode/core`, `@querymode/core/schemas`), whose documented exports its users reach. */
const ENTRIES = ['index.ts', 'schemas-entry.ts'];

/** The names in code spans of the package's README: the API it documents for its users. */
const documentedNames = (core: string): Set<string> =>
  new Set(
    [...readFileSync(join(core, 'README.md'), 'utf8').matchAll(/`([A-Za-z_$][\w$]*)/g)].map(
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

/** Whether a statement is a class declared with `export`. */
const isExportedClass = (
  statement: ts.Statement,
): statement is ts.ClassDeclaration & { name: ts.Identifier } =>
  ts.isClassDeclaration(statement) &&
  statement.name !== undefined &&
  (ts.getCombinedModifierFlags(statement) & ts.ModifierFlags.Export) !== 0;

/** The methods and accessors of a class (its constructor and fields are the class's own). */
const methodsOf = (c: ts.ClassDeclaration): (ts.MethodDeclaration | ts.AccessorDeclaration)[] =>
  c.members.filter(
    (m): m is ts.MethodDeclaration | ts.AccessorDeclaration =>
      (ts.isMethodDeclaration(m) || ts.isGetAccessorDeclaration(m) || ts.isSetAccessorDeclaration(m)) &&
      m.body !== undefined,
  );

/** The methods the language calls for the code that uses the object (and any of a computed name). */
const IMPLICIT = new Set(['toString', 'toJSON', 'valueOf']);

/**
 * Whether a method is reached with its class: called by the language, or a member of an interface it
 * implements or a class it extends (a call through that type names the other's member, not this one).
 */
function reachedWithClass(checker: ts.TypeChecker, c: ts.ClassDeclaration, m: ts.ClassElement): boolean {
  if (m.name === undefined) return false;
  if (ts.isComputedPropertyName(m.name)) return true;
  const name = m.name.getText();
  if (IMPLICIT.has(name)) return true;
  for (const clause of c.heritageClauses ?? [])
    for (const t of clause.types)
      if (checker.getTypeAtLocation(t).getProperty(name) !== undefined) return true;
  return false;
}

/** The symbol a name stands for, aliases (imports, re-exports) and shorthand properties followed. */
function symbolOf(
  checker: ts.TypeChecker,
  name: ts.Identifier | ts.PrivateIdentifier,
): ts.Symbol | undefined {
  const symbol = ts.isShorthandPropertyAssignment(name.parent)
    ? checker.getShorthandAssignmentValueSymbol(name.parent)
    : checker.getSymbolAtLocation(name);
  if (symbol === undefined) return undefined;
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/**
 * Reads the project (`tsconfig.json`: every package's sources and tests, scripts, benchmarks);
 * `core` is the package whose declarations it lists (its `src/` and its README).
 */
export function useGraph(tsconfig = join(ROOT, 'tsconfig.json'), core = CORE): UseGraph {
  const coreSrc = join(core, 'src');
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
  /** The unit each top-level declaration of core's sources (and each method) belongs to. */
  const owner = new Map<ts.Node, number>();
  /** The unit of each method's declaration, for a symbol the checker makes per use (a generic class's, a union's). */
  const declared = new Map<ts.Node, number>();
  const uses = new Map<number, Set<number>>();
  const use = (from: number, to: number): void => {
    const set = uses.get(from) ?? new Set<number>();
    set.add(to);
    uses.set(from, set);
  };
  /** The unit of a declaration by its name, made on first meeting its symbol. */
  const unitOf = (file: ts.SourceFile, name: ts.Node, label: string, value: boolean): number | undefined => {
    const symbol = checker.getSymbolAtLocation(name);
    if (symbol === undefined) return undefined;
    let i = index.get(symbol);
    if (i === undefined) {
      i = units.length;
      index.set(symbol, i);
      const line = file.getLineAndCharacterOfPosition(name.getStart(file)).line + 1;
      units.push({ name: label, value, file: relative(ROOT, file.fileName), line });
    }
    return i;
  };
  for (const file of files) {
    if (!file.fileName.startsWith(`${coreSrc}/`)) continue;
    for (const statement of file.statements)
      for (const { name, node, value } of declarations(statement)) {
        const i = unitOf(file, name, name.text, value);
        if (i !== undefined) owner.set(node, i);
      }
    for (const statement of file.statements) {
      if (!isExportedClass(statement)) continue;
      const cls = owner.get(statement) as number;
      for (const m of methodsOf(statement)) {
        const i = unitOf(file, m.name, `${statement.name.text}.${m.name.getText()}`, true);
        if (i === undefined) continue;
        owner.set(m, i);
        declared.set(m, i);
        if (reachedWithClass(checker, statement, m)) use(cls, i);
      }
    }
  }

  const roots = new Set<number>();
  const documented = documentedNames(core);
  for (const entry of ENTRIES.map((f) => join(coreSrc, f))) {
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
  /** The units a symbol stands for: its own, or those of the methods it was made from. */
  const targetsOf = (symbol: ts.Symbol | undefined): number[] => {
    if (symbol === undefined) return [];
    const own = index.get(symbol);
    if (own !== undefined) return [own];
    return (symbol.declarations ?? []).flatMap((d) => {
      const unit = declared.get(d);
      return unit === undefined ? [] : [unit];
    });
  };
  for (const file of files) {
    const inCore = file.fileName.startsWith(`${coreSrc}/`);
    if (!inCore && isTest(file.fileName)) continue;
    const visit = (node: ts.Node, from: number | undefined): void => {
      const here = owner.get(node) ?? from;
      const symbol =
        ts.isIdentifier(node) || ts.isPrivateIdentifier(node) ? symbolOf(checker, node) : undefined;
      for (const target of targetsOf(symbol)) {
        if (target === here) continue;
        // Core's own re-exports (outside any declaration) are no use; other code's uses are.
        if (!inCore) roots.add(target);
        else if (here !== undefined) use(here, target);
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
