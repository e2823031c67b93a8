/**
 * The human output of `querymode verify`: the verdict first, then one line per table that does
 * not hold (worst first), then a summary. Every name and message is shown as text (core's
 * `visibleText`, with newlines and tabs written `\n` and `\t` so that each table stays on its
 * line): a table named with an escape sequence or a bidi control cannot act on the terminal.
 *
 * @module
 */
import {
  countOf,
  type FactValue,
  type SourceNouns,
  type TableVerification,
  VERDICTS,
  type VerifyFinding,
  type VerifyVerdict,
  visibleName,
  wordsOfSource,
} from '@querymode/core';
import { oneLine } from '../io/one-line.js';
import { formatInt } from '../render/number.js';

const value = (v: FactValue): string => (v === null ? 'not known' : JSON.stringify(v));

/** The fact path in words: `columns."updated_at".nullable`, `rows`. */
const pathWords = (path: readonly string[]): string =>
  path.map((p, i) => (path[0] === 'columns' && i === 1 ? JSON.stringify(p) : p)).join('.');

/** One finding of a broken or unverified table in words: its mode, rule, message, fact before and after, remedy or question. */
export function findingWords(v: TableVerification, f: VerifyFinding): string {
  return `${v.planned?.config.mode} ${ruleWords(v, f)}`;
}

/** A finding in words without the mode: its rule, message, fact before and after, remedy or question. */
function ruleWords(v: TableVerification, f: VerifyFinding): string {
  const change =
    f.change === undefined
      ? ''
      : ` [${pathWords(f.change.path)}: ${value(f.change.before)} in the plan, ${value(f.change.after)} now]`;
  const next =
    v.verdict === 'broken'
      ? f.remedy === undefined
        ? ''
        : ` Remedy: ${f.remedy}`
      : f.questions?.[0] === undefined
        ? ''
        : ` To find out: ${f.questions[0].question}`;
  return `${f.rule}: ${f.message}${change}${next}`;
}

/** Where a table's further findings start on their lines: under its detail, after the verdict. */
const FURTHER = `${' '.repeat(12)}also: `;

/** What one table's line says after its verdict and name. */
export function tableDetail(v: TableVerification): string {
  const mode = v.planned?.config.mode;
  switch (v.verdict) {
    case 'broken':
    case 'unverified': {
      // Every finding, the costliest first (core's order): none is hidden behind a count.
      const [f, ...rest] = v.findings;
      if (f === undefined) return `${mode}`;
      return [findingWords(v, f), ...rest.map((r) => ruleWords(v, r))].join('; also: ');
    }
    case 'new': {
      const r = v.recommendation;
      const planned = v.line === null ? 'not in the plan' : `the plan has no mode for it (line ${v.line})`;
      if (r === null) return planned;
      return `${planned}; recommend: ${r.status === 'recommended' ? `${r.mode}` : r.status}`;
    }
    case 'gone':
      return `planned ${mode ?? 'with no mode'} (line ${v.line}); ${wordsOfSource(v.source).gone}`;
    case 'better': {
      const r = v.recommendation;
      return `${mode} holds; ${r?.mode} now qualifies and bills fewer events (${formatInt(r?.events ?? 0)} against ${formatInt(v.plannedEvents ?? 0)})`;
    }
    case 'holds':
      return `${mode}`;
  }
}

/** Counts of each verdict. */
export type VerdictCounts = Record<VerifyVerdict, number>;

/** Zero of every verdict. */
export const noVerdicts = (): VerdictCounts =>
  Object.fromEntries(VERDICTS.map((v) => [v, 0])) as VerdictCounts;

/**
 * The verifications worst verdict first, each verdict's in the order given: a stable sort's
 * order, in one pass (sorting 9,000 new tables by `VERDICTS.indexOf` was 3% of verify's CPU).
 */
export function worstFirst(verifications: readonly TableVerification[]): TableVerification[] {
  const groups = VERDICTS.map((): TableVerification[] => []);
  for (const v of verifications) groups[VERDICTS.indexOf(v.verdict)]?.push(v);
  return groups.flat();
}

/** The run's verdict: the worst of its tables', where `better` counts as holding. */
export function overall(counts: VerdictCounts): VerifyVerdict {
  return VERDICTS.find((v) => v !== 'better' && v !== 'holds' && counts[v] > 0) ?? 'holds';
}

/** Whether the run fails: something broken, or with `strict` anything but holds and better. */
export function fails(counts: VerdictCounts, strict: boolean): boolean {
  if (counts.broken > 0) return true;
  return strict && counts.unverified + counts.new + counts.gone > 0;
}

/** What a database calls its tables: the words of the summary and verdict lines by default. */
const TABLE_NOUNS: SourceNouns = wordsOfSource(undefined).nouns;

/**
 * What the tables read now are called: their source's words where they all share one (Salesforce
 * objects), else a database's.
 */
export function nounsOfTables(tables: readonly ({ readonly source?: unknown } | undefined)[]): SourceNouns {
  const kinds = new Set(tables.map((t) => wordsOfSource(t?.source)));
  const [only] = kinds;
  return kinds.size === 1 && only !== undefined ? only.nouns : TABLE_NOUNS;
}

/** The summary line: `14 tables: 2 broken, 1 unverified, 1 new, 1 gone, 0 better, 9 hold`. */
export function summaryWords(counts: VerdictCounts, nouns: SourceNouns = TABLE_NOUNS): string {
  const total = VERDICTS.reduce((n, v) => n + counts[v], 0);
  const parts = VERDICTS.map((v) => `${formatInt(counts[v])} ${v === 'holds' ? 'hold' : v}`);
  return `${countOf(total, nouns.table, nouns.tables)}: ${parts.join(', ')}`;
}

/** The first line: the verdict, and whether the run fails. */
export function verdictLine(
  counts: VerdictCounts,
  strict: boolean,
  nouns: SourceNouns = TABLE_NOUNS,
): string {
  const verdict = overall(counts);
  const failing = fails(counts, strict);
  const why =
    verdict === 'holds'
      ? `every planned ${nouns.table} holds`
      : verdict === 'broken'
        ? `${countOf(counts.broken, `planned ${nouns.table}`, `planned ${nouns.tables}`)} broken`
        : `nothing broken${failing ? `, and --strict fails on unverified, new and gone ${nouns.tables}` : ''}`;
  return `verify: ${verdict}: ${why}`;
}

/**
 * One table's lines: its verdict, name and first finding (or what else it is), then each further
 * finding of a broken or unverified table on a line of its own.
 */
export function tableLines(v: TableVerification): string[] {
  const head = `${v.verdict.padEnd(10)}  ${visibleName(v.table)}`;
  if (v.verdict !== 'broken' && v.verdict !== 'unverified') return [`${head}  ${oneLine(tableDetail(v))}`];
  const [f, ...rest] = v.findings;
  if (f === undefined) return [`${head}  ${oneLine(tableDetail(v))}`];
  return [
    `${head}  ${oneLine(findingWords(v, f))}`,
    ...rest.map((r) => `${FURTHER}${oneLine(ruleWords(v, r))}`),
  ];
}

/** The line of the planned tables `--schema`, `--table` and `--exclude` left out, when there are any. */
export function filteredWords(filteredOut: number): string[] {
  if (filteredOut === 0) return [];
  return [
    `filtered out: ${countOf(filteredOut, 'planned table')} not read (--schema, --table, --exclude): neither gone nor new`,
  ];
}
