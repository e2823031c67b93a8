/**
 * Answers applied to one table's record: each layer (the answers file's entries that match the
 * table, strongest first, then the pipeline-wide flags, then the file's defaults) fills what the
 * record and the layers before it leave unknown. A fact the record states itself (read from the
 * catalog, observed from the database's counters, or given in the record) stands over an answer
 * that contradicts it, and a sentence says so; an answer that agrees, or that says `unknown`,
 * changes nothing.
 *
 * @module
 */
import { CHANGE_KINDS } from '../../catalogue/change-kinds.js';
import type { ChangeKind } from '../../catalogue/types.js';
import { isArraySafe } from '../../issues/describe.js';
import { isRecord } from '../../issues/is-record.js';
import { neverThrows } from '../../issues/unreadable.js';
import { shownString } from '../../text/visible.js';
import { ownCopy } from '../facts/fill-unknown.js';
import { changeKindOf } from '../facts/table-facts.js';
import { formatCount, formatNumber } from '../text/format.js';
import { COLUMN_TRAIT_FIELDS, type TableTraits, type TraitField } from '../traits/model.js';

/** The column facts whose value from the catalog an answer replaces (`stillAsked`), by field. */
const STILL_ASKED: ReadonlyMap<string, unknown> = new Map(
  (COLUMN_TRAIT_FIELDS as readonly TraitField[]).flatMap((f) =>
    f.stillAsked === undefined ? [] : [[f.name, f.stillAsked]],
  ),
);

import { columnKey, fromCatalog, OBSERVED, ownOrigin } from './origin.js';

type Json = Record<string, unknown>;

/** One source of facts for a table: an answers entry, the flags, or the answers' defaults. */
export interface AnswerLayer {
  readonly traits: TableTraits;
  /** Where each fact key was written (`answers.yaml:12`, `--source`); `label` for the others. */
  readonly at: Readonly<Record<string, string>>;
  /** Where the layer's facts come from, when `at` does not say it for a fact. */
  readonly label: string;
  /** Whether a contradiction with the record is said (answers); flags yield to the record silently. */
  readonly answers: boolean;
}

/** A record with its answers applied. */
export interface Answered {
  /** The record with the facts filled (a copy; the input is not changed). */
  readonly traits: unknown;
  /** Each fact a layer filled, by key, with where it was written. */
  readonly filled: Readonly<Record<string, string>>;
  /** The keys of `filled` that the flags filled (the layers that are not answers). */
  readonly fromFlags: readonly string[];
  /** Each answer the record's own facts overruled, as a sentence. */
  readonly overruled: readonly string[];
}

/** A copy of an object's own keys (`__proto__` as a plain key); an empty object for what is not one. */
const copyOf = (value: unknown): Json => ownCopy(isRecord(value) ? value : undefined);

/** A value in a sentence. */
const shown = (v: unknown): string =>
  typeof v === 'string' ? shownString(v) : (JSON.stringify(v) ?? String(v));

/** The state of one fill: the record, its input's name, the facts filled and the sentences. */
class Fill {
  readonly out: Json;
  readonly filled: Record<string, string> = {};
  readonly fromFlags: string[] = [];
  readonly overruled: string[] = [];
  constructor(
    readonly record: Json,
    readonly input: string,
  ) {
    this.out = copyOf(record);
  }

  /** What the record itself says of `key`, in words, for a sentence. */
  ownWords(key: string, value: unknown): string {
    const origin = ownOrigin(this.record, key, this.input);
    if (origin === OBSERVED) {
      const kind = key.slice('changes.'.length).replace(/_per_day$/, '') as ChangeKind;
      const changes = this.record.changes as Json;
      const rate = changes[`${kind}_per_day`];
      const days = changes.observed_days;
      if (typeof rate === 'number' && typeof days === 'number')
        return `the database's counters show ${formatCount(Math.round(rate * days))} ${kind} over ${formatNumber(days)} days`;
      return `the database's counters show ${kind}`;
    }
    const who = fromCatalog(this.record) ? 'the catalog' : this.input;
    return `${who} says ${key}: ${shown(value)}`;
  }

  /** An answer the record overrules. */
  overrule(layer: AnswerLayer, key: string, answer: unknown, own: unknown, ownKey = key): void {
    if (!layer.answers) return;
    const at = layer.at[key] ?? layer.label;
    this.overruled.push(`${at} says ${key}: ${shown(answer)}; ${this.ownWords(ownKey, own)}, which stands`);
  }

  /** Sets `key` of `target` from `layer`, recording where it came from. */
  take(target: Json, field: string, value: unknown, key: string, layer: AnswerLayer): void {
    target[field] = value;
    this.filled[key] = layer.at[key] ?? layer.label;
    if (!layer.answers) this.fromFlags.push(key);
  }

  /** A plain field at the root or in `change_tracking`. */
  scalar(target: Json, field: string, value: unknown, key: string, layer: AnswerLayer): void {
    const own = target[field];
    if (own === undefined) this.take(target, field, value, key, layer);
    else if (own !== value && this.filled[key] === undefined) this.overrule(layer, key, value, own);
  }

  changes(layer: AnswerLayer, given: Json): void {
    const changes = copyOf(this.out.changes);
    for (const field of Object.keys(given)) {
      const value = given[field];
      // `unknown` says nothing a record without the answer does not already say.
      if (value === 'unknown') continue;
      const key = `changes.${field}`;
      const kind = CHANGE_KINDS.find((k) => field === k || field === `${k}_per_day`);
      if (kind === undefined) {
        this.scalar(changes, field, value, key, layer);
        continue;
      }
      const known = changeKindOf(changes, kind);
      const says = field === kind ? value : (value as number) > 0 ? 'yes' : 'no';
      const ownBy = this.filled[`changes.${kind}`] ?? this.filled[`changes.${kind}_per_day`];
      if (known !== 'unknown' && known !== says) {
        if (ownBy === undefined) {
          const rate = changes[`${kind}_per_day`];
          const ownKey = typeof rate === 'number' ? `changes.${kind}_per_day` : `changes.${kind}`;
          this.overrule(layer, key, value, typeof rate === 'number' ? rate : changes[kind], ownKey);
        }
        continue;
      }
      // An answer the record already gives (by its answer or its rate) adds nothing; a rate may add its figure.
      if (field !== kind) this.scalar(changes, field, value, key, layer);
      else if (known === 'unknown') this.take(changes, field, value, key, layer);
    }
    if (this.out.changes !== undefined || Object.keys(changes).length > 0) this.out.changes = changes;
  }

  columns(layer: AnswerLayer, given: readonly Json[]): void {
    const own = this.out.columns;
    if (!isArraySafe(own)) {
      this.take(this.out, 'columns', given.map(copyOf), 'columns', layer);
      return;
    }
    const columns = (own as unknown[]).slice();
    const listFromAnswers = this.filled.columns !== undefined;
    for (const answer of given) {
      const name = answer.name as string;
      const at = columns.findIndex((c) => isRecord(c) && c.name === name);
      if (at === -1) {
        if (!listFromAnswers && layer.answers)
          this.overruled.push(
            `${layer.at[columnKey(name)] ?? layer.label} names the column ${shownString(name)}; ${fromCatalog(this.record) ? 'the catalog' : this.input} lists no such column (the list is complete), which stands`,
          );
        continue;
      }
      const column = copyOf(columns[at]);
      for (const field of Object.keys(answer)) {
        if (field === 'name') continue;
        const key = columnKey(name, field);
        const mine = column[field];
        const own = this.filled[key] === undefined && !listFromAnswers;
        // The record's own value that leaves the question open: the answer settles it, either way.
        if (mine === undefined || (own && layer.answers && STILL_ASKED.get(field) === mine))
          this.take(column, field, answer[field], key, layer);
        else if (mine !== answer[field] && own) this.overrule(layer, key, answer[field], mine);
      }
      columns[at] = column;
    }
    this.out.columns = columns;
  }

  apply(layer: AnswerLayer): void {
    const traits = layer.traits as Json;
    for (const field of Object.keys(traits)) {
      const value = traits[field];
      if (field === 'changes' && isRecord(value)) this.changes(layer, value);
      else if (field === 'columns' && isArraySafe(value)) this.columns(layer, value as Json[]);
      else if (field === 'change_tracking' && isRecord(value)) {
        const nested = copyOf(this.out.change_tracking);
        for (const k of Object.keys(value)) this.scalar(nested, k, value[k], `change_tracking.${k}`, layer);
        if (this.out.change_tracking !== undefined || Object.keys(nested).length > 0)
          this.out.change_tracking = nested;
      } else if (field === 'notes' && isArraySafe(value) && isArraySafe(this.out.notes))
        this.take(
          this.out,
          'notes',
          [...(this.out.notes as unknown[]), ...(value as unknown[])],
          'notes',
          layer,
        );
      else this.scalar(this.out, field, value, field, layer);
    }
  }
}

/**
 * Applies `layers`, strongest first, to the record `value` (read from `input`, such as
 * `input line 12`). A value that is not an object is returned as it is, for the advisor to reject.
 * Never throws: a value or layer that cannot be read (a throwing getter, a revoked proxy) fills
 * nothing, and the advisor reads the value itself.
 */
export function applyAnswers(value: unknown, layers: readonly AnswerLayer[], input: string): Answered {
  return neverThrows(apply, [value, layers, input], () => unanswered(value));
}

/** `value` with nothing filled. */
export const unanswered = (value: unknown): Answered => ({
  traits: value,
  filled: {},
  fromFlags: [],
  overruled: [],
});

function apply(value: unknown, layers: readonly AnswerLayer[], input: string): Answered {
  if (!isRecord(value) || layers.length === 0) return unanswered(value);
  const fill = new Fill(value, input);
  for (const layer of layers) fill.apply(layer);
  return { traits: fill.out, filled: fill.filled, fromFlags: fill.fromFlags, overruled: fill.overruled };
}
