/**
 * What each catalog reader reads from its catalog, in one shape for every database, before it becomes
 * a `TableTraits` record (`read/assemble.ts`).
 *
 * @module
 */
import type { SourceKind } from '@querymode/core';

/** What a table is: the inspector reads tables by default and the other kinds when asked. */
export type RelationKind = 'table' | 'partitioned_table' | 'view' | 'materialized_view' | 'foreign_table';

/** One column as its definition says (before keys and triggers are added). */
export interface CatalogColumn {
  /** The name, exactly as the database spells it. */
  readonly name: string;
  /** The type, as the database names it. */
  readonly type: string;
  /** Whether NULL is allowed; undefined when the catalog does not say (views). */
  readonly nullable: boolean | undefined;
  /** Identity, serial, `nextval` default, AUTO_INCREMENT or IDENTITY. */
  readonly autoIncrement: boolean;
  /** Set on insert by its own definition: a default that gives each row a fresh value. */
  readonly insertDefault: boolean;
  /** Set on update by its own definition, whatever any trigger does: `rowversion`. */
  readonly updateDefinition: boolean;
  /**
   * Set on update by its own definition before the row triggers run, which may assign it another
   * value: MySQL's `ON UPDATE CURRENT_TIMESTAMP`. The update triggers' effect starts from it
   * (`combineEffects`'s `preset`).
   */
  readonly updateDefault?: boolean;
  /** A generated (computed) column: derived from other columns, never set by a trigger. */
  readonly generated: boolean;
}

/** What the triggers of one event (insert or update) do to the row's columns. */
export interface TriggerEffect {
  /** The columns set to a fresh value on every row, by name (lower case where names ignore case). */
  readonly sets: ReadonlySet<string>;
  /** Columns whose setting is not known (by name, as `sets`), each with why. */
  readonly open: ReadonlyMap<string, string>;
  /** Why the effect on other columns cannot be read; empty when every trigger was read. */
  readonly unreadable: readonly string[];
  /** Columns a trigger restores to their old value on every row (so not set), each with why. */
  readonly kept?: ReadonlyMap<string, string>;
}

/**
 * What one row trigger does, as read: the columns it sets to a fresh value on every row, the ones
 * whose setting is not known and the ones it restores to their old value (each reason naming the
 * trigger); or why it cannot be read, when it may assign any column.
 */
export type TriggerOutcome =
  | {
      readonly sets: readonly string[];
      readonly open?: readonly { readonly column: string; readonly reason: string }[];
      readonly keeps?: readonly {
        readonly column: string;
        readonly always: boolean;
        readonly reason: string;
      }[];
    }
  | { readonly reason: string };

/** No triggers: nothing is set, and everything is known. */
export const NO_TRIGGERS: TriggerEffect = { sets: new Set(), open: new Map(), unreadable: [] };

/** Change counters kept by the database, and the span they cover. */
export interface ChangeCounters {
  readonly inserts: number | undefined;
  readonly updates: number | undefined;
  readonly deletes: number | undefined;
  /** The span of the counters in days, when known. */
  readonly windowDays: number | undefined;
  /** A sentence on where the counters come from and their window. */
  readonly source: string;
  /**
   * The counts are the difference of two readings `windowDays` apart, taken by `inspect
   * --observe`: the window was chosen and measured, so rates are given however short it is, and a
   * kind with no change in it gets a rate of 0 while its answer stays unknown.
   */
  readonly measured?: boolean;
}

/** Change tracking (SQL Server). */
export interface ChangeTrackingState {
  readonly databaseEnabled: boolean;
  readonly tableEnabled: boolean;
  readonly retentionMinutes: number | undefined;
  readonly autoCleanup: boolean | undefined;
}

/** Everything read about one table. */
export interface CatalogTable {
  readonly source: SourceKind;
  /** The schema (MySQL: the database), exactly as spelt. */
  readonly schema: string;
  /** The table's own name, exactly as spelt. */
  readonly name: string;
  /** `schema.table`, each part quoted in the dialect only where it needs quoting. */
  readonly qualified: string;
  readonly kind: RelationKind;
  /** The estimate of rows, or undefined when unknown (then `rowsNote` says why). */
  readonly rows: number | undefined;
  readonly rowsNote?: string;
  readonly columns: readonly CatalogColumn[];
  /** Primary-key columns and single-column unique columns; undefined when the catalog has no keys (views). */
  readonly keys: { readonly primaryKey: readonly string[]; readonly unique: ReadonlySet<string> } | undefined;
  readonly insertTriggers: TriggerEffect;
  readonly updateTriggers: TriggerEffect;
  /** Whether column names ignore case (MySQL, SQL Server) when matched with trigger code. */
  readonly namesIgnoreCase: boolean;
  readonly counters: ChangeCounters | undefined;
  readonly changeTracking?: ChangeTrackingState;
  /**
   * Kinds of change that a trigger rejects every time (it always raises an error), with the
   * sentence that says which trigger: then the kind is `no` whatever the counters say.
   */
  readonly rejected?: Readonly<Partial<Record<'updates' | 'deletes', string>>>;
  /** Further sentences for `notes`. */
  readonly notes: readonly string[];
  /** The user that read the catalog, as the database names it, where a grant can be written for it. */
  readonly reader?: string;
  /** The database the catalog was read in (PostgreSQL, SQL Server), which the table's statements check they run in; MySQL's is its schema. */
  readonly database?: string;
  /** Whether that user may read the table's rows (SELECT, and USAGE on its schema where needed); views are not said. */
  readonly readable?: boolean;
}
