/**
 * Never throws: every function `@querymode/core` exports is called with hostile values (proxies
 * whose traps throw, revoked proxies, throwing getters, symbols, cyclic and 10,000-deep
 * structures, 1e308, null-prototype objects, frozen objects) in every argument, and returns data.
 * The two documented exceptions: `parseQueryModeBody` throws its `QueryModeValidationError` (its
 * purpose), and a `paginate` iteration rejects with a `PaginationError` (errors are data there).
 * A function exported without a recipe here fails the first test.
 */
import * as core from '@querymode/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../test/support/property-runs.js';

/** Builds a hostile value afresh each time (a revoked proxy or a getter cannot be shared safely). */
type Make = () => unknown;

function deep(levels: number, array: boolean): unknown {
  let v: unknown = array ? [] : {};
  for (let i = 0; i < levels; i++) v = array ? [v] : { config: v, columns: [v], changes: v };
  return v;
}

function cyclic(): unknown {
  const o: Record<string, unknown> = { rows: 1, columns: [] };
  o.config = o;
  o.changes = o;
  (o.columns as unknown[]).push(o);
  return o;
}

function throwingGetter(): unknown {
  const o: Record<string, unknown> = {};
  for (const key of [
    'config',
    'mode',
    'rows',
    'columns',
    'changes',
    'data',
    'horizonHours',
    'name',
    'code',
    'path',
  ])
    Object.defineProperty(o, key, {
      enumerable: true,
      get() {
        throw new Error(`getter ${key}`);
      },
    });
  return o;
}

function unstableGetter(): unknown {
  let reads = 0;
  return {
    get rows() {
      reads += 1;
      return reads === 1 ? 10 : { toString: () => 'x' };
    },
    get columns() {
      reads += 1;
      return reads < 3 ? [{ name: 'id' }] : 42;
    },
    config: { mode: 'full_load' },
  };
}

function throwingProxy(target: object): unknown {
  const boom = () => {
    throw new Error('trap');
  };
  return new Proxy(target, {
    get: boom,
    ownKeys: boom,
    has: boom,
    getOwnPropertyDescriptor: boom,
    getPrototypeOf: boom,
  });
}

function revoked(target: object): unknown {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
}

const HOSTILE: readonly { readonly name: string; readonly make: Make }[] = [
  { name: 'undefined', make: () => undefined },
  { name: 'null', make: () => null },
  { name: '1e308', make: () => 1e308 },
  { name: '-1e308', make: () => -1e308 },
  { name: 'NaN', make: () => Number.NaN },
  { name: 'Infinity', make: () => Number.POSITIVE_INFINITY },
  { name: '-0', make: () => -0 },
  { name: 'symbol', make: () => Symbol('s') },
  { name: 'bigint', make: () => 10n },
  { name: 'long string', make: () => 'x'.repeat(100_000) },
  { name: 'function', make: () => () => 1 },
  { name: 'null-prototype object', make: () => Object.create(null) },
  {
    name: 'null-prototype traits',
    make: () => Object.assign(Object.create(null), { rows: 10, columns: [{ name: 'id' }] }),
  },
  { name: 'throwing proxy', make: () => throwingProxy({ config: { mode: 'full_load' } }) },
  { name: 'throwing array proxy', make: () => throwingProxy([1, 2]) },
  { name: 'revoked proxy', make: () => revoked({}) },
  { name: 'throwing getters', make: throwingGetter },
  { name: 'unstable getters', make: unstableGetter },
  { name: 'cyclic', make: cyclic },
  { name: '10,000-deep object', make: () => deep(10_000, false) },
  { name: '10,000-deep array', make: () => deep(10_000, true) },
  { name: 'frozen', make: () => Object.freeze({ config: Object.freeze({ mode: 'timestamp' }) }) },
  { name: 'array of 1e5 holes', make: () => new Array(100_000) },
  { name: 'valid traits', make: () => ({ rows: 10, columns: [{ name: 'id' }] }) },
  { name: 'valid body', make: () => ({ config: { mode: 'full_load' } }) },
  { name: 'mode string', make: () => 'timestamp' },
  // Strings named like the properties every object inherits: a lookup by a caller's string in a
  // plain object finds these (the type lookup threw on a dialect named `toString`).
  { name: 'toString', make: () => 'toString' },
  { name: '__proto__', make: () => '__proto__' },
  { name: 'constructor', make: () => 'constructor' },
  { name: 'hasOwnProperty', make: () => 'hasOwnProperty' },
  { name: 'object with inherited names', make: () => ({ toString: 1, valueOf: 'x', constructor: null }) },
];

const hostileArb = fc.constantFrom(...HOSTILE);

/** How to call each function, and what counts as data. */
type Outcome = 'value' | 'result' | 'iterator';

interface Recipe {
  readonly arity: number;
  readonly returns: Outcome;
  /** The only thing it may throw, when its purpose is to throw. */
  readonly throws?: new (
    ...args: never[]
  ) => Error;
}

const RECIPES: { readonly [name: string]: Recipe } = {
  // The advisor.
  validateTableTraits: { arity: 1, returns: 'result' },
  checkAgainstTable: { arity: 3, returns: 'result' },
  recommend: { arity: 2, returns: 'result' },
  recommendSummary: { arity: 2, returns: 'result' },
  chooseMode: { arity: 2, returns: 'result' },
  estimateEvents: { arity: 3, returns: 'result' },
  planModeChange: { arity: 4, returns: 'result' },
  ruleRemedies: { arity: 2, returns: 'value' },
  visibleText: { arity: 1, returns: 'value' },
  shownName: { arity: 1, returns: 'value' },
  shownString: { arity: 1, returns: 'value' },
  visibleName: { arity: 1, returns: 'value' },
  // The output records.
  recommendRecord: { arity: 1, returns: 'value' },
  compactRecordWithReach: { arity: 1, returns: 'value' },
  errorRecord: { arity: 2, returns: 'value' },
  prepareRecordOptions: { arity: 1, returns: 'value' },
  appliedRecord: { arity: 5, returns: 'value' },
  skippedRecord: { arity: 3, returns: 'value' },
  wouldApplyRecord: { arity: 5, returns: 'value' },
  notSentRecord: { arity: 4, returns: 'value' },
  failedApplyRecord: { arity: 4, returns: 'value' },
  invalidPlanRecord: { arity: 4, returns: 'value' },
  estimateRecord: { arity: 3, returns: 'result' },
  inspectRecord: { arity: 3, returns: 'value' },
  citeRule: { arity: 1, returns: 'value' },
  citeSource: { arity: 2, returns: 'value' },
  changeKindOf: { arity: 2, returns: 'value' },
  fillUnknownFacts: { arity: 2, returns: 'value' },
  verifier: { arity: 1, returns: 'result' },
  verifyRuleId: { arity: 2, returns: 'value' },
  // Validation and the normaliser.
  validateQueryModeBody: { arity: 2, returns: 'result' },
  isQueryModeBody: { arity: 1, returns: 'value' },
  normalizeQueryModeBody: { arity: 2, returns: 'result' },
  parseQueryModeBody: { arity: 1, returns: 'value', throws: core.QueryModeValidationError },
  QueryModeValidationError: { arity: 1, returns: 'value' },
  closest: { arity: 2, returns: 'value' },
  editDistance: { arity: 2, returns: 'value' },
  looseName: { arity: 1, returns: 'value' },
  isRecord: { arity: 1, returns: 'value' },
  makeIssue: { arity: 1, returns: 'value' },
  readOptions: { arity: 3, returns: 'result' },
  receivedText: { arity: 1, returns: 'value' },
  // Issues.
  invalidOptionIssue: { arity: 3, returns: 'value' },
  invalidTypeIssue: { arity: 3, returns: 'value' },
  unknownKeyIssue: { arity: 4, returns: 'value' },
  numberReader: { arity: 1, returns: 'value' },
  previewString: { arity: 1, returns: 'value' },
  describeValue: { arity: 1, returns: 'value' },
  describeThrown: { arity: 1, returns: 'value' },
  isArraySafe: { arity: 1, returns: 'value' },
  formatCount: { arity: 1, returns: 'value' },
  wordsOfSource: { arity: 1, returns: 'value' },
  formatPath: { arity: 1, returns: 'value' },
  formatIssue: { arity: 1, returns: 'value' },
  // The catalogue.
  getMode: { arity: 1, returns: 'value' },
  serviceRuleOf: { arity: 1, returns: 'value' },
  citeServiceRule: { arity: 1, returns: 'value' },
  serviceRuleLink: { arity: 1, returns: 'value' },
  isQueryMode: { arity: 1, returns: 'value' },
  isBodyProfile: { arity: 1, returns: 'value' },
  profileOption: { arity: 1, returns: 'value' },
  componentName: { arity: 1, returns: 'value' },
  presenceText: { arity: 1, returns: 'value' },
  documentedPresenceText: { arity: 1, returns: 'value' },
  exampleConfig: { arity: 1, returns: 'value' },
  decimalAtMostSource: { arity: 1, returns: 'value' },
  // Pagination.
  validateListLimit: { arity: 1, returns: 'result' },
  checkListPage: { arity: 1, returns: 'result' },
  paginate: { arity: 2, returns: 'iterator' },
  PaginationError: { arity: 3, returns: 'value' },
  CursorWindow: { arity: 2, returns: 'value' },
  // Names, counts and depth.
  splitInspectedName: { arity: 1, returns: 'value' },
  countOf: { arity: 3, returns: 'value' },
  pluralOf: { arity: 1, returns: 'value' },
  jsonDepthExceeds: { arity: 2, returns: 'value' },
  // Answers files.
  applyAnswers: { arity: 3, returns: 'value' },
  readAnswers: { arity: 1, returns: 'result' },
  answerer: { arity: 2, returns: 'value' },
  isGlob: { arity: 1, returns: 'value' },
  factPaths: { arity: 1, returns: 'value' },
  factsFrom: { arity: 3, returns: 'value' },
  // The questions of a plan.
  chooseModeWithReach: { arity: 2, returns: 'result' },
  answerWaits: { arity: 2, returns: 'value' },
  recordQuestions: { arity: 2, returns: 'value' },
  tableQuestions: { arity: 3, returns: 'value' },
  QuestionTally: { arity: 0, returns: 'value' },
  questionsFile: { arity: 3, returns: 'value' },
  questionsFileParts: { arity: 3, returns: 'value' },
  yamlString: { arity: 1, returns: 'value' },
  // --detail records.
  findingsOfCandidate: { arity: 2, returns: 'value' },
  unlocksOfCandidate: { arity: 2, returns: 'value' },
  questionsAt: { arity: 2, returns: 'value' },
  unknownOf: { arity: 1, returns: 'value' },
  estimateIn: { arity: 2, returns: 'value' },
  citedText: { arity: 3, returns: 'value' },
  expandCandidates: { arity: 2, returns: 'value' },
  fullFinding: { arity: 3, returns: 'value' },
  fullWithinReach: { arity: 2, returns: 'value' },
  withinReachOf: { arity: 3, returns: 'value' },
  fullQuestions: { arity: 2, returns: 'value' },
  detailLegend: { arity: 0, returns: 'value' },
  detailWriter: { arity: 0, returns: 'value' },
  fullQuestion: { arity: 3, returns: 'value' },
  recordReasons: { arity: 2, returns: 'value' },
};

type Fn = (...args: unknown[]) => unknown;
const exported = (Object.entries(core) as [string, unknown][]).filter(
  (e): e is [string, Fn] => typeof e[1] === 'function',
);

function isClass(f: unknown): boolean {
  return typeof f === 'function' && /^class\b/.test(Function.prototype.toString.call(f));
}

function call(f: (...args: unknown[]) => unknown, args: unknown[]): unknown {
  return isClass(f) ? new (f as unknown as new (...a: unknown[]) => unknown)(...args) : f(...args);
}

function expectData(name: string, recipe: Recipe, value: unknown): void {
  if (recipe.returns === 'result') {
    expect(typeof value === 'object' && value !== null, name).toBe(true);
    const r = value as { ok: unknown; issues?: unknown };
    expect(typeof r.ok, name).toBe('boolean');
    if (r.ok === false) {
      expect(Array.isArray(r.issues), name).toBe(true);
      for (const issue of r.issues as { code: unknown; message: unknown }[]) {
        expect(core.ISSUE_CODES, name).toContain(issue.code);
        expect(typeof issue.message, name).toBe('string');
      }
    }
  }
}

describe('every public function of core returns data, whatever it is given', () => {
  it('has a recipe for every function core exports', () => {
    const missing = exported.map(([name]) => name).filter((name) => RECIPES[name] === undefined);
    expect(missing, 'functions exported without a never-throws recipe').toEqual([]);
  });

  for (const [name, f] of exported) {
    const recipe = RECIPES[name];
    if (recipe === undefined) continue;
    it(`${name}: never throws on hostile values in any argument`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(hostileArb, { minLength: recipe.arity, maxLength: recipe.arity }),
          async (picked) => {
            const args = picked.map((h) => h.make());
            let value: unknown;
            try {
              value = call(f, args);
            } catch (error) {
              if (recipe.throws !== undefined && error instanceof recipe.throws) return;
              throw new Error(`${name}(${picked.map((h) => h.name).join(', ')}) threw: ${String(error)}`);
            }
            expectData(name, recipe, value);
            if (recipe.returns === 'iterator') {
              const iterator = (value as AsyncIterable<unknown>)[Symbol.asyncIterator]();
              try {
                await iterator.next();
              } catch (error) {
                expect(error, `${name}: rejects only with a PaginationError`).toBeInstanceOf(
                  core.PaginationError,
                );
              }
            }
          },
        ),
        propertyRuns(150, 42),
      );
    });
  }
});
