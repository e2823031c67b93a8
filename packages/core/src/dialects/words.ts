/**
 * How the advisor's sentences speak of a kind of source where the databases' words do not fit:
 * what makes it set a field on every change, where a pipeline gets deletes and incremental data
 * from, and what its users do about deletes. The databases share one set; a platform with words of
 * its own (Salesforce) gives them in its dialect entry, so that no sentence branches on the kind.
 *
 * @module
 */

/** The words of one kind of source. */
export interface SourceWords {
  /**
   * Why columns set on every update are evidence of updates, or null where they are none (a
   * platform that sets its audit fields on every object, updated or not).
   */
  readonly updateEvidence: ((columns: string) => string) | null;
  /** What to do about deletes no query mode captures, in sentences. */
  readonly deletesRemedy: string;
  /** Where the incremental data of a log-based pipeline comes from, or what to do instead of a mode the source lacks. */
  readonly noTrackingFeature: string;
}

/** The words of a database (and of a source whose own words are not known). */
export const DATABASE_WORDS: SourceWords = {
  updateEvidence: (columns) =>
    `the database sets ${columns} on every update (an ON UPDATE clause or a trigger), which is there because rows are updated`,
  // Inference: a soft delete is an update the mode captures.
  deletesRemedy:
    "To keep them in step: use a log-based pipeline, which replicates deletes from the database's log; or have the application mark rows deleted (a column such as deleted_at, set by an update the mode captures) instead of deleting them (inference).",
  noTrackingFeature:
    "use another query mode, or a log-based pipeline, whose incremental data comes from the database's log",
};
