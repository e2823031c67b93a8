/**
 * Shapes of the mode catalogue. The catalogue itself is in `modes.ts`; every other artefact
 * (schemas, types, docs, OpenAPI descriptions, CLI help) is derived from it.
 *
 * @module
 */

/**
 * Where a statement comes from: the service's API documentation (`spec`), another public page of
 * documentation (`outside_spec`), or querymode's own inference (`inference`). Users read it as the
 * entry of docs/service.md that backs the rule (`citeRule`).
 */
export type Provenance = 'spec' | 'outside_spec' | 'inference';

/**
 * The kind of value a config field holds. The set is closed: each kind has one checker
 * (`field-kinds.ts`) and one zod schema (`schemas/field-schemas.ts`).
 */
export type FieldKind = 'column_name' | 'boolean' | 'milliseconds_string';

/** When a field must be present in `config`. */
export type FieldPresence =
  | { readonly type: 'required' }
  | { readonly type: 'optional' }
  | {
      readonly type: 'required_when';
      /** The sibling field whose value makes this one required. */
      readonly field: string;
      /** The value of that sibling that makes this one required. */
      readonly equals: boolean;
    };

/** What the service's API documentation says about NULLs in the column a field names. */
export type ColumnNulls = 'must_not_be_null' | 'may_be_null' | 'not_stated';

/** The role of the column a column-name field names, used by the advisor to match table columns. */
export type ColumnRole = 'timestamp' | 'incrementing' | 'unique';

/** One field of a mode's `config`, other than `mode` itself. */
export interface FieldSpec {
  /** The wire name of the field inside `config`. */
  readonly name: string;
  /** The kind of value. */
  readonly kind: FieldKind;
  /** The type as the service's API documentation words it (docs/service.md#body-shape). */
  readonly specType: string;
  /** The meaning as the service's API documentation words it. */
  readonly meaning: string;
  /**
   * Whether the field is required in querymode's strict profile (`profiles.ts`): what querymode
   * writes and, by default, accepts.
   */
  readonly presence: FieldPresence;
  /**
   * Whether the field is required by the service's documentation: `optional` where it does not
   * say. The documented profile (`profiles.ts`) and the OpenAPI document follow it.
   */
  readonly documentedPresence: FieldPresence;
  /**
   * Why the presence was decided so. The service's table lists fields without saying which are
   * required, so each decision is written down here.
   */
  readonly presenceReason: string;
  /** For column-name fields: the role of the column and what the documentation says of its NULLs. */
  readonly column?: {
    readonly role: ColumnRole;
    readonly nulls: ColumnNulls;
  };
}

/** Whether a mode captures a kind of change, exactly as the service's API documentation says (docs/service.md#captures). */
export interface Capture {
  /** `not_described` where the documentation says so, or where it has no column for the change kind. */
  readonly value: 'yes' | 'no' | 'not_described';
  /** A qualifier the documentation adds, such as "append only". */
  readonly qualifier?: 'append_only';
  /** The documentation's own words for the cell, or why it is not described. */
  readonly text: string;
}

/** The kinds of change a table can have. */
export type ChangeKind = 'inserts' | 'updates' | 'deletes';

/**
 * A further rule of a mode, from the service's API documentation (`spec`), from another public
 * page (`outside_spec`), or querymode's inference (`inference`); its entry on docs/service.md says
 * which. The advisor implements a check for each rule id
 * that can be checked against a table.
 */
export interface RuleSpec {
  /** A stable id, `<mode>.<slug>`. */
  readonly id: string;
  /** The statement. */
  readonly text: string;
  /** Where it comes from. */
  readonly source: Provenance;
}

/** How much a mode reads on each run. */
export type ReadScope = 'whole_table' | 'changes';

/** The limits of a mode that reads the whole table (docs/service.md#full-load-row-limit). */
export interface WholeTableLimits {
  /** Usable only when the table has fewer than this many rows. */
  readonly maxRowsExclusive: number;
  /** After the whole table is loaded, the service waits this many hours before ingesting it again. */
  readonly reloadWaitHours: number;
}

/** One entry of the catalogue: everything known of one query mode. */
export interface ModeSpec {
  /** The wire value of `config.mode`. */
  readonly id: string;
  /** A short human title. */
  readonly title: string;
  /** One sentence on what the mode does, from the service's API documentation. */
  readonly summary: string;
  /** What each run reads: the whole table, or only changes since the last run. */
  readonly reads: ReadScope;
  /** The changes the mode captures, per change kind. */
  readonly captures: { readonly [K in ChangeKind]: Capture };
  /** The fields of `config` other than `mode`, in wire order. */
  readonly fields: readonly FieldSpec[];
  /** The further rules. */
  readonly rules: readonly RuleSpec[];
  /** The limits of a mode that reads the whole table. */
  readonly limits?: WholeTableLimits;
}
