/**
 * Findings: the words of an evaluation, for what is returned. Each outcome of a check becomes a
 * finding with its check's message, remedy and questions; each known or possible miss of a kind of
 * change, and each capture the service's documentation does not describe, becomes a `capture.change_kinds` finding.
 *
 * @module
 */

import { CHANGE_KINDS } from '../../catalogue/change-kinds.js';
import type { ChangeKind } from '../../catalogue/types.js';
import { hasKind } from '../facts/kind-set.js';
import { type CaptureContext, captureChangeKinds } from '../rules/capture/change-kinds.js';
import type { KindAssessment } from '../rules/capture/kind-assessment.js';
import type {
  Check,
  ColumnContext,
  FieldContext,
  Remedy,
  Reported,
  RuleSource,
  Severity,
  Strength,
  TableContext,
} from '../rules/check.js';
import { severityOf } from '../rules/check.js';
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

/**
 * The severity of an outcome: its strength's, except a capture condition, which binds when it
 * decides a required kind the table has, and keeps the mode waiting (a warning) when it decides a
 * required kind the table may have.
 */
function severity(outcome: CheckOutcome, evaluation: Described): Severity {
  const kind = outcome.check.captures;
  if (kind === undefined) return severityOf(outcome.check.strength, outcome.verdict);
  const k = kindOf(evaluation, kind);
  const binding = k.table === 'yes' && k.required && k.verdict !== 'from_log';
  if (!binding && hasKind(evaluation.capture.unsettled, kind)) return 'warning';
  return severityOf(binding ? 'hard' : 'advice', outcome.verdict);
}

/** The context a check's words read, for one outcome. */
function contextOf(
  outcome: CheckOutcome,
  table: TableContext,
  evaluation: Described,
): TableContext | ColumnContext | FieldContext {
  const check = outcome.check;
  if (check.scope === 'table' || outcome.field === undefined) return table;
  // Written out rather than spread from `table`: see `outcomeFinding`.
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

/** `outcomeFinding`'s rule, verdict, severity, remedy and questions, without its words (see `reachFindingsOf`). */
function reachOutcomeFinding(
  outcome: CheckOutcome,
  table: TableContext,
  evaluation: Described,
  remedyWords: boolean,
): ReachFinding | undefined {
  const check = outcome.check;
  const level = severity(outcome, evaluation);
  // `withinReach` reads the questions of an unknown warning and the remedy of an error alone.
  const asks = outcome.verdict === 'unknown' && level === 'warning';
  if (!asks && level !== 'error') return undefined;
  const finding: Writable<ReachFinding> = { rule: check.rule, verdict: outcome.verdict, severity: level };
  const remedies = (outcome.verdict === 'no' || check.remedyWhenUnknown === true) && level === 'error';
  if (!asks && !remedies) return finding;
  // A remedy's statement is most of its cost (the SQL of a trigger): written only where asked (an error asks nothing).
  if (remedies && !remedyWords) {
    finding.remedy = UNWRITTEN_REMEDY;
    return finding;
  }
  const context = contextOf(outcome, table, evaluation);
  // As in `outcomeFinding`.
  const words = check as unknown as {
    remedy: (c: typeof context) => Remedy;
    ask: (c: typeof context) => readonly FactQuestion[];
  };
  if (remedies) {
    const remedy = words.remedy(context);
    if (remedy !== undefined) finding.remedy = remedy.action;
    if (remedy?.sql) finding.sql = remedy.sql;
  }
  if (asks) finding.questions = words.ask(context);
  return finding;
}

/** The finding of one outcome. */
export function outcomeFinding(outcome: CheckOutcome, table: TableContext, evaluation: Described): Finding {
  const check = outcome.check;
  const context = contextOf(outcome, table, evaluation);
  // Each check's functions take its own context; `contextOf` built the one of its scope.
  const words = check as unknown as {
    message: (c: typeof context, v: Reported) => string;
    remedy: (c: typeof context) => Remedy;
    ask: (c: typeof context) => readonly FactQuestion[];
  };
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
    severity: severity(outcome, evaluation),
  } as Writable<Finding>;
  if (check.captures !== undefined) finding.captures = check.captures;
  finding.path = outcome.field === undefined ? MODE_PATH : outcome.field.path;
  finding.message = words.message(context, outcome.verdict);
  if (remedy !== undefined) finding.remedy = remedy.action;
  if (remedy?.sql) finding.sql = remedy.sql;
  finding.source = check.source.kind;
  finding.basis = basisOf(check.source);
  if (questions[0] !== undefined) finding.fact = questions[0].path;
  if (outcome.verdict === 'unknown') finding.questions = questions;
  return finding;
}

/** What the capture check reads of one kind of change it reports. */
type EachReported = (
  kind: ChangeKind,
  found: KindAssessment,
  unsettled: boolean,
  condition: Check | undefined,
) => void;

/** The mode's capture condition of `kind` among its outcomes, if any. */
function conditionOf(evaluation: Described, kind: ChangeKind): Check | undefined {
  for (const o of evaluation.sink.outcomes) if (o.check.captures === kind) return o.check;
  return undefined;
}

/**
 * Calls `each` for every kind of change of `evaluation` that the capture check reports, in the
 * order of `CHANGE_KINDS`: no list of them, nor an object each (6 MB a 15,000 lines of `--questions`).
 */
function eachReportedKind(evaluation: Described, each: EachReported): void {
  for (const kind of CHANGE_KINDS) {
    const found = kindOf(evaluation, kind);
    const unsettled = hasKind(evaluation.capture.unsettled, kind);
    const condition = conditionOf(evaluation, kind);
    if (captureChangeKinds.reports(found, unsettled, condition)) each(kind, found, unsettled, condition);
  }
}

/** The `capture.change_kinds` findings of a mode: the capture check, run once per kind of change. */
export function captureFindings(evaluation: Described, table: TableContext): Finding[] {
  const out: Finding[] = [];
  const check = captureChangeKinds;
  eachReportedKind(evaluation, (kind, found, unsettled, condition) => {
    const basis = captureBasis(evaluation.checks.mode, kind, found, condition);
    const { facts, mode, config, options } = table;
    const c: CaptureContext = { facts, mode, config, options, kind, found, unsettled, basis };
    const verdict = check.verdict(c);
    // Key by key, as in `outcomeFinding`.
    const finding = {
      rule: check.rule,
      check: check.id,
      strength: check.strength,
      verdict,
      severity: check.severity(c),
      captures: kind,
      path: MODE_PATH,
      message: check.message(c),
    } as Writable<Finding>;
    const remedy = check.remedy(c);
    if (remedy !== undefined) finding.remedy = remedy;
    finding.source = check.source(c);
    finding.basis = basis;
    finding.fact = check.fact(c);
    if (verdict === 'unknown') finding.questions = check.ask(c);
    out.push(finding);
  });
  return out;
}

/**
 * `captureFindings`' rule, verdict, severity, remedy and the questions of a warning, without
 * their words (see `reachFindingsOf`).
 */
function reachCaptureFindings(
  evaluation: Described,
  table: TableContext,
  asked: ReachWriting['asked'],
  out: { readonly error: ReachFinding[]; readonly warning: ReachFinding[] },
): void {
  const check = captureChangeKinds;
  eachReportedKind(evaluation, (kind, found, unsettled) => {
    const { facts, mode, config, options } = table;
    // No message is built here, and the basis is read by the message alone.
    const c: CaptureContext = { facts, mode, config, options, kind, found, unsettled, basis: '' };
    const verdict = check.verdict(c);
    const severity = check.severity(c);
    const asks = verdict === 'unknown' && severity === 'warning';
    // `withinReach` reads errors and unknown warnings alone: no finding of the rest.
    if (!asks && severity !== 'error') return;
    const finding: Writable<ReachFinding> = { rule: check.rule, verdict, severity };
    const remedy = check.remedy(c);
    if (remedy !== undefined) finding.remedy = remedy;
    if (asks) {
      // The words depend on the standing and the kind alone (`captureChangeKinds.ask`).
      const standing = check.standing(c);
      const key = standing === 'open' ? kind : standing;
      let questions = asked.get(key);
      if (questions === undefined) {
        questions = check.ask(c);
        asked.set(key, questions);
      }
      finding.questions = questions;
    }
    out[severity].push(finding);
  });
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
    const f = reachOutcomeFinding(o, table, evaluation, writing.remedies);
    if (f !== undefined) out[f.severity as 'error' | 'warning'].push(f);
  }
  reachCaptureFindings(evaluation, table, writing.asked, out);
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
