/**
 * The checks of each mode, derived once from the catalogue and the index: a mode's own rules'
 * checks, and the general checks its fields call for (by each field's catalogue data). Code
 * never branches on a mode id.
 *
 * @module
 */
import { MODES } from '../../catalogue/modes.js';
import type { FieldSpec, ModeSpec } from '../../catalogue/types.js';
import type { ColumnCheck, FieldCheck, TableCheck } from './check.js';
import { GENERAL_CHECKS, RULE_CHECKS } from './index.js';

/** A column-name field of a mode, with the checks of the column it names. */
export interface FieldChecks {
  readonly field: FieldSpec;
  /** `['config', <field>]`. */
  readonly path: readonly string[];
  /** The checks of its column: general ones first, then the mode's own, in rule order. */
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
  readonly fields: readonly FieldChecks[];
  /** The checks of how each field finds its column. */
  readonly field: readonly FieldCheck[];
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
  const fields = (mode.fields as readonly FieldSpec[])
    .filter((f) => f.kind === 'column_name')
    .map((f) => ({
      field: f,
      path: Object.freeze(['config', f.name]),
      column: columnChecks.filter((c) => c.appliesTo(f)),
    }));
  return { mode, index, table, fields, field };
}

/** The checks of every mode, in catalogue order. */
export const MODE_CHECKS: readonly ModeChecks[] = MODES.map((m, i) => checksOf(m, i));

/** The checks of a mode, by id. */
export const MODE_CHECKS_BY_ID: ReadonlyMap<string, ModeChecks> = new Map(
  MODE_CHECKS.map((c) => [c.mode.id, c]),
);
