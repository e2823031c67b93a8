/**
 * The candidates of a recommendation: each mode with its status, body, captures, events,
 * findings, the facts to establish and what would unlock it.
 *
 * @module
 */
import type { QueryModeBody } from '../../catalogue/body-types.js';
import { CHANGE_KINDS } from '../../catalogue/change-kinds.js';
import type { QueryMode } from '../../catalogue/modes.js';
import type { ChangeKind } from '../../catalogue/types.js';
import { describeEvents, type EventsEstimate } from '../estimate/describe.js';
import {
  type CandidateStatus,
  configOfEvaluation,
  type Described,
  described,
  type Evaluation,
  kindOf,
} from '../evaluate/candidate.js';
import { captureBasis, type KindCapture } from '../evaluate/capture.js';
import {
  type Finding,
  findingsOf,
  type ReachFinding,
  type ReachWriting,
  reachFindingsOf,
  reachWriting,
} from '../evaluate/findings.js';
import { kindsIn } from '../facts/kind-set.js';
import type { TableFacts } from '../facts/table-facts.js';
import type { Ranked } from '../ranking/rank.js';
import type { TableContext } from '../rules/check.js';
import type { FactQuestion } from '../sql/questions.js';
import type { ResolvedOptions } from './options.js';

/** A change that would unlock a candidate: what to do, and its SQL in the source's dialect. */
export interface Unlock {
  /** The rule that blocks it (a check's rule, or `capture.change_kinds`). */
  readonly rule: string;
  /** What to change. */
  readonly action: string;
  /** The SQL, in the source's dialect, when there is one. */
  readonly sql?: string;
}

/** One mode, as a candidate for the table. */
export interface Candidate {
  /** The mode. */
  readonly mode: QueryMode;
  /** Its rank, 1 = best. */
  readonly rank: number;
  /** `eligible`, `needs_facts` or `ineligible`, by its hard rules (and capture conditions). */
  readonly status: CandidateStatus;
  /** Eligible, and not known to miss a kind of change the table has that `mustCapture` requires. */
  readonly recommendable: boolean;
  /** The body with its column names filled from the table; null when a column could not be chosen. */
  readonly body: QueryModeBody | null;
  /** Per kind of change: what the mode does with it for this table, and whether the table has it. */
  readonly captures: { readonly [K in ChangeKind]: KindCapture };
  /** Kinds the table has (`yes`) that the mode is known to miss. */
  readonly misses: readonly ChangeKind[];
  /** Kinds the table has whose capture by the mode the service's documentation does not describe. */
  readonly notDescribed: readonly ChangeKind[];
  /** Its events over the span. */
  readonly events: EventsEstimate;
  /**
   * When its events cannot be estimated but it was ranked below a whole-table read's estimate by
   * the `break_even` policy (see `RANKING_POLICY`): that estimate. Null otherwise.
   */
  readonly billedBelow: number | null;
  /** Its findings against the table, errors first. */
  readonly findings: readonly Finding[];
  /** The facts to establish before it can be recommended (its hard rules and capture conditions not known). */
  readonly toEstablish: readonly FactQuestion[];
  /** What would unlock it: a change for each hard rule that fails and each required kind it misses. */
  readonly toUnlock: readonly Unlock[];
}

function bodyOf(e: Evaluation): QueryModeBody | null {
  const config = configOfEvaluation(e);
  return config === null ? null : ({ config } as unknown as QueryModeBody);
}

/** The facts whose answers decide whether the candidate can be recommended. */
function toEstablish(findings: readonly ReachFinding[]): FactQuestion[] {
  const out: FactQuestion[] = [];
  for (const f of findings) {
    if (f.verdict !== 'unknown' || f.severity !== 'warning') continue;
    for (const q of f.questions ?? [])
      if (!out.some((o) => o.question === q.question && o.query === q.query)) out.push(q);
  }
  return out;
}

function toUnlock(findings: readonly ReachFinding[]): Unlock[] {
  const out: Unlock[] = [];
  for (const f of findings) {
    if (f.severity !== 'error' || f.remedy === undefined) continue;
    if (out.some((u) => u.action === f.remedy && u.sql === f.sql)) continue;
    out.push({ rule: f.rule, action: f.remedy, ...(f.sql === undefined ? {} : { sql: f.sql }) });
  }
  return out;
}

/** The capture of each kind of change, with why in words. */
function capturesOf(e: Described): { readonly [K in ChangeKind]: KindCapture } {
  const out = {} as Record<ChangeKind, KindCapture>;
  for (const kind of CHANGE_KINDS) {
    const a = kindOf(e, kind);
    // The capture condition's check: the one that failed, when one did.
    const failed = a.reason === 'condition_failed';
    const condition = e.sink.outcomes.find(
      (o) => o.check.captures === kind && (!failed || o.verdict === 'no'),
    )?.check;
    out[kind] = {
      table: a.table,
      mode: a.mode,
      verdict: a.verdict,
      required: a.required,
      basis: captureBasis(e.checks.mode, kind, a, condition),
    };
  }
  return out;
}

/** The events estimate of an evaluation, in words. */
export function eventsOf(e: Evaluation, facts: TableFacts, options: ResolvedOptions): EventsEstimate {
  return describeEvents(e.countEvents(), facts, options.span.timeline !== undefined);
}

/** The table context of an evaluation, for the words of its findings. */
export function contextOf(e: Evaluation, facts: TableFacts, options: ResolvedOptions): TableContext {
  return { facts, mode: e.checks.mode, config: configOfEvaluation(e) ?? { mode: e.checks.mode.id }, options };
}

/**
 * What `withinReach` reads of a candidate: `candidateOf`'s without the words it does not read
 * (the events in words, the body, each kind's basis), for `chooseModeWithReach` over many tables.
 */
export type ReachCandidate = Pick<
  Candidate,
  'mode' | 'recommendable' | 'misses' | 'billedBelow' | 'toEstablish' | 'toUnlock'
> & {
  readonly findings: readonly ReachFinding[];
  readonly events: Pick<EventsEstimate, 'billed'>;
  /** Whether each kind the candidate misses is required (a `Candidate`'s captures have more). */
  readonly captures: { readonly [K in ChangeKind]?: Pick<KindCapture, 'required'> };
};

/** The empty lists and captures of a `ReachCandidate`, shared: one made per table and candidate was garbage at once. */
const NOTHING: readonly never[] = Object.freeze([]);
const NO_CAPTURES = Object.freeze({});

/** The answer of a ranking as `withinReach` reads it: only its billed events. */
export function answerOf(r: Ranked): ReachCandidate {
  const e = r.evaluation;
  return {
    mode: e.checks.mode.id as QueryMode,
    recommendable: e.recommendable,
    misses: NOTHING,
    billedBelow: r.billedBelow(),
    findings: NOTHING,
    toEstablish: NOTHING,
    toUnlock: NOTHING,
    events: { billed: e.countEvents().billed },
    captures: NO_CAPTURES,
  };
}

/**
 * One candidate as `withinReach` reads it: `candidateOf(r, ...)` where `withinReach` reads it
 * (`questions.test.ts`), written as `writing` says (`ReachWriting`): without the remedies'
 * statements, its `toUnlock` is left empty (`withinReach` still sees that they are there).
 */
export function reachCandidateOf(
  r: Ranked,
  facts: TableFacts,
  options: ResolvedOptions,
  writing: ReachWriting = reachWriting(true),
): ReachCandidate {
  const e = described(r.evaluation);
  const findings = reachFindingsOf(e, contextOf(e, facts, options), writing);
  const misses = kindsIn(e.capture.knownMisses);
  let captures: { [K in ChangeKind]?: Pick<KindCapture, 'required'> } = NO_CAPTURES;
  if (misses.length > 0) {
    captures = {};
    for (const k of misses) captures[k] = { required: kindOf(e, k).required };
  }
  return {
    mode: e.checks.mode.id as QueryMode,
    recommendable: e.recommendable,
    misses,
    billedBelow: r.billedBelow(),
    findings,
    toEstablish: toEstablish(findings),
    toUnlock: writing.remedies ? toUnlock(findings) : NOTHING,
    events: { billed: e.countEvents().billed },
    captures,
  };
}

/** One candidate, with its findings and words. */
export function candidateOf(r: Ranked, rank: number, facts: TableFacts, options: ResolvedOptions): Candidate {
  const e = described(r.evaluation);
  const findings = findingsOf(e, contextOf(e, facts, options));
  return {
    mode: e.checks.mode.id as QueryMode,
    rank,
    status: e.status,
    recommendable: e.recommendable,
    body: bodyOf(e),
    captures: capturesOf(e),
    misses: kindsIn(e.capture.knownMisses),
    notDescribed: kindsIn(e.capture.notDescribed),
    events: eventsOf(e, facts, options),
    billedBelow: r.billedBelow(),
    findings,
    toEstablish: toEstablish(findings),
    toUnlock: toUnlock(findings),
  };
}

export { bodyOf };
