/**
 * The layers of facts of a run, as plain data (a worker thread receives them): the answers file's
 * table entries and defaults, and the pipeline-wide flags; and the function that applies to one
 * record the layers that concern it, in their order of strength.
 *
 * @module
 */
import { neverThrows } from '../../issues/unreadable.js';
import { type Answered, type AnswerLayer, applyAnswers, unanswered } from './apply.js';
import { tableMatcher } from './match.js';

/** One entry of the answers file's `tables`, with its key. */
export interface TableLayer extends AnswerLayer {
  readonly pattern: string;
}

/** The facts a run adds to each record: entries by table, flags, defaults (the last two for every table). */
export interface AnswerLayers {
  /** The entries of `tables`, in file order. */
  readonly tables: readonly TableLayer[];
  /** The pipeline-wide flags, weaker than a table's entry and stronger than the file's defaults. */
  readonly flags?: AnswerLayer;
  /** The answers file's `defaults`. */
  readonly defaults?: AnswerLayer;
}

/** A record with its layers applied, and the indices of the table entries that matched it. */
export interface AnsweredTable extends Answered {
  readonly matched: readonly number[];
}

/** Applies the layers of a run to one record read from `input` (`input line 12`). */
export type Answerer = (record: unknown, input: string) => AnsweredTable;

/** The answerer of layers that cannot be read: it fills nothing. */
const NOTHING: Answerer = (record) => ({ ...unanswered(record), matched: [] });

/**
 * The function that applies `layers` to a record read from `input` (`input line 12`). Never
 * throws, nor does the function: layers that cannot be read (a throwing getter, a revoked proxy)
 * fill nothing.
 */
export function answerer(layers: AnswerLayers): Answerer {
  return neverThrows(answererOf, [layers], () => NOTHING);
}

function answererOf(layers: AnswerLayers): Answerer {
  const match = tableMatcher(layers.tables.map((t) => t.pattern));
  const common = [layers.flags, layers.defaults].filter((l): l is AnswerLayer => l !== undefined);
  const tables = layers.tables.slice();
  return (record, input) => {
    const matched = match(record);
    const own = matched.map((i) => tables[i] as AnswerLayer);
    return { ...applyAnswers(record, [...own, ...common], input), matched };
  };
}
