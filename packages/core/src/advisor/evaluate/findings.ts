/**
 * Findings: the words of an evaluation, for what is returned. Each outcome of a check becomes a
 * finding with its check's message, remedy and questions; each known or possible miss of a kind of
 * change, and each capture the service's documentation does not describe, is an outcome of the
 * change-kind check (`capture.change_kinds`), made into a finding by the same builder.
 *
 * @module
 */

import { CHANGE_KINDS } from '../../catalogue/change-kinds.js';
import type { ChangeKind } from '../../catalogue/types.js';
import { hasKind } from '../facts/kind-set.js';
import { captureChangeKinds } from '../rules/capture/change-kinds.js';
import type {
  ChangeKindContext,
  ColumnContext,
  FieldContext,
  Remedy,
  Reported,
  RuleCheck,
  RuleSource,
  Severity,
  Strength,
  TableContext,
} from '../rules/check.js';
import { severityOf } from '../rules/check.js';
import type { KindAssessment } from '../rules/kind-assessment.js';
import type { FactQuestion, TraitPath } from '../sql/questions.js';
import { type Described, kindOf } from './candidate.js';
import { captureBasis } from './capture.js';
import { fittingColumns } from './fill.js';
import type { CheckOutcome } from './outcome.js';

/** What the advisor says about a mode against a table, as plain data. */
export interface Finding {
  /** The rule: a catalogue rule id (`timestamp.auto_update`, `column.exists`, `capture.change_kinds`) or `option.*`. */
  readonly rule: string;
  /** The check that found it (several checks can serve one rule). */
  readonly check: string;
  /** How much the rule binds. */
  readonly strength: Strength;
  /** `no`: the rule does not hold; `unknown`: a fact it needs is not known. */
  readonly verdict: Reported;
  /** `error`: the mode cannot be recommended for this table; `warning`: a risk or an open fact; `info`: advice. */
  readonly severity: Severity;
  /** For a capture condition or a capture: the kind of change it decides. */
  readonly captures?: ChangeKind;
  /** Where in the request body it points: `['config', <field>]`, or `['config', 'mode']` for the mode. */
  readonly path: readonly string[];
  /** What does not hold, or is not known, naming the column, table or fact. */
  readonly message: string;
  /** For `no` (and an `unknown` a known statement settles): what to change. */
  readonly remedy?: string;
  /** With `remedy`: its SQL, in the source's dialect. */
  readonly sql?: string;
  /**
   * Where the rule comes from, a stable code: `spec` the service's API documentation, `documented`
   * another public page (with its address), `inference` querymode's own, `caller` an option given.
   * The rule's entry on docs/service.md says more.
   */
  readonly source: RuleSource['kind'];
  /** The documentation's sentence, the documented address and statement, or the inference, in words. */
  readonly basis: string;
  /** The trait the finding rests on, such as `['columns', 2, 'nullable']`. */
  readonly fact?: TraitPath;
  /** For `unknown`: the facts to establish, each with its query. */
  readonly questions?: readonly FactQuestion[];
}

const MODE_PATH: readonly string[] = Object.freeze(['config', 'mode']);

/** A finding while it is built, key by key (its required keys are all set before it is returned). */
type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** The words of a rule's source. */
export function basisOf(source: RuleSource): string {
  switch (source.kind) {
    case 'spec':
      return source.quote;
    case 'documented':
      return `${source.statement} (${source.address})`;
    case 'inference':
    case 'caller':
      return source.statement;
  }
}

/** The context a check's words read: of its scope. */
type CheckContext = TableContext | ColumnContext | FieldContext | ChangeKindContext;

/**
 * The severity of an outcome: its strength's, except a capture condition, which binds when it
 * decides a required kind the table has, and keeps the mode waiting (a warning) when it decides a
 * required kind the table may have; the change-kind check gives its own, for the kind.
 */
function severity(outcome: CheckOutcome, context: CheckContext, evaluation: Described): Severity {
  const check = outcome.check;
  if (check.scope === 'change_kind') return check.severity(context as ChangeKindContext);
  const kind = check.captures;
  if (kind === undefined) return severityOf(check.strength, outcome.verdict);
  const k = kindOf(evaluation, kind);
  const binding = k.table === 'yes' && k.required && k.verdict !== 'from_log';
  if (!binding && hasKind(evaluation.capture.unsettled, kind)) return 'warning';
  return severityOf(binding ? 'hard' : 'advice', outcome.verdict);
}

/** The context a rule check's words read, for one of its outcomes. */
function contextOf(
  outcome: CheckOutcome,
  table: TableContext,
  evaluation: Described,
): TableContext | ColumnContext | FieldContext {
  const check = outcome.check;
  if (check.scope === 'table' || outcome.field === undefined) return table;
  // Written out rather than spread from `table`: see `findingOf`.
  const { facts, mode, config, options } = table;
  const field = outcome.field.field;
  if (check.scope === 'column')
    return {
      facts,
      mode,
      config,
      options,
      field,
      column: outcome.column as NonNullable<CheckOutcome['column']>,
    };
  const fc = outcome.field;
  const fitting = () => fittingColumns(fc, facts, evaluation.required);
  return { facts, mode, config, options, field, named: outcome.named, column: outcome.column, fitting };
}

/**
 * What `withinReach` reads of a finding: whether it blocks, what would unlock it (an error's
 * remedy), what to establish (an unknown warning's questions).
 */
export type ReachFinding = Pick<Finding, 'rule' | 'verdict' | 'severity' | 'remedy' | 'sql' | 'questions'>;

/**
 * A remedy whose words were not asked for (`ReachWriting.remedies` false): an error that has
 * one, for what `withinReach` decides, without the statement written.
 */
export const UNWRITTEN_REMEDY = '';

/**
 * What `reachFindingsOf` writes for the modes of one table: the remedies' statements or not, and
 * the questions of the capture findings asked already, by what they ask (every mode of a table
 * that leaves a kind open asks the same: 40-50% of them, on the bench's tables).
 */
export interface ReachWriting {
  readonly remedies: boolean;
  readonly asked: Map<string, readonly FactQuestion[]>;
}

/** A fresh `ReachWriting` for one table, with or without the remedies' statements. */
export const reachWriting = (remedies: boolean): ReachWriting => ({ remedies, asked: new Map() });

/** How a check's words are called, whatever its scope: `contextOf` (or the change-kind check's caller) built the context of its scope. */
interface CheckWords {
  message: (c: CheckContext, v: Reported) => string;
  remedy: (c: CheckContext) => Remedy;
  ask: (c: CheckContext) => readonly FactQuestion[];
}

/**
 * `findingOf`'s rule, verdict, severity, remedy and questions, without its words (see
 * `reachFindingsOf`); `context`: the outcome's, given for the change-kind check (its verdict read
 * it), else built only when a remedy or the questions are written.
 */
function reachFindingOf(
  outcome: CheckOutcome,
  table: TableContext,
  evaluation: Described,
  writing: ReachWriting,
  context?: ChangeKindContext,
): ReachFinding | undefined {
  const check = outcome.check;
  const level = severity(outcome, context ?? table, evaluation);
  // `withinReach` reads the questions of an unknown warning and the remedy of an error alone.
  const asks = outcome.verdict === 'unknown' && level === 'warning';
  if (!asks && level !== 'error') return undefined;
  const finding: Writable<ReachFinding> = { rule: check.rule, verdict: outcome.verdict, severity: level };
  const remedies = (outcome.verdict === 'no' || check.remedyWhenUnknown === true) && level === 'error';
  if (!asks && !remedies) return finding;
  // A remedy's statement is most of its cost (the SQL of a trigger): written only where asked (an error asks nothing).
  if (remedies && !writing.remedies) {
    finding.remedy = UNWRITTEN_REMEDY;
    return finding;
  }
  const c = context ?? contextOf(outcome, table, evaluation);
  const words = check as unknown as CheckWords;
  if (remedies) {
    const remedy = words.remedy(c);
    if (remedy !== undefined) finding.remedy = remedy.action;
    if (remedy?.sql) finding.sql = remedy.sql;
  }
  if (asks) finding.questions = context === undefined ? words.ask(c) : askedOnce(context, writing.asked);
  return finding;
}

/**
 * The change-kind check's questions for one kind, asked once a table: they depend on its
 * standing and the kind alone (`captureChangeKinds.ask`).
 */
function askedOnce(c: ChangeKindContext, asked: ReachWriting['asked']): readonly FactQuestion[] {
  const check = captureChangeKinds;
  const standing = check.standing(c);
  const key = standing === 'open' ? c.kind : standing;
  let questions = asked.get(key);
  if (questions === undefined) {
    questions = check.ask(c);
    asked.set(key, questions);
  }
  return questions;
}

/** The finding of one outcome of a check, in the context of its scope. */
function findingOf(outcome: CheckOutcome, context: CheckContext, evaluation: Described): Finding {
  const check = outcome.check;
  // Each check's functions take its own context; the caller built the one of its scope.
  const words = check as unknown as CheckWords;
  const questions = words.ask(context);
  const remedy =
    outcome.verdict === 'no' || check.remedyWhenUnknown === true ? words.remedy(context) : undefined;
  // Built key by key in the order of `Finding`, an optional key only when present, with no spread
  // of a conditional object: with the context below made the same way, `recommend` per table took
  // 14% less time on the advisor bench (a finding is made for every outcome of every candidate).
  const finding = {
    rule: check.rule,
    check: check.id,
    strength: check.strength,
    verdict: outcome.verdict,
    severity: severity(outcome, context, evaluation),
  } as Writable<Finding>;
  const captures = check.scope === 'change_kind' ? (context as ChangeKindContext).kind : check.captures;
  if (captures !== undefined) finding.captures = captures;
  finding.path = outcome.field === undefined ? MODE_PATH : outcome.field.path;
  finding.message = words.message(context, outcome.verdict);
  if (remedy !== undefined) finding.remedy = remedy.action;
  if (remedy?.sql) finding.sql = remedy.sql;
  if (check.scope === 'change_kind') {
    // Its source, basis and trait depend on the kind.
    const c = context as ChangeKindContext;
    finding.source = check.sourceOf(c);
    finding.basis = c.basis;
    finding.fact = check.fact(c);
  } else {
    finding.source = check.source.kind;
    finding.basis = basisOf(check.source);
    if (questions[0] !== undefined) finding.fact = questions[0].path;
  }
  if (outcome.verdict === 'unknown') finding.questions = questions;
  return finding;
}

/** The finding of one outcome of a rule check. */
export function outcomeFinding(outcome: CheckOutcome, table: TableContext, evaluation: Described): Finding {
  return findingOf(outcome, contextOf(outcome, table, evaluation), evaluation);
}

/** The mode's capture condition of `kind` among its outcomes, if any. */
function conditionOf(evaluation: Described, kind: ChangeKind): RuleCheck | undefined {
  // A sink's outcomes are of the checks `runChecks` runs.
  for (const o of evaluation.sink.outcomes) if (o.check.captures === kind) return o.check as RuleCheck;
  return undefined;
}

/** What the change-kind check reports of one kind: its context (`basis` left empty when no message is written) and verdict. */
type EachReported = (c: ChangeKindContext, outcome: CheckOutcome) => void;

/**
 * Calls `each` for every kind of change of `evaluation` that the change-kind check reports, in
 * the order of `CHANGE_KINDS`, with its context and outcome (no list of them: 6 MB a 15,000
 * lines of `--questions`); `basis`: whether the context's basis is written (the message alone reads it).
 */
function eachReportedKind(
  evaluation: Described,
  table: TableContext,
  basis: boolean,
  each: EachReported,
): void {
  const check = captureChangeKinds;
  const { facts, mode, config, options } = table;
  for (const kind of CHANGE_KINDS) {
    const found: KindAssessment = kindOf(evaluation, kind);
    const unsettled = hasKind(evaluation.capture.unsettled, kind);
    const condition = conditionOf(evaluation, kind);
    if (!check.reports(found, unsettled, condition)) continue;
    const why = basis ? captureBasis(evaluation.checks.mode, kind, found, condition) : '';
    const c: ChangeKindContext = { facts, mode, config, options, kind, found, unsettled, basis: why };
    // Every key of an outcome, as a `Collector` writes them: one shape for the builder to read.
    each(c, { check, verdict: check.verdict(c), field: undefined, column: undefined, named: undefined });
  }
}

/** The `capture.change_kinds` findings of a mode: the change-kind check, run once per kind of change. */
export function captureFindings(evaluation: Described, table: TableContext): Finding[] {
  const out: Finding[] = [];
  eachReportedKind(evaluation, table, true, (c, outcome) => out.push(findingOf(outcome, c, evaluation)));
  return out;
}

const ORDER: { readonly [S in Severity]: number } = { error: 0, warning: 1, info: 2 };

/**
 * The findings `withinReach` reads (errors, then unknown warnings, each in `findingsOf`'s order),
 * without the words it does not read (messages, sources, the questions of findings that are not
 * unknown warnings): a third of `--questions`' time went to them (pnpm bench questions).
 * `writing` says what else is written (`ReachWriting`); without it, everything.
 */
export function reachFindingsOf(
  evaluation: Described,
  table: TableContext,
  writing: ReachWriting = reachWriting(true),
): ReachFinding[] {
  // Only what `withinReach` reads, by severity as it comes: no finding of the rest, and no sort.
  const out = { error: [] as ReachFinding[], warning: [] as ReachFinding[] };
  for (const o of evaluation.sink.outcomes) {
    const f = reachFindingOf(o, table, evaluation, writing);
    if (f !== undefined) out[f.severity as 'error' | 'warning'].push(f);
  }
  eachReportedKind(evaluation, table, false, (c, outcome) => {
    const f = reachFindingOf(outcome, table, evaluation, writing, c);
    if (f !== undefined) out[f.severity as 'error' | 'warning'].push(f);
  });
  return out.warning.length === 0 ? out.error : out.error.concat(out.warning);
}

/** Every finding of an evaluation, errors first, then warnings, then infos (stable within each). */
export function findingsOf(evaluation: Described, table: TableContext): Finding[] {
  const all = [
    ...evaluation.sink.outcomes.map((o) => outcomeFinding(o, table, evaluation)),
    ...captureFindings(evaluation, table),
  ];
  // Array.prototype.sort is stable: findings of one severity keep their order.
  return all.sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
}
