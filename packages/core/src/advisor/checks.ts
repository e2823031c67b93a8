/**
 * The checks of the advisor, as data beside the catalogue: a table keyed by catalogue rule id,
 * and general checks that apply to every mode through its field data (`kind`, `column.role`) and
 * its `captures`. Code never branches on a mode id: a mode's checks are the entries whose rule
 * belongs to it (`RULES.get(id).mode`), plus the general ones its fields call for.
 *
 * @module
 */
import { CHANGE_KINDS } from '../catalogue/change-kinds.js';
import { GENERAL_RULES, MODES, RULES } from '../catalogue/modes.js';
import type { ChangeKind, FieldSpec, ModeSpec, Provenance } from '../catalogue/types.js';
import { COLUMN_TESTS } from './column-verdicts.js';
import type { FindingPath, Severity } from './finding.js';

/** A test of one column, the one a config field names. */
export type ColumnTest =
  /** The column holds no NULLs: declared NOT NULL, or part of a one-column primary key. */
  | 'not_null'
  /** The column's values are unique: a unique constraint, or the whole primary key. */
  | 'unique'
  /** Every new record gets a unique value: unique, or auto-increment. */
  | 'unique_for_new'
  /** The database sets the column on every update. */
  | 'auto_update'
  /** The database sets the column on every insert: auto-increment or set on insert. */
  | 'set_on_insert'
  /** The column is auto-increment (advice). */
  | 'auto_increment'
  /** The column has a date-and-time type. */
  | 'timestamp_type';

/** A test of the table, or of the body as a whole. */
export type TableTest =
  /** The row count is below the `full_load` limit. */
  | 'row_limit'
  /** States the six-hour wait between full reloads (always an `info`). */
  | 'reload_wait'
  /** The table does not have a change kind the mode does not capture (`kind`). */
  | 'change_kind_missed'
  /** The optional field `field` is set (advice). */
  | 'optional_field_set'
  /** Change tracking is enabled on the table. */
  | 'tracking_table'
  /** Change tracking is enabled on the database. */
  | 'tracking_database'
  /** The change-tracking retention is strictly longer than the replication frequency. */
  | 'tracking_retention'
  /** The table has a primary key. */
  | 'primary_key';

/** A check of the column a config field names. */
export interface ColumnCheck {
  readonly scope: 'column';
  readonly test: ColumnTest;
  /** The config field whose column is checked. */
  readonly field: string;
  /** The severity when the fact fails; an unknown fact is one step milder (error → warning → info → nothing). */
  readonly fail: Severity;
  /**
   * Whether the check tests what the column is for its role (a date-and-time type, unique values,
   * a new value per insert) rather than a property that can be fixed. When `recommend` chooses a
   * column, failing such a check outweighs any number of other findings.
   */
  readonly selects: boolean;
}

/** A check of the table. */
export interface TableCheck {
  readonly scope: 'table';
  readonly test: TableTest;
  /** The change kind, for `change_kind_missed`. */
  readonly kind?: ChangeKind;
  /** The optional config field, for `optional_field_set`. */
  readonly field?: string;
  /** The severity when the fact fails; an unknown fact is one step milder. */
  readonly fail: Severity;
}

/** A check of either scope. */
export type Check = ColumnCheck | TableCheck;

/** Tests that say what a column is for its role, rather than a fixable property. */
const SELECTING: ReadonlySet<ColumnTest> = new Set([
  'timestamp_type',
  'unique',
  'unique_for_new',
  'set_on_insert',
]);

const column = (test: ColumnTest, field: string, fail: Severity): ColumnCheck => ({
  scope: 'column',
  test,
  field,
  fail,
  selects: SELECTING.has(test),
});
const table = (
  test: TableTest,
  fail: Severity,
  more: { kind?: ChangeKind; field?: string } = {},
): TableCheck => ({
  scope: 'table',
  test,
  fail,
  ...more,
});

/** The checks of each mode rule, keyed by catalogue rule id. */
export const RULE_CHECKS: { readonly [rule: string]: readonly Check[] } = {
  'full_load.row_limit': [table('row_limit', 'error')],
  'full_load.reload_wait': [table('reload_wait', 'info')],
  'timestamp.column_not_null': [column('not_null', 'timestamp_column_name', 'error')],
  'timestamp.auto_update': [column('auto_update', 'timestamp_column_name', 'error')],
  'timestamp.delayed_replication': [
    table('optional_field_set', 'info', { field: 'timestamp_delay_interval_ms' }),
  ],
  'incrementing.column_unique_not_null': [
    column('not_null', 'incrementing_column_name', 'error'),
    column('unique_for_new', 'incrementing_column_name', 'error'),
  ],
  'incrementing.updates_not_seen': [table('change_kind_missed', 'warning', { kind: 'updates' })],
  'incrementing.auto_increment_fit': [column('auto_increment', 'incrementing_column_name', 'warning')],
  'timestamp+incrementing.set_on_insert': [column('set_on_insert', 'incrementing_column_name', 'warning')],
  'timestamp+incrementing.change_data_capture': [column('auto_update', 'timestamp_column_name', 'error')],
  'unique_incrementing.column_not_null': [column('not_null', 'unique_column_name', 'error')],
  'unique_incrementing.column_unique': [column('unique', 'unique_column_name', 'warning')],
  'unique_incrementing.append_only': [table('change_kind_missed', 'error', { kind: 'updates' })],
  'change_tracking.enabled_before': [table('tracking_table', 'error')],
  'change_tracking.database_enabled': [table('tracking_database', 'error')],
  'change_tracking.retention': [table('tracking_retention', 'error')],
  'change_tracking.unique_for_historical': [column('unique', 'unique_column_name', 'error')],
  'change_tracking.primary_key': [table('primary_key', 'error')],
};

/** Catalogue rules with no check of their own, and why. */
export const UNCHECKED_RULES: { readonly [rule: string]: string } = {
  'full_load.events_quota': 'Quantified by estimateEvents and the events ranking, not a pass/fail check.',
  'timestamp.latest_seen': 'Describes how the mode reads; there is nothing in a table to check.',
  'timestamp+incrementing.timestamp_nullable': 'Allows NULLs in the timestamp column; it forbids nothing.',
  'unique_incrementing.uuid_suitable': 'Allows UUID values; it forbids nothing.',
  'body.valid': 'Checked by validateQueryModeBody; checkAgainstTable reports its issues under this rule.',
};

/** The general checks, instantiated for a field by its catalogue data. */
export const GENERAL_CHECKS = {
  /** Every column-name field: the column exists (checked by name in `checkAgainstTable`). */
  'column.exists': 'every field of kind column_name',
  /** The column can be chosen from the table (by `recommend` and `planModeChange`). */
  'column.available': 'every column_name field recommend fills from the table',
  /** Every field whose column role is `timestamp`: a date-and-time type, fail = error. */
  'column.timestamp_type': 'every field with column.role = timestamp',
  /** Every change kind the mode has no `change_kind_missed` check for: fail = warning. */
  'capture.change_kinds': "every change kind, against the mode's captures",
} as const;

/** The rule of every check: catalogue mode rules and general rules, with their source. */
export const CHECK_RULES: ReadonlyMap<string, { readonly text: string; readonly source: Provenance }> =
  new Map([
    ...[...RULES.values()].map((r) => [r.id, { text: r.text, source: r.source }] as const),
    ...GENERAL_RULES.map((r) => [r.id, { text: r.text, source: r.source }] as const),
  ]);

/** A column check with its rule, its rule's source, and its weights for choosing a column. */
export interface RuledColumnCheck extends ColumnCheck {
  readonly rule: string;
  readonly source: Provenance;
  /**
   * How much each verdict (code 0 yes, 1 no, 2 unknown) counts against a column when `recommend`
   * chooses one: a failed selecting check outweighs all else, then an unknown selecting fact,
   * then errors (10^6), warnings (10^3) and infos (1).
   */
  readonly weights: readonly [number, number, number];
  /** Where the test's verdict sits in a column's verdict word: twice its index in `COLUMN_TESTS`. */
  readonly shift: number;
}

/** A table check with its rule and its rule's source. */
export interface RuledTableCheck extends TableCheck {
  readonly rule: string;
  readonly source: Provenance;
  /** The rule's statement. */
  readonly text: string;
}

/** A column-name field of a mode, with the checks of its column. */
export interface FieldPlan {
  readonly field: FieldSpec;
  /** `['config', <field>]`. */
  readonly path: FindingPath;
  /** The column checks. */
  readonly checks: readonly RuledColumnCheck[];
}

/** The general capture check (`capture.change_kinds`) of one change kind, for one mode. */
export interface CaptureCheck {
  readonly kind: ChangeKind;
  /**
   * The finding's severity by whether the table has the kind, indexed by its code (0 yes, 1 no,
   * 2 unknown), or null for none: a kind the mode does not capture gives a warning when the table
   * has it and an info when that is unknown; a kind whose capture is not described, a warning
   * when the table has it.
   */
  readonly severity: readonly [Severity | null, Severity | null, Severity | null];
}

function captureCheck(mode: ModeSpec, kind: ChangeKind): CaptureCheck {
  const capture = mode.captures[kind].value;
  const severity = (has: 'yes' | 'no' | 'unknown'): Severity | null => {
    if (capture === 'yes' || has === 'no' || (capture !== 'no' && has !== 'yes')) return null;
    return capture === 'no' && has !== 'yes' ? 'info' : 'warning';
  };
  return { kind, severity: [severity('yes'), severity('no'), severity('unknown')] };
}

/** Everything the advisor checks for one mode, derived once from the catalogue and the tables above. */
export interface ModePlan {
  readonly mode: ModeSpec;
  /** The mode's position in the catalogue. */
  readonly index: number;
  /** Its column-name fields, in catalogue order. */
  readonly columnFields: readonly FieldPlan[];
  /** Its table checks, in rule order. */
  readonly tableChecks: readonly RuledTableCheck[];
  /** The change kinds the general capture check covers (those no `change_kind_missed` check covers). */
  readonly captureKinds: readonly ChangeKind[];
  /** The general capture check of each of `captureKinds`, worked out for every answer the table may give. */
  readonly captureChecks: readonly CaptureCheck[];
  /** Whether the mode has fields that are not column names. */
  readonly otherFields: boolean;
}

const WEIGHT = { error: 1e6, warning: 1e3, info: 1 } as const;

function ruledColumn(check: ColumnCheck, rule: string): RuledColumnCheck {
  const unknown = check.fail === 'error' ? 'warning' : check.fail === 'warning' ? 'info' : null;
  return {
    ...check,
    rule,
    source: CHECK_RULES.get(rule)?.source ?? 'spec',
    shift: 2 * COLUMN_TESTS.indexOf(check.test),
    weights: [
      0,
      (check.selects ? 1e12 : 0) + WEIGHT[check.fail],
      (check.selects ? 1e9 : 0) + (unknown === null ? 0 : WEIGHT[unknown]),
    ],
  };
}

function planFor(mode: ModeSpec, index: number): ModePlan {
  const columnChecks: RuledColumnCheck[] = [];
  const tableChecks: RuledTableCheck[] = [];
  for (const rule of mode.rules) {
    for (const check of RULE_CHECKS[rule.id] ?? []) {
      if (check.scope === 'column') columnChecks.push(ruledColumn(check, rule.id));
      else tableChecks.push({ ...check, rule: rule.id, source: rule.source, text: rule.text });
    }
  }
  const columnFields: FieldPlan[] = [];
  for (const field of mode.fields) {
    if (field.kind !== 'column_name') continue;
    const checks: RuledColumnCheck[] = [];
    if (field.column?.role === 'timestamp') {
      checks.push(ruledColumn(column('timestamp_type', field.name, 'error'), 'column.timestamp_type'));
    }
    for (const c of columnChecks) if (c.field === field.name) checks.push(c);
    columnFields.push({ field, path: Object.freeze(['config', field.name]), checks });
  }
  const covered = new Set(tableChecks.filter((c) => c.test === 'change_kind_missed').map((c) => c.kind));
  const captureKinds = CHANGE_KINDS.filter((k) => !covered.has(k));
  return {
    mode,
    index,
    columnFields,
    tableChecks,
    captureKinds,
    captureChecks: captureKinds.map((k) => captureCheck(mode, k)),
    otherFields: mode.fields.some((f) => f.kind !== 'column_name'),
  };
}

/** The plan of every mode, in catalogue order. */
export const MODE_PLANS: readonly ModePlan[] = MODES.map((m, i) => planFor(m, i));

/** The plan of a mode by id. */
export const PLAN_BY_MODE: ReadonlyMap<string, ModePlan> = new Map(MODE_PLANS.map((p) => [p.mode.id, p]));
