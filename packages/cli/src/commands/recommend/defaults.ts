/**
 * Pipeline-wide defaults of `recommend --ndjson`: the flags of facts that belong to the whole
 * pipeline or database (`--source`, `--pipeline-mode`, `--frequency`, and `--inserts`,
 * `--updates`, `--deletes` for tables whose kinds are unknown) fill each record where the record
 * does not know the fact, by core's `fillUnknownFacts`. A record's own facts always win; each
 * output record lists in `from_flags` the fields that came from the flags.
 *
 * @module
 */
import { fillUnknownFacts, type TableTraits } from '@querymode/core';

/** A record with the defaults applied, and the fields they filled (`changes.updates`, `pipeline_mode`). */
export interface Defaulted {
  readonly traits: unknown;
  readonly fromFlags: readonly string[];
}

/**
 * Applies `defaults` (traits built from the pipeline-wide flags) to one parsed line. A line that
 * is not an object is returned as it is, for the advisor to reject.
 */
export function withDefaults(value: unknown, defaults: TableTraits): Defaulted {
  const f = fillUnknownFacts(value, defaults);
  return { traits: f.traits, fromFlags: f.filled };
}
