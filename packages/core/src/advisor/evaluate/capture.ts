/**
 * Capture safety: for each kind of change, whether a mode captures it for this table, apart
 * from the strength of its rules. A mode is known to miss a kind when the spec's capture table
 * says `no`, when a documented fact says so (deletes in table and custom SQL pipelines), or when a
 * capture condition of the mode's column is known to fail. "Not described" is never a miss. In a
 * log-based pipeline the log carries every change, whatever the mode.
 *
 * @module
 */
import { CHANGE_KINDS } from '../../catalogue/change-kinds.js';
import type { ChangeKind, ModeSpec } from '../../catalogue/types.js';
import { DOCUMENTED } from '../facts/documented.js';
import type { TableFacts } from '../facts/table-facts.js';
import type { Tri } from '../traits/tri.js';
import type { Outcome } from './outcome.js';

/** What a mode does with one kind of change, for this table. */
export type CaptureVerdict =
  /** The spec says it captures the kind, and its conditions hold (or none applies). */
  | 'captured'
  /** A log-based pipeline: the database's log carries the kind, whatever the mode. */
  | 'from_log'
  /** Known to miss it: the spec's `no`, a documented fact, or a capture condition known to fail. */
  | 'missed'
  /** The spec does not describe whether the mode captures the kind. */
  | 'not_described'
  /** The spec says it captures the kind if a condition holds, and whether it holds is not known. */
  | 'condition_unknown';

/** One kind of change, for one mode and table. */
export interface KindCapture {
  /** Whether the table has the kind. */
  readonly table: Tri;
  /** What the spec's capture table says of the mode. */
  readonly mode: 'yes' | 'no' | 'not_described';
  readonly verdict: CaptureVerdict;
  /** Whether the caller requires it (`mustCapture`, every kind by default). */
  readonly required: boolean;
  /** Why, with its source. */
  readonly basis: string;
}

/** Every kind of change, for one mode and table. */
export interface CaptureAssessment {
  readonly kinds: { readonly [K in ChangeKind]: KindCapture };
  /** Kinds the table has (`yes`) that the mode is known to miss. */
  readonly knownMisses: readonly ChangeKind[];
  /** Known misses the caller requires: they make the mode not recommendable. */
  readonly blocking: readonly ChangeKind[];
  /** Kinds the table has whose capture by the mode the spec does not describe. */
  readonly notDescribed: readonly ChangeKind[];
  /** Kinds the table may have (`unknown`) that the mode is known to miss. */
  readonly possibleMisses: readonly ChangeKind[];
  /** Kinds the table has and the caller requires, whose capture condition is not known: facts to establish. */
  readonly conditionsUnknown: readonly ChangeKind[];
}

function captureOf(
  mode: ModeSpec,
  kind: ChangeKind,
  facts: TableFacts,
  outcomes: readonly Outcome[],
): { verdict: CaptureVerdict; basis: string } {
  if (facts.pipelineMode === 'log_based')
    return {
      verdict: 'from_log',
      basis: `In a log-based pipeline the query mode serves only the historical load; incremental data, ${kind} included, comes from the database's log (documented outside the spec: ${DOCUMENTED.eventsQueryModes}).`,
    };
  if (kind === 'deletes' && (facts.pipelineMode === 'table' || facts.pipelineMode === 'custom_sql'))
    return {
      verdict: 'missed',
      basis: `Deletes are not replicated in table or custom SQL pipelines, whatever the query mode (documented outside the spec: ${DOCUMENTED.ingestionModes}).`,
    };
  const spec = mode.captures[kind].value;
  if (spec === 'no')
    return { verdict: 'missed', basis: `\`${mode.id}\` does not capture ${kind} (spec 2.3).` };
  if (spec === 'not_described')
    return {
      verdict: 'not_described',
      basis: `Capture of ${kind} by \`${mode.id}\` is not described by the spec.`,
    };
  let unknown: Outcome | undefined;
  for (const o of outcomes) {
    if (o.check.captures !== kind) continue;
    if (o.verdict === 'no')
      return {
        verdict: 'missed',
        basis: `\`${mode.id}\` captures ${kind} only when ${o.check.holds.replace(/\.$/, '').replace(/^The /, 'the ')}, and it does not for this table (inference).`,
      };
    unknown ??= o;
  }
  if (unknown !== undefined)
    return {
      verdict: 'condition_unknown',
      basis: `\`${mode.id}\` captures ${kind} only when ${unknown.check.holds.replace(/\.$/, '').replace(/^The /, 'the ')}, which is not known (inference).`,
    };
  return { verdict: 'captured', basis: `\`${mode.id}\` captures ${kind} (spec 2.3).` };
}

/** The capture of every kind of change by a mode, for a table, given its check outcomes. */
export function assessCapture(
  mode: ModeSpec,
  facts: TableFacts,
  outcomes: readonly Outcome[],
  mustCapture: readonly ChangeKind[],
): CaptureAssessment {
  const kinds = {} as Record<ChangeKind, KindCapture>;
  const knownMisses: ChangeKind[] = [];
  const blocking: ChangeKind[] = [];
  const notDescribed: ChangeKind[] = [];
  const possibleMisses: ChangeKind[] = [];
  const conditionsUnknown: ChangeKind[] = [];
  for (const kind of CHANGE_KINDS) {
    const { verdict, basis } = captureOf(mode, kind, facts, outcomes);
    const table = facts.has[kind];
    const required = mustCapture.includes(kind);
    kinds[kind] = { table, mode: mode.captures[kind].value, verdict, required, basis };
    if (verdict === 'missed' && table === 'yes') {
      knownMisses.push(kind);
      if (required) blocking.push(kind);
    }
    if (verdict === 'missed' && table === 'unknown') possibleMisses.push(kind);
    if (verdict === 'not_described' && table === 'yes') notDescribed.push(kind);
    if (verdict === 'condition_unknown' && table === 'yes' && required) conditionsUnknown.push(kind);
  }
  return { kinds, knownMisses, blocking, notDescribed, possibleMisses, conditionsUnknown };
}
