/**
 * Pipeline-wide defaults of `recommend --ndjson`: the flags of facts that belong to the whole
 * pipeline or database (`--source`, `--pipeline-mode`, `--frequency`, and `--inserts`,
 * `--updates`, `--deletes` for tables whose kinds are unknown) fill each record where the record
 * does not know the fact. A record's own facts always win; each output record lists in
 * `from_flags` the fields that came from the flags.
 *
 * @module
 */
import { type ChangeKind, changeKindOf, type TableTraits } from '@querymode/core';

/** A record with the defaults applied, and the fields they filled (`changes.updates`, `pipeline_mode`). */
export interface Defaulted {
  readonly traits: unknown;
  readonly fromFlags: readonly string[];
}

type Json = Record<string, unknown>;

const isPlainObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Applies `defaults` (traits built from the pipeline-wide flags) to one parsed line. A line that
 * is not an object is returned as it is, for the advisor to reject.
 */
export function withDefaults(value: unknown, defaults: TableTraits): Defaulted {
  if (!isPlainObject(value)) return { traits: value, fromFlags: [] };
  const out: Json = { ...value };
  const fromFlags: string[] = [];
  for (const [key, given] of Object.entries(defaults)) {
    if (key === 'changes') continue;
    if (out[key] !== undefined) continue;
    out[key] = given;
    fromFlags.push(key);
  }
  const kinds = defaults.changes;
  if (kinds !== undefined) {
    const own = isPlainObject(out.changes) ? out.changes : undefined;
    if (own !== undefined || out.changes === undefined) {
      const changes: Json = { ...own };
      let filled = false;
      for (const [kind, answer] of Object.entries(kinds)) {
        // `--updates unknown` says nothing a record without the fact does not already say.
        if (answer === 'unknown' || changeKindOf(changes, kind as ChangeKind) !== 'unknown') continue;
        changes[kind] = answer;
        fromFlags.push(`changes.${kind}`);
        filled = true;
      }
      if (filled) out.changes = changes;
    }
  }
  return { traits: out, fromFlags };
}
