/**
 * Facts that fill what a table's own traits do not know: the pipeline-wide flags of
 * `recommend --ndjson` (`--source`, `--pipeline-mode`, `--frequency`, and `--inserts`,
 * `--updates`, `--deletes`), and the facts a plan declared that `verify` keeps where the database
 * cannot tell. The table's own facts always win; the result lists the fields that were filled.
 *
 * @module
 */
import type { ChangeKind } from '../../catalogue/types.js';
import { isRecord } from '../../issues/is-record.js';
import { neverThrows, type UnreadableIssue } from '../../issues/unreadable.js';
import type { TableTraits } from '../traits/model.js';
import { changeKindOf } from './table-facts.js';

/** Traits with the unknown facts filled, and which fields were (`changes.updates`, `pipeline_mode`). */
export interface FilledTraits {
  readonly traits: unknown;
  readonly filled: readonly string[];
}

type Json = Record<string, unknown>;

/**
 * Fills each field of `value` that is absent with the one of `defaults`, each kind of change
 * that `value` does not know (neither its answer nor its rate says) with the answer of
 * `defaults`, and each rate it lacks (beside a kind not known to be `no`) with the rate of
 * `defaults`. A value that is not an object is returned as it is, for the advisor to reject.
 */
export function fillUnknownFacts(value: unknown, defaults: TableTraits): FilledTraits {
  return neverThrows(fill, [value, defaults], nothingFilled);
}

/** A getter that throws, or a revoked proxy: nothing is filled; the advisor reads the value itself. */
const nothingFilled = (_: UnreadableIssue, [value]: readonly [unknown, TableTraits]): FilledTraits => ({
  traits: value,
  filled: [],
});

/**
 * A copy of an object's own enumerable keys, each an own data property as a spread makes it
 * (`__proto__` too, which an assignment would take as the prototype), made key by key: on Node 20 a
 * key added to a spread copy is ~3x slower (pnpm bench cli-ndjson; docs/benchmarks.md, "History of the engine's speed work").
 */
export function ownCopy(value: Readonly<Json> | undefined): Json {
  const out: Json = {};
  if (value === undefined) return out;
  for (const key of Object.keys(value)) {
    if (key === '__proto__')
      Object.defineProperty(out, key, {
        value: value[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else out[key] = value[key];
  }
  return out;
}

/** The suffix of a rate's key (`inserts_per_day`). */
const PER_DAY = '_per_day';

/**
 * Whether `changes` leaves `key` unknown: a kind whose answer and rate say nothing, or a rate
 * (`inserts_per_day`, which a plan declares) absent beside a kind not known to be `no`.
 */
function unknownIn(changes: Json, key: string): boolean {
  if (!key.endsWith(PER_DAY)) return changeKindOf(changes, key as ChangeKind) === 'unknown';
  return (
    changes[key] === undefined && changeKindOf(changes, key.slice(0, -PER_DAY.length) as ChangeKind) !== 'no'
  );
}

function fill(value: unknown, defaults: TableTraits): FilledTraits {
  if (!isRecord(value) || !isRecord(defaults)) return { traits: value, filled: [] };
  const out = ownCopy(value);
  const filled: string[] = [];
  for (const [key, given] of Object.entries(defaults)) {
    if (key === 'changes') continue;
    if (out[key] !== undefined) continue;
    out[key] = given;
    filled.push(key);
  }
  const kinds = defaults.changes;
  if (isRecord(kinds)) {
    const own = isRecord(out.changes) ? out.changes : undefined;
    if (own !== undefined || out.changes === undefined) {
      const changes = ownCopy(own);
      let any = false;
      for (const [kind, answer] of Object.entries(kinds)) {
        // `unknown` says nothing a record without the fact does not already say.
        if (answer === 'unknown' || !unknownIn(changes, kind)) continue;
        changes[kind] = answer;
        filled.push(`changes.${kind}`);
        any = true;
      }
      if (any) out.changes = changes;
    }
  }
  return { traits: out, filled };
}
