/**
 * The facts a run adds to each table's record, from `--answers` and the pipeline-wide flags, as
 * core's layers (`AnswerLayers`): the answers file read in its lazy chunk, the flags as a layer
 * whose every fact is labelled with its flag (`--source`).
 *
 * @module
 */
import {
  type AnsweredTable,
  type AnswerLayer,
  type AnswerLayers,
  answerer,
  CATALOG,
  type TableTraits,
} from '@querymode/core';
import { BATCH_FLAGS, type TableFlag, type TraitFlags } from '../traits/flags.js';
import { loadAnswers } from './load-answers.js';
import { unmatchedEntries } from './unmatched.js';

/** The key of the fact a flag sets: `source`, `changes.updates`, `columns`. */
export const flagFactKey = (f: TableFlag): string =>
  f.within === undefined ? f.field.name : `${f.within}.${f.field.name}`;

/** The flags given, as a layer of facts labelled with their flag; undefined when none is given. */
export function flagsLayer(
  flags: TraitFlags,
  traits: TableTraits,
  only: readonly TableFlag[] = BATCH_FLAGS,
): AnswerLayer | undefined {
  const at: Record<string, string> = {};
  for (const f of only) if (flags[f.key] !== undefined) at[flagFactKey(f)] = `--${f.flag.name}`;
  return Object.keys(at).length === 0 ? undefined : { traits, at, label: 'flags', answers: false };
}

/** The layers of a run: the answers file's (when `--answers` is given) and the flags'. */
export async function answerLayers(
  file: string | undefined,
  flags: AnswerLayer | undefined,
): Promise<{ readonly name?: string; readonly layers: AnswerLayers }> {
  if (file === undefined) return { layers: { tables: [], ...(flags === undefined ? {} : { flags }) } };
  const read = (await loadAnswers()).readAnswersFile(file);
  return { name: read.name, layers: { ...read.layers, ...(flags === undefined ? {} : { flags }) } };
}

/** What `--answers` made of one table's traits: the traits (answered), the facts filled, the answers overruled. */
export interface AnsweredOne extends AnsweredTable {
  readonly traits: TableTraits;
}

/**
 * One table's traits with `--answers` applied (the traits as they are without it), for the
 * commands of one table: `recommend` and `estimate`. `input` names where the traits came from.
 */
export async function answerOneTable(
  file: string | undefined,
  given: TableTraits,
  input: string,
): Promise<AnsweredOne> {
  const { layers } = await answerLayers(file, undefined);
  // The answered traits are the given ones with facts of records core read (`readAnswers`).
  return answerer(layers)(given, input) as AnsweredOne;
}

/**
 * The function that applies `--answers` to each table a command reads from a database (`demo`,
 * `verify`), with the entries that matched so far; undefined without an answers file.
 */
export async function answerEachTable(
  file: string | undefined,
): Promise<
  { readonly answer: (t: TableTraits) => AnsweredOne; readonly unmatched: () => string[] } | undefined
> {
  if (file === undefined) return undefined;
  const { layers } = await answerLayers(file, undefined);
  const apply = answerer(layers);
  const matched = new Set<number>();
  return {
    answer: (t) => {
      const a = apply(t, CATALOG) as AnsweredOne;
      for (const i of a.matched) matched.add(i);
      return a;
    },
    unmatched: () => unmatchedEntries(layers, matched),
  };
}
