/**
 * The shape of a check: one file per check (in the folder of its mode, or `general/`) holds
 * everything about it, as a value of this type: the rule it checks, its strength and source, the
 * facts it reads, its verdict (yes, no or unknown), its message for each verdict that is reported,
 * its remedy in the source's SQL dialect, and the facts to establish when the verdict is unknown.
 * The checks of a rule run on a mode's body (`runChecks`); the change-kind check
 * (`capture/change-kinds.ts`) runs on each kind of change the mode's capture leaves open.
 *
 * @module
 */

import type { ChangeKind, FieldSpec, ModeSpec } from '../../catalogue/types.js';
import type { SqlDialect, Target, Written } from '../../dialects/index.js';
import { shownName } from '../../text/visible.js';
import type { EventsSpan } from '../estimate/count.js';
import type { ColumnFacts } from '../facts/column-facts.js';
import type { TableFacts } from '../facts/table-facts.js';
import type { FactQuestion, TraitPath } from '../sql/questions.js';
import { framed, sqlTarget } from '../sql/target.js';
import type { Tri } from '../traits/tri.js';
import type { KindAssessment } from './kind-assessment.js';

/**
 * How much a rule binds. `hard`: the "must", "usable only when" or "needed when" of the service's
 * API documentation (docs/service.md), or a
 * documented requirement worded as such; a hard rule known to fail makes the mode ineligible.
 * `advice`: everything else; it can only lower the mode's rank.
 */
export type Strength = 'hard' | 'advice';

/** Where a rule comes from, with the words or the address that show it. */
export type RuleSource =
  /** The service's API documentation (`spec`): the quoted sentence. */
  | { readonly kind: 'spec'; readonly quote: string }
  /** Another public page of documentation: its address, and what it says. */
  | { readonly kind: 'documented'; readonly address: string; readonly statement: string }
  /** General database knowledge: the statement, said to be an inference. */
  | { readonly kind: 'inference'; readonly statement: string }
  /** The caller's own constraint (an option of `recommend`). */
  | { readonly kind: 'caller'; readonly statement: string };

/** What makes a failed check hold: the change in words, and the SQL in the source's dialect. */
export interface Remedy {
  /** What to change. */
  readonly action: string;
  /** The SQL in the source's dialect; null where the dialect is not known or has no such statement. */
  readonly sql: string | null;
}

/**
 * How close to the `full_load` row limit a row count that is the database's estimate
 * (`rows_estimate: true`) is not known to be on either side of it: 20% of the limit. The
 * advisor's own choice, not a rule of the service.
 */
export const DEFAULT_ROWS_ESTIMATE_MARGIN = 0.2;

/** What the checks may read of the caller's options. */
export interface CheckOptions {
  /** The modes the caller's source supports, when the caller says. */
  readonly supportedModes?: readonly string[];
  /** How close to the `full_load` limit an estimated row count is not known to be below it (a fraction). */
  readonly rowsEstimateMargin: number;
  /** The span of the events estimate, over which a row limit must hold (`full_load.row_limit_growth`). */
  readonly span?: EventsSpan;
}

/** What a table check reads: the table, the mode and the config of its body, the caller's options. */
export interface TableContext {
  readonly facts: TableFacts;
  readonly mode: ModeSpec;
  readonly config: Readonly<Record<string, unknown>>;
  readonly options: CheckOptions;
}

/** What a column check's words read: the table context, the field, and the column it names. */
export interface ColumnContext extends TableContext {
  readonly field: FieldSpec;
  readonly column: ColumnFacts;
}

/** What a field check reads: the table context, the field, the name in the body and the column found. */
export interface FieldContext extends TableContext {
  readonly field: FieldSpec;
  /** The column name the body gives, or undefined when none could be chosen. */
  readonly named: string | undefined;
  /** The column of the table with that name, if any. */
  readonly column: ColumnFacts | undefined;
  /** The columns of the table that fit the field by its column checks, best first (worked out when read). */
  readonly fitting: () => readonly ColumnFacts[];
}

/** A reported verdict: the rule does not hold, or a fact it needs is not known. */
export type Reported = Exclude<Tri, 'yes'>;

interface CheckCommon<C> {
  /** A stable id, unique among the checks: `<mode>.<slug>` or `<scope>.<slug>`. */
  readonly id: string;
  /** The rule it checks: a catalogue rule id (`RULES`, `GENERAL_RULES`) or `option.*`. */
  readonly rule: string;
  readonly strength: Strength;
  readonly source: RuleSource;
  /** What holds when the verdict is yes, in a short sentence, for docs. */
  readonly holds: string;
  /** The traits it reads, for docs (`columns[].nullable`). */
  readonly reads: readonly string[];
  /**
   * For a capture condition: the change kind whose capture the documentation's `yes` promises only when
   * this check holds (inference). A `no` makes that capture a known miss for this table; an
   * `unknown` asks for the fact when the table has the kind.
   */
  readonly captures?: ChangeKind;
  /**
   * Whether a `no` says the source cannot run the mode at all, whatever the table: its kind lacks
   * what the mode uses, or the caller says the source does not support the mode. Such a mode is
   * ranked after every other, so it is never offered as the closest.
   */
  readonly rulesOutMode?: true;
  /** Whether the check applies to this table (a feature the source does not have makes it moot). */
  readonly applies?: (facts: TableFacts) => boolean;
  /** The message of a reported verdict. */
  readonly message: (c: C, verdict: Reported) => string;
  /**
   * Where its words have parameters: its message (and remedy) templates, by key, which `message`
   * fills (`{name}` stands for a parameter: `text/template.ts`). The legend of `--detail` writes
   * them once, and each finding the key and the parameters.
   */
  readonly words?: Readonly<Record<string, string>>;
  /** What makes it hold, for a `no`. */
  readonly remedy: (c: C) => Remedy;
  /**
   * Whether the remedy is given for an `unknown` too: a fact that cannot be established from the
   * table alone, but which a known statement settles (a grant).
   */
  readonly remedyWhenUnknown?: true;
  /** The facts to establish, for an `unknown`. */
  readonly ask: (c: C) => readonly FactQuestion[];
}

/** A check of the table as a whole, or of the body as a whole. */
export interface TableCheck extends CheckCommon<TableContext> {
  readonly scope: 'table';
  readonly verdict: (c: TableContext) => Tri;
}

/** A check of the column a config field names. */
export interface ColumnCheck extends CheckCommon<ColumnContext> {
  readonly scope: 'column';
  /**
   * Whether it checks the column of this field. A check of a mode's rule runs for that mode only;
   * a general check runs for every mode whose field it applies to (by the field's catalogue data).
   */
  readonly appliesTo: (field: FieldSpec) => boolean;
  /**
   * Whether choosing a column for the field uses it: a column known to fail it (`no`) is never
   * chosen, and one whose fact is unknown comes after the columns known to pass.
   */
  readonly selects: boolean;
  readonly verdict: (column: ColumnFacts, facts: TableFacts) => Tri;
}

/** A check of how a column-name field finds its column in the table. */
export interface FieldCheck extends CheckCommon<FieldContext> {
  readonly scope: 'field';
  /** From the name in the body (undefined when none could be chosen) and the column with that name, if any. */
  readonly verdict: (named: string | undefined, column: ColumnFacts | undefined, facts: TableFacts) => Tri;
}

/** What the change-kind check reads: the table context, and one kind with what the mode does with it. */
export interface ChangeKindContext extends TableContext {
  readonly kind: ChangeKind;
  /** What the mode does with the kind, for this table. */
  readonly found: KindAssessment;
  /** Whether the caller requires the kind and its capture is not settled. */
  readonly unsettled: boolean;
  /** Why the kind has its capture verdict, with its source (`captureBasis`); read by the message alone. */
  readonly basis: string;
}

/**
 * How a reported kind stands, which decides the finding's words: a kind the table has in a
 * pipeline whose mode is not known (`pipeline`), a capture not described, a kind the table has,
 * or a kind the table may have (`open`).
 */
export type CaptureStanding = 'pipeline' | 'not_described' | 'known' | 'open';

/**
 * A check of what the mode does with one kind of change: run once per kind of change the table
 * has or may have (`reports`), on the mode's capture rather than on its body. Its severity, source
 * and trait depend on the kind, so it gives them for each.
 */
export interface ChangeKindCheck extends CheckCommon<ChangeKindContext> {
  readonly scope: 'change_kind';
  readonly strength: 'hard';
  /** The kind of source of its findings but those on documented deletes: the legend of `--detail` writes it once. */
  readonly usualSource: RuleSource['kind'];
  /** Whether a kind is reported: `condition` is the mode's capture condition of it, if any. */
  readonly reports: (found: KindAssessment, unsettled: boolean, condition: RuleCheck | undefined) => boolean;
  readonly standing: (c: ChangeKindContext) => CaptureStanding;
  readonly verdict: (c: ChangeKindContext) => Reported;
  readonly severity: (c: ChangeKindContext) => Severity;
  /** The kind of source of one kind's finding (`usualSource`, or `documented`). */
  readonly sourceOf: (c: ChangeKindContext) => RuleSource['kind'];
  /** The trait one kind's finding rests on. */
  readonly fact: (c: ChangeKindContext) => TraitPath;
  readonly words: Readonly<Record<string, string>>;
}

/** A check `runChecks` runs on a mode's body: of the table, of a field's column, or of how a field finds it. */
export type RuleCheck = TableCheck | ColumnCheck | FieldCheck;

/** A check of any scope. */
export type Check = RuleCheck | ChangeKindCheck;

/** Every field a check that `runChecks` runs may have. */
type AnyCheckField = keyof TableCheck | keyof ColumnCheck | keyof FieldCheck;

/**
 * The same check with every field of every scope written, in one order (absent ones undefined):
 * the loops that run the checks (`evaluate/fill.ts`, `run-checks.ts`, `sink.ts`) then read one
 * object shape rather than one per check: ~8-10% of chooseMode (pnpm bench advisor; valgrind).
 */
export function inOneShape<C extends RuleCheck>(check: C): C {
  const c: { readonly [K in AnyCheckField]?: unknown } = check;
  const shaped = {
    id: c.id,
    rule: c.rule,
    scope: c.scope,
    strength: c.strength,
    source: c.source,
    holds: c.holds,
    reads: c.reads,
    captures: c.captures,
    rulesOutMode: c.rulesOutMode,
    applies: c.applies,
    appliesTo: c.appliesTo,
    selects: c.selects,
    verdict: c.verdict,
    message: c.message,
    words: c.words,
    remedy: c.remedy,
    remedyWhenUnknown: c.remedyWhenUnknown,
    ask: c.ask,
  } satisfies { readonly [K in AnyCheckField]: unknown };
  return shaped as unknown as C;
}

/** How a reported verdict weighs: the severity of its finding. */
export type Severity = 'error' | 'warning' | 'info';

/**
 * The severity of a reported verdict: a hard rule that fails is an `error` (the mode is
 * ineligible); a hard rule whose fact is unknown, and advice that fails, a `warning`; advice whose
 * fact is unknown, an `info`.
 */
export function severityOf(strength: Strength, verdict: Reported): Severity {
  if (strength === 'hard') return verdict === 'no' ? 'error' : 'warning';
  return verdict === 'no' ? 'warning' : 'info';
}

/** A remedy in words only. */
export const inWords = (action: string): Remedy => ({ action, sql: null });

/**
 * A remedy with its SQL written by the source's dialect (see `dialects/`), or in words only where
 * the dialect or the table is not known, or the dialect cannot write the statement safely (the
 * writer returns null; `unwritten` then says why, in words), or in the platform's own words where
 * it takes no statement (the writer's words replace `action`).
 */
export function remedyIn(
  facts: TableFacts,
  action: string,
  write: (sql: SqlDialect, target: Target) => Written,
  unwritten?: string,
): Remedy {
  const at = sqlTarget(facts);
  if (!('sql' in at)) return { action: `${action} (${at.why})`, sql: null };
  const sql = write(at.sql, at.target);
  if (sql !== null && typeof sql === 'object') return { action: sql.words, sql: null };
  if (sql === null)
    return { action: unwritten === undefined ? action : `${action}: ${unwritten}`, sql: null };
  return { action, sql: framed(at.sql, at.target.name, sql) };
}

/** The table in a sentence: its name in backticks, or "the table". */
export function tableWord(facts: TableFacts): string {
  return facts.table === undefined ? 'the table' : shownName(facts.table);
}
