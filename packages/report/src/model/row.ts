/**
 * One page row from one record: what the page shows of it, taken as the record says it and never
 * decided again. A compact record gives its row with the details left empty (`held` says which
 * parts the record had); an error record gives a row with its error.
 *
 * @module
 */
import {
  changeKindOf,
  citedText,
  countOf,
  DEFAULT_MODE,
  type DetailCandidate,
  type DetailLegend,
  estimateIn,
  type FactQuestion,
  type Finding,
  findingsOfCandidate,
  fullFinding,
  fullQuestions,
  fullWithinReach,
  questionsAt,
  recordReasons,
  type TextRef,
  unknownOf,
  unlocksOfCandidate,
} from '@querymode/core';
import type { ErrorRecord, ReportRecord, ResultRecord } from '../records.js';
import type { ErrorRow, EstimateView, FactView, ReachView, ReportRow, ResultRow } from './types.js';

/** The schema of a table: `traits.schema`, or the qualifier of the table name (before its last dot). */
export function tableSchemaOf(table: string | null, traitsSchema: string | undefined): string | null {
  if (traitsSchema !== undefined) return traitsSchema;
  if (table === null) return null;
  const dot = table.lastIndexOf('.');
  return dot > 0 ? table.slice(0, dot) : null;
}

/** A text of `record`, by its reference: its own `texts`, or the legend's; the key itself when neither holds it. */
const textOf =
  (record: ResultRecord, legend: DetailLegend | undefined) =>
  (ref: TextRef): string =>
    citedText(legend, record.texts, ref) ?? String(ref);

function estimateOf(
  candidate: DetailCandidate | undefined,
  text: (ref: TextRef) => string,
): EstimateView | null {
  if (candidate === undefined) return null;
  return {
    mode: candidate.mode,
    status: candidate.status,
    billed: candidate.events.billed,
    unknown: unknownOf(candidate).map(text),
    formula: text(candidate.events.formula),
  };
}

/** `(and 2 more)` after the first of several items. */
const more = (count: number): string => (count > 1 ? ` (and ${count - 1} more)` : '');

/** The short reason of a result row, from what the record holds (`findings`: its findings in full). */
function whyOf(
  record: ResultRecord,
  best: DetailCandidate | undefined,
  findings: readonly Finding[],
  reasons: readonly string[],
  questions: readonly FactQuestion[],
): string {
  const first = reasons[0];
  const toEstablish = best?.toEstablish ?? [];
  if (record.status === 'needs_facts' && best !== undefined && toEstablish.length > 0) {
    const fact = questionsAt(questions, toEstablish)[0];
    return `Establish first: ${fact?.question}${more(toEstablish.length)}`;
  }
  const toUnlock = best?.toUnlock ?? [];
  if (record.status === 'none' && best !== undefined && toUnlock.length > 0) {
    const unlock = unlocksOfCandidate(findings, best)[0];
    return `To unlock \`${best.mode}\`: ${unlock?.action}${more(toUnlock.length)}`;
  }
  if (first !== undefined) return first;
  // A compact record: its own fields, in words.
  const parts: string[] = [];
  if (record.misses !== undefined && record.misses.length > 0)
    parts.push(`misses ${record.misses.join(', ')} (accepted)`);
  if (record.warnings !== undefined && record.warnings > 0)
    parts.push(`${countOf(record.warnings, 'advice rule')} not met`);
  return parts.length > 0
    ? `${parts.join('; ')}. The reasons are not in the input.`
    : 'The reasons are not in the input.';
}

const heldOf = (record: ResultRecord): ResultRow['held'] =>
  record.candidates !== undefined ? 'detail' : record.reasons !== undefined ? 'reasons' : 'compact';

/**
 * The row of a result record at position `n` of the input; `legend`, the first line of a
 * `--detail` stream, holds the texts the record cites by key. Without it, the record's questions
 * are read with `questionsLegend`, this build's legend (`detailLegend`): a caller of many rows
 * builds it once (absent, core builds it for each read).
 */
export function resultRow(
  record: ResultRecord,
  n: number,
  legend?: DetailLegend,
  questionsLegend?: DetailLegend,
): ResultRow {
  const text = textOf(record, legend);
  const candidates = record.candidates ?? [];
  const best = candidates[0];
  const traits = record.traits;
  const questions = fullQuestions(legend ?? questionsLegend, record);
  const findings = (record.findings ?? []).map((f) => fullFinding(legend, record, f, questions));
  const reasons = recordReasons(legend, record);
  return {
    n,
    line: record.line,
    table: record.table,
    schema: tableSchemaOf(record.table, traits?.schema),
    source: traits?.source ?? null,
    status: record.status,
    mode: record.mode,
    best: record.best,
    events: record.events,
    why: whyOf(record, best, findings, reasons, questions),
    held: heldOf(record),
    reasons,
    body: record.body,
    misses: record.misses ?? [],
    warnings: record.warnings ?? null,
    rows: traits?.rows ?? null,
    notes: traits?.notes ?? [],
    deletes: traits === undefined ? null : changeKindOf(traits.changes, 'deletes'),
    horizonHours: best === undefined ? null : (estimateIn(legend, record.estimate)?.horizonHours ?? null),
    estimate: estimateOf(best, text),
    baseline: estimateOf(
      candidates.find((c) => c.mode === DEFAULT_MODE),
      text,
    ),
    findings: (best === undefined ? [] : findingsOfCandidate(findings, best)).map((f) => ({
      severity: f.severity,
      message: f.message,
      rule: f.rule,
      source: f.source,
      ...(f.remedy === undefined ? {} : { remedy: f.remedy }),
      ...(f.sql === undefined ? {} : { sql: f.sql }),
    })),
    toEstablish: questionsAt(questions, best?.toEstablish ?? []).map(factView),
    toUnlock: (best === undefined ? [] : unlocksOfCandidate(findings, best)).map((u) => ({
      action: u.action,
      ...(u.sql === undefined ? {} : { sql: u.sql }),
    })),
    candidates: candidates.map((c) => ({ mode: c.mode, status: c.status, billed: c.events.billed })),
    reach: reachOf(record, legend, questions),
  };
}

const factView = (q: FactQuestion): FactView => ({
  question: q.question,
  query: q.query,
  ...(q.noQuery === undefined ? {} : { noQuery: q.noQuery }),
});

/** The cheaper modes within reach of a `--detail` record, each fact on the first mode that asks it. */
function reachOf(
  record: ResultRecord,
  legend: DetailLegend | undefined,
  questions: readonly FactQuestion[],
): ReachView[] {
  if (record.withinReach === undefined) return [];
  const reach = fullWithinReach(legend, record, questions);
  const asked = new Set<number>();
  return reach.modes.map((m) => {
    const fresh = m.asks.filter((i) => !asked.has(i));
    for (const i of fresh) asked.add(i);
    return {
      mode: m.mode,
      saves: m.saves,
      billedBelow: m.billedBelow,
      asks: fresh.flatMap((i) => {
        const q = reach.questions[i];
        return q === undefined ? [] : [factView(q)];
      }),
      asksAbove: fresh.length < m.asks.length,
      toUnlock: m.toUnlock.map((u) => ({ action: u.action, ...(u.sql === undefined ? {} : { sql: u.sql }) })),
    };
  });
}

/** The row of an error record at position `n` of the input. */
export function errorRow(record: ErrorRecord, n: number): ErrorRow {
  return {
    n,
    line: record.line,
    table: null,
    schema: null,
    status: 'error',
    mode: null,
    best: null,
    events: null,
    why: record.error.message,
    held: 'error',
    error: {
      code: record.error.code,
      message: record.error.message,
      issues: (record.error.issues ?? []).map((i) => i.message),
    },
  };
}

/** The row of any record at position `n` of the input (`legend`, `questionsLegend`: see {@link resultRow}). */
export function reportRow(
  record: ReportRecord,
  n: number,
  legend?: DetailLegend,
  questionsLegend?: DetailLegend,
): ReportRow {
  return record.ok ? resultRow(record, n, legend, questionsLegend) : errorRow(record, n);
}
