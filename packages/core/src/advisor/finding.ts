/**
 * Findings: what the advisor says about a body against a table, as plain data.
 *
 * @module
 */

/** How much a finding matters: an `error` makes the mode unusable for the table. */
export type Severity = 'error' | 'warning' | 'info';

/**
 * Where the statement a finding applies comes from: the service spec, public documentation
 * outside it (`domain-facts`), or the caller's own constraints (`recommend`'s options).
 */
export type FindingSource = 'spec' | 'outside_spec' | 'caller';

/** A key path, such as `['config', 'timestamp_column_name']` or `['columns', 2, 'nullable']`. */
export type FindingPath = readonly (string | number)[];

/** One finding of a check. */
export interface Finding {
  /** The id of the rule checked: a catalogue rule id (`timestamp.auto_update`, `column.exists`) or `option.*`. */
  readonly rule: string;
  /** `error`: the mode cannot be used as is; `warning`: it works with a risk, or a needed fact is unknown; `info`: advice. */
  readonly severity: Severity;
  /** Where in the request body the finding points: `['config', <field>]`, or `['config', 'mode']` for the mode itself. */
  readonly path: FindingPath;
  /** What is wrong or unknown, naming the column, table or fact. */
  readonly message: string;
  /** What to change: SQL, a setting, another mode, or the trait to find out. */
  readonly remedy?: string;
  /** Where the rule comes from. */
  readonly source: FindingSource;
  /** The trait the finding rests on, such as `['columns', 2, 'nullable']` or `['rows']`. */
  readonly fact?: FindingPath;
  /** Present (true) when the finding says a needed fact is unknown rather than failing. */
  readonly unknown?: true;
}
