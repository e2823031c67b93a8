/**
 * The checks of each mode, derived once from the catalogue and the index: a mode's own rules'
 * checks, and the general checks its fields call for (by each field's catalogue data). Code
 * never branches on a mode id.
 *
 * @module
 */
import { CHANGE_KINDS } from '../../catalogue/change-kinds.js';
import { MODES } from '../../catalogue/modes.js';
import type { FieldSpec, ModeSpec } from '../../catalogue/types.js';
import { type KindSet, kindsWith } from '../facts/kind-set.js';
import type { ColumnCheck, FieldCheck, TableCheck } from './check.js';
import { GENERAL_CHECKS, RULE_CHECKS } from './index.js';

/** A column-name field of a mode, with the checks of the column it names. */
export interface ColumnField {
  readonly field: FieldSpec;
  /** Its position among the mode's column-name fields. */
  readonly position: number;
  /** `['config', <field>]`. */
  readonly path: readonly string[];
  /** The checks of its column: those that choose the column first, then general ones, then the mode's own. */
  readonly column: readonly ColumnCheck[];
}

/** Everything the advisor checks for one mode. */
export interface ModeChecks {
  readonly mode: ModeSpec;
  /** The mode's position in the catalogue. */
  readonly index: number;
  /** The checks of the table and the body as a whole: the mode's own, in rule order, then the general ones. */
  readonly table: readonly TableCheck[];
  /** Its column-name fields, in catalogue order. */
  readonly columnFields: readonly ColumnField[];
  /** The checks of how each field finds its column. */
  readonly field: readonly FieldCheck[];
  /** Its fields that are not column names. */
  readonly valueFields: readonly FieldSpec[];
  /** What the service's table of what each mode captures (2.3) says of the mode, as the kinds of each answer. */
  readonly spec: { readonly yes: KindSet; readonly no: KindSet; readonly notDescribed: KindSet };
}

const general = Object.values(GENERAL_CHECKS).flat();

function checksOf(mode: ModeSpec, index: number): ModeChecks {
  const own = mode.rules.flatMap((r) => RULE_CHECKS[r.id] ?? []);
  const table: TableCheck[] = [];
  const field: FieldCheck[] = [];
  for (const c of [...own, ...general]) {
    if (c.scope === 'table') table.push(c);
    else if (c.scope === 'field') field.push(c);
  }
  const columnChecks = [...general, ...own].filter((c): c is ColumnCheck => c.scope === 'column');
  const columnFields = (mode.fields as readonly FieldSpec[])
    .filter((f) => f.kind === 'column_name')
    .map((f, position) => ({
      field: f,
      position,
      path: Object.freeze(['config', f.name]),
      // The checks that choose the column first: a column they exclude is dropped at once.
      column: columnChecks
        .filter((c) => c.appliesTo(f))
        .sort((a, b) => Number(b.selects) - Number(a.selects)),
    }));
  const valueFields = (mode.fields as readonly FieldSpec[]).filter((f) => f.kind !== 'column_name');
  const answers = Object.fromEntries(CHANGE_KINDS.map((k) => [k, mode.captures[k].value])) as {
    [K in (typeof CHANGE_KINDS)[number]]: string;
  };
  const spec = {
    yes: kindsWith(answers, 'yes'),
    no: kindsWith(answers, 'no'),
    notDescribed: kindsWith(answers, 'not_described'),
  };
  return { mode, index, table, columnFields, field, valueFields, spec };
}

/** The checks of every mode, in catalogue order. */
export const MODE_CHECKS: readonly ModeChecks[] = MODES.map((m, i) => checksOf(m, i));

/** The checks of a mode, by id. */
export const MODE_CHECKS_BY_ID: ReadonlyMap<string, ModeChecks> = new Map(
  MODE_CHECKS.map((c) => [c.mode.id, c]),
);
