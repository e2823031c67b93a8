/**
 * How the advisor's sentences speak of a kind of source where the databases' words do not fit:
 * what it calls a table, a row and a column, what makes it set a field on every change, where a
 * pipeline gets deletes and incremental data from, and what its users do about deletes. The
 * databases share one set; a platform with words of its own (Salesforce) gives them in its
 * dialect entry, so that no sentence branches on the kind.
 *
 * @module
 */
import { DOCUMENTED_ADDRESSES as DOC } from '../catalogue/documented-addresses.js';

/** What a source calls its parts, in the singular and the plural. */
export interface SourceNouns {
  /** `table`, or the platform's word (`object`). */
  readonly table: string;
  /** `tables`. */
  readonly tables: string;
  /** `row`, or the platform's word (`record`). */
  readonly row: string;
  /** `rows`. */
  readonly rows: string;
  /** `column`, or the platform's word (`field`). */
  readonly column: string;
}

/** A sentence around a link (the report's HTML): the text before it, the link's words and address, the text after. */
export interface LinkedSentence {
  readonly before: string;
  readonly link: string;
  readonly address: string;
  readonly after: string;
}

/** The words of one kind of source. */
export interface SourceWords {
  /** What it calls a table, a row and a column. */
  readonly nouns: SourceNouns;
  /**
   * Why columns set on every update are evidence of updates, or null where they are none (a
   * platform that sets its audit fields on every object, updated or not).
   */
  readonly updateEvidence: ((columns: string) => string) | null;
  /** Why deletes are lost whatever the mode, with its source: the clause after "no query mode captures deletes, and". */
  readonly deletesLost: string;
  /** The service rule that says no query mode captures deletes here, as cited in parentheses ("service rules: ..."). */
  readonly deletesRule: string;
  /** What happens to a deleted row at the destination, as a clause ("rows deleted at the source stay in the destination"). */
  readonly deletedStay: string;
  /** What to do about deletes no query mode captures, in sentences. */
  readonly deletesRemedy: string;
  /** The estimate's sentence that deletes are left out, with why. */
  readonly deletesLeftOut: string;
  /** The report's paragraph on the tables with deletes: how they were seen, why they are lost (with a link), what to do. */
  readonly deletesReport: {
    readonly seen: (count: string, tables: number) => string;
    readonly lost: LinkedSentence;
    readonly remedy: string;
  };
  /** Where the incremental data of a log-based pipeline comes from, or what to do instead of a mode the source lacks. */
  readonly noTrackingFeature: string;
  /** How a row count is an estimate, after "about N rows" (in parentheses). */
  readonly rowsEstimated: string;
  /** The full-load row limit in its words (`limit` written out), with its source where the words are not the service's. */
  readonly rowLimit: (mode: string, limit: string) => string;
  /** What sets a column's values (`the database`, `Salesforce`), to start a sentence after a capital. */
  readonly setter: string;
  /** The timestamp rule of `timestamp`, in its words, after "so updated rows are not seen:". */
  readonly timestampRule: string;
  /** What kind of column is known to grow with each new row, after "it is not (known to be)". */
  readonly growingColumn: string;
  /** The delay window: why a row can be read late, the question that settles it, and why no query does. */
  readonly lateWrites: {
    readonly message: (table: string, field: string) => string;
    readonly question: string;
    readonly noQuery: string;
    readonly remedy: (field: string) => string;
  };
  /** Where a planned table is no longer found (verify's `gone`): "no longer in the database". */
  readonly gone: string;
}

/** The words of a database (and of a source whose own words are not known). */
export const DATABASE_WORDS: SourceWords = {
  nouns: { table: 'table', tables: 'tables', row: 'row', rows: 'rows', column: 'column' },
  updateEvidence: (columns) =>
    `the database sets ${columns} on every update (an ON UPDATE clause or a trigger), which is there because rows are updated`,
  deletesLost: `table and custom SQL pipelines do not replicate them (service rules: deletes are not replicated; ${DOC.ingestionModes})`,
  deletesRule: 'deletes are not replicated',
  deletedStay: 'rows deleted at the source stay in the destination',
  // Inference: a soft delete is an update the mode captures.
  deletesRemedy:
    "To keep them in step: use a log-based pipeline, which replicates deletes from the database's log; or have the application mark rows deleted (a column such as deleted_at, set by an update the mode captures) instead of deleting them (inference).",
  deletesLeftOut: `Deletes are left out: the service's documentation describes no mode as capturing them, and table and custom SQL pipelines do not replicate them (documented at ${DOC.ingestionModes}).`,
  deletesReport: {
    seen: (count, tables) =>
      `${count} ${tables === 1 ? 'table has' : 'tables have'} deletes (their change counters saw rows deleted).`,
    lost: {
      before: 'No query mode replicates deletes in table-mode and custom SQL pipelines (',
      link: "the service's documentation of ingestion modes",
      address: DOC.ingestionModes,
      after: '): the destination keeps the rows deleted at the source.',
    },
    remedy:
      'To keep them in step, use a log-based pipeline where the source allows it, or mark rows as deleted (a soft-delete column the application sets) so that each deletion is an update the mode captures.',
  },
  noTrackingFeature:
    "use another query mode, or a log-based pipeline, whose incremental data comes from the database's log",
  rowsEstimated: "by the database's statistics estimate",
  rowLimit: (mode, limit) => `\`${mode}\` is usable only when the table has fewer than ${limit} rows`,
  setter: 'the database',
  timestampRule: 'the database must update the timestamp automatically on every record update',
  growingColumn: 'an identity, sequence or AUTO_INCREMENT column',
  lateWrites: {
    message: (table, field) =>
      `Whether ${table} has long-running transactions is not known. If it has, rows they commit late are missed unless \`${field}\` is set: each run then reads only rows older than the database's current time minus the delay (a trailing window: service rules: the delay window).`,
    question: 'How long do the longest transactions that write to the table run?',
    noQuery: 'no query: it depends on the applications that write to the table',
    remedy: (field) =>
      `Set \`${field}\` to the longest transaction's duration in milliseconds, such as "60000".`,
  },
  gone: 'no longer in the database',
};
