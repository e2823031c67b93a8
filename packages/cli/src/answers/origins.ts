/**
 * What a record says of the origins of its facts once answers and flags filled it (core's
 * `RecordOrigins`): the facts the answers file filled, each with its file and line; the answers
 * the record overruled; and with `detail`, where every fact came from.
 *
 * @module
 */
import { type AnsweredTable, factsFrom, type NdjsonDetail, type RecordOrigins } from '@querymode/core';

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
