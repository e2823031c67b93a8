/**
 * Capture safety: for each kind of change, whether a mode captures it for this table, apart
 * from the strength of its rules. A mode is known to miss a kind when the service's table of what each mode captures
 * says `no`, when a documented fact says so (deletes in table and custom SQL pipelines), or when a
 * capture condition of the mode's column is known to fail. "Not described" is never a miss. In a
 * log-based pipeline changes come from the log, whatever the mode (that it carries every kind of
 * change is querymode's inference from its documented one-to-one replication).
 *
 * @module
 */
import { CHANGE_KINDS } from '../../catalogue/change-kinds.js';
import type { ChangeKind, ModeSpec } from '../../catalogue/types.js';
import { DOCUMENTED } from '../facts/documented.js';
import { hasKind, type KindSet, kindBit, NO_KINDS, setOf } from '../facts/kind-set.js';
import type { TableFacts } from '../facts/table-facts.js';
import type { Check } from '../rules/check.js';
import type { CaptureReason, CaptureVerdict, KindAssessment } from '../rules/kind-assessment.js';
import type { ModeChecks } from '../rules/mode-checks.js';
import type { Tally } from './sink.js';

export type { CaptureReason, CaptureVerdict, KindAssessment } from '../rules/kind-assessment.js';

/** One kind of change, for one mode and table, with why in words. */
export interface KindCapture extends Omit<KindAssessment, 'reason'> {
  /** Why, with its source. */
  readonly basis: string;
}

/** Every kind of change, for one mode and table, as sets of kinds. */
export interface CaptureAssessment {
  /** Kinds the table has (`yes`) that the mode is known to miss. */
  readonly knownMisses: KindSet;
  /** Known misses the caller requires: they make the mode not recommendable. */
  readonly blocking: KindSet;
  /** Kinds the table has whose capture by the mode the service's documentation does not describe. */
  readonly notDescribed: KindSet;
  /**
   * Kinds the table has or may have that the mode may miss, apart from its known misses: a kind
   * not known (`unknown`) that it misses, a kind whose capture condition is not known, deletes the
   * table has or may have when the pipeline mode is not known (a table or custom SQL pipeline loses them).
   */
  readonly possibleMisses: KindSet;
  /** Kinds the table has and the caller requires, whose capture condition is not known: facts to establish. */
  readonly conditionsUnknown: KindSet;
  /**
   * Kinds the caller requires whose capture by the mode is not settled: the possible misses the
   * caller requires (deletes only when it asks for them: `DEFAULT_MUST_CAPTURE`). Facts to
   * establish: the mode needs them.
   */
  readonly unsettled: KindSet;
  /** Kinds the mode captures for this table (`captured`), whether the table has them or not. */
  readonly captured: KindSet;
}

const DELETES = kindBit('deletes');
const ALL_KINDS = setOf(CHANGE_KINDS);

/** The verdict of each reason. */
const VERDICT: { readonly [R in CaptureReason]: CaptureVerdict } = {
  log: 'from_log',
  documented_deletes: 'missed',
  spec_no: 'missed',
  spec_not_described: 'not_described',
  condition_failed: 'missed',
  condition_unknown: 'condition_unknown',
  spec_yes: 'captured',
};

/** Why a mode captures a kind as it does, for this table and the conditions its checks found. */
function reasonOf(mode: ModeSpec, kind: ChangeKind, facts: TableFacts, conditions: Tally): CaptureReason {
  if (facts.pipelineMode === 'log_based') return 'log';
  if (kind === 'deletes' && (facts.pipelineMode === 'table' || facts.pipelineMode === 'custom_sql'))
    return 'documented_deletes';
  const spec = mode.captures[kind].value;
  if (spec === 'no') return 'spec_no';
  if (spec === 'not_described') return 'spec_not_described';
  if (hasKind(conditions.conditionsFailed, kind)) return 'condition_failed';
  if (hasKind(conditions.conditionsUnknown, kind)) return 'condition_unknown';
  return 'spec_yes';
}

/** One kind of change, for one mode and table. */
export function assessKind(
  mode: ModeSpec,
  kind: ChangeKind,
  facts: TableFacts,
  conditions: Tally,
  required: KindSet,
): KindAssessment {
  const reason = reasonOf(mode, kind, facts, conditions);
  return {
    table: facts.has[kind],
    mode: mode.captures[kind].value,
    verdict: VERDICT[reason],
    required: hasKind(required, kind),
    reason,
  };
}

/** A check's `holds` sentence, to go inside another. */
const inner = (holds: string): string => holds.replace(/\.$/, '').replace(/^The /, 'the ');

/** Why a kind has its capture verdict, in a sentence with its source; `condition` is the capture condition's check. */
export function captureBasis(mode: ModeSpec, kind: ChangeKind, a: KindAssessment, condition?: Check): string {
  const id = `\`${mode.id}\``;
  switch (a.reason) {
    case 'log':
      return `In a log-based pipeline the query mode serves only the historical load; incremental data comes from the database's log (documented at ${DOCUMENTED.eventsQueryModes}). That ${kind} are replicated from it is querymode's inference from the log's documented one-to-one replication (${DOCUMENTED.ingestionModes}).`;
    case 'documented_deletes':
      return `Deletes are not replicated in table or custom SQL pipelines, whatever the query mode (documented at ${DOCUMENTED.ingestionModes}).`;
    case 'spec_no':
      return `${id} does not capture ${kind} (service rules: what each mode captures).`;
    case 'spec_not_described':
      return `Capture of ${kind} by ${id} is not described by the service's documentation (service rules: what each mode captures).`;
    case 'condition_failed':
      return `${id} captures ${kind} only when ${inner(condition?.holds ?? '')}, and it does not for this table (inference).`;
    case 'condition_unknown':
      return `${id} captures ${kind} only when ${inner(condition?.holds ?? '')}, which is not known (inference).`;
    case 'spec_yes':
      return `${id} captures ${kind} (service rules: what each mode captures).`;
  }
}

const NOTHING: CaptureAssessment = Object.freeze({
  knownMisses: NO_KINDS,
  blocking: NO_KINDS,
  notDescribed: NO_KINDS,
  possibleMisses: NO_KINDS,
  conditionsUnknown: NO_KINDS,
  unsettled: NO_KINDS,
  captured: NO_KINDS,
});

/**
 * The capture of every kind of change by a mode, for a table, given the capture conditions its
 * checks found: `reasonOf` for every kind at once, with sets (the property test in
 * `capture.test.ts` holds the two equal).
 */
export function assessCapture(
  checks: ModeChecks,
  facts: TableFacts,
  conditions: Tally,
  required: KindSet,
): CaptureAssessment {
  if (facts.pipelineMode === 'log_based') return NOTHING;
  const spec = checks.spec;
  const documented =
    facts.pipelineMode === 'table' || facts.pipelineMode === 'custom_sql' ? DELETES : NO_KINDS;
  const failed = conditions.conditionsFailed & spec.yes;
  const missed = (spec.no | documented | failed) & ALL_KINDS;
  const notDescribed = spec.notDescribed & ~documented;
  const conditionUnknown = conditions.conditionsUnknown & spec.yes & ~failed & ~documented;
  const knownMisses = missed & facts.kindsYes;
  const mayHave = facts.kindsYes | facts.kindsUnknown;
  // An unknown pipeline mode may be a table or custom SQL pipeline, which loses deletes.
  const maybeDocumented = facts.pipelineMode === undefined ? DELETES & mayHave : NO_KINDS;
  const possibleMisses =
    (missed & facts.kindsUnknown) | (conditionUnknown & mayHave) | (maybeDocumented & ~missed);
  return {
    knownMisses,
    blocking: knownMisses & required,
    notDescribed: notDescribed & facts.kindsYes,
    possibleMisses,
    conditionsUnknown: conditionUnknown & facts.kindsYes & required,
    unsettled: possibleMisses & required,
    captured: spec.yes & ~documented & ~failed & ~conditions.conditionsUnknown,
  };
}
