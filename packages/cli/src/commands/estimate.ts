/**
 * `querymode estimate`: billed events per mode over a horizon, or over a timeline of runs. The
 * answer first (the fewest billed events among the modes that miss no insert or update), then a
 * line per mode with what it misses, then the notes that hold for every mode and each mode's
 * formula and assumptions (`render/estimate.ts`).
 *
 * @module
 */
import { CHANGE_KINDS, type ChangeKind, estimateRecord, type QueryMode, recommend } from '@querymode/core';
import { answerOneTable } from '../answers/load.js';
import { oneTableOrigins } from '../answers/origins.js';
import { EXIT } from '../errors.js';
import { sourceName } from '../io/read.js';
import { styleFor } from '../io/style.js';
import { printOut } from '../io/write.js';
import { resolveModeArg } from '../mode-arg.js';
import { eventsOptions, spanWords } from '../options/span.js';
import { answersLines } from '../render/answers.js';
import { renderEstimate } from '../render/estimate.js';
import { printJson } from '../render/json.js';
import { resultError } from '../result-error.js';
import type { TraitFlags } from '../traits/flags.js';
import { singleTableTraits } from '../traits/single-table.js';

/** Options of `estimate`. */
export interface EstimateFlags extends TraitFlags {
  readonly traits?: string;
  readonly mode?: readonly string[];
  readonly horizon?: string;
  readonly run?: readonly string[];
  readonly json?: boolean;
  readonly answers?: string;
}

/** Runs `estimate`. */
export async function runEstimate(flags: EstimateFlags): Promise<number> {
  const given = singleTableTraits(flags);
  const input = flags.traits === undefined ? 'flags' : `traits file ${sourceName(flags.traits)}`;
  const answered = await answerOneTable(flags.answers, given, input);
  const traits = answered.traits;
  const options = eventsOptions(flags);
  // No --mode: every mode.
  const modes: readonly QueryMode[] = (flags.mode ?? []).map(
    (m) => resolveModeArg(m, 'mode in --mode').id as QueryMode,
  );
  const record = estimateRecord(modes, traits, options);
  if (!record.ok) throw resultError('cannot estimate the events', record.issues);
  if (flags.json) {
    printJson({ ...record.value, ...oneTableOrigins(flags, given, input, answered) });
    return EXIT.ok;
  }
  // What each mode misses, as recommend reads it (the same capture verdicts, one definition).
  const advice = recommend(traits, options);
  const candidates = advice.ok ? advice.value.candidates : [];
  const perDay: Partial<Record<ChangeKind, number>> = {};
  for (const kind of CHANGE_KINDS) {
    const rate = traits.changes?.[`${kind}_per_day`];
    if (typeof rate === 'number') perDay[kind] = rate;
  }
  // The answer, its first line, stands out.
  const [answer = '', ...rest] = renderEstimate(record.value, candidates, spanWords(flags), perDay).split(
    '\n',
  );
  printOut(
    [styleFor(process.stdout).bold(answer), ...rest].join('\n') +
      answersLines(answered.filled, answered.overruled),
  );
  return EXIT.ok;
}
