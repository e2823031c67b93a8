/**
 * What a record says of the origins of its facts once answers and flags filled it (core's
 * `RecordOrigins`): the facts the answers file filled, each with its file and line; the answers
 * the record overruled; and with `detail`, where every fact came from.
 *
 * @module
 */
import {
  type AnsweredTable,
  type FactOrigins,
  factsFrom,
  type NdjsonDetail,
  type RecordOrigins,
  type TableTraits,
} from '@querymode/core';
import { TABLE_FLAGS, type TraitFlags } from '../traits/flags.js';
import { type AnsweredOne, flagsLayer } from './load.js';

/** The origins of `a`, a record read from `input` (`input`, `catalog`), at the level `detail`. */
export function answeredOrigins(a: AnsweredTable, detail: NdjsonDetail, input = 'input'): RecordOrigins {
  const fromAnswers: Record<string, string> = {};
  let answered = false;
  for (const key of Object.keys(a.filled))
    if (!a.fromFlags.includes(key)) {
      fromAnswers[key] = a.filled[key] as string;
      answered = true;
    }
  return {
    ...(answered ? { from_answers: fromAnswers } : {}),
    ...(a.overruled.length > 0 ? { overruled: a.overruled } : {}),
    ...(detail === 'detail' ? { facts_from: factsFrom(a.traits, input, a.filled) } : {}),
  };
}

/**
 * Where every fact of one table's traits came from, for `recommend --json` and `estimate --json`:
 * by key, the flag, the traits file (`input`) or the answer that gave it, and the answers the
 * table's own facts overruled. `given`: the traits from the flags or the file, before `a`'s answers.
 */
export function oneTableOrigins(
  flags: TraitFlags,
  given: TableTraits,
  input: string,
  a: AnsweredOne,
): FactOrigins {
  const own = flagsLayer(flags, given, TABLE_FLAGS)?.at ?? {};
  return {
    facts_from: factsFrom(a.traits, input, a.filled, own),
    ...(a.overruled.length > 0 ? { overruled: a.overruled } : {}),
  };
}
