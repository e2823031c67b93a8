/**
 * `querymode recommend`: a mode for one table (from flags or `--traits`), or for many tables
 * streamed as NDJSON (`--ndjson`).
 *
 * @module
 */
import { createReadStream } from 'node:fs';
import { availableParallelism } from 'node:os';
import { type RecommendOptions, recommend, type TableTraits } from '@querymode/core';
import { EXIT, usageError } from '../errors.js';
import { regularFileSize } from '../io/file-size.js';
import { printOut } from '../io/write.js';
import { printJson } from '../render/json.js';
import { renderRecommendation } from '../render/recommendation.js';
import {
  BATCH_FLAGS,
  hasTraitFlags,
  type TraitFlags,
  tableOnlyFlagsGiven,
  traitsFromFlags,
} from '../traits/flags.js';
import { loadTraits } from '../traits/load.js';
import { runRecommendNdjson } from './recommend-ndjson.js';
import {
  eventsOptions,
  parseChangeKinds,
  parseModeList,
  parseThreads,
  spanWords,
} from './recommend-options.js';
import { resultError } from './result-error.js';

/** Options of `recommend`. */
export interface RecommendFlags extends TraitFlags {
  readonly traits?: string;
  readonly ndjson?: boolean;
  readonly reasons?: boolean;
  readonly detail?: boolean;
  readonly input?: string;
  readonly threads?: string;
  readonly supportedModes?: string;
  readonly mustCapture?: string;
  readonly unknownEvents?: 'break_even' | 'last';
  readonly horizon?: string;
  readonly run?: readonly string[];
  readonly json?: boolean;
}

/** Core's recommend options from the flags. */
export function recommendOptions(flags: RecommendFlags): RecommendOptions {
  const supportedModes = parseModeList(flags.supportedModes, '--supported-modes');
  const mustCapture = parseChangeKinds(flags.mustCapture, '--must-capture');
  return {
    ...eventsOptions(flags),
    unknownEvents: flags.unknownEvents ?? 'break_even',
    ...(supportedModes ? { supportedModes } : {}),
    ...(mustCapture ? { mustCapture } : {}),
  };
}

/** The traits of one table: `--traits` (file or stdin) with flags layered over it. */
export function singleTableTraits(flags: TraitFlags & { readonly traits?: string }): TableTraits {
  const base = flags.traits === undefined ? {} : loadTraits(flags.traits);
  if (flags.traits === undefined && !hasTraitFlags(flags)) {
    throw usageError(
      'describe the table with flags (for example --rows and --column) or --traits <file|->; see --help',
    );
  }
  return traitsFromFlags(flags, base);
}

/** Runs `recommend`. For one table, the exit is 0 only when a mode is recommended. */
export async function runRecommend(flags: RecommendFlags): Promise<number> {
  const options = recommendOptions(flags);
  if (flags.ndjson) {
    const tableOnly = [...(flags.traits !== undefined ? ['--traits'] : []), ...tableOnlyFlagsGiven(flags)];
    if (tableOnly.length > 0) {
      throw usageError(
        `--ndjson reads one traits object per input line, so what describes one table does not apply to it: ${tableOnly.join(', ')}. The facts of the whole pipeline do, as the default of every line that lacks them: ${BATCH_FLAGS.map((f) => `--${f.flag.name}`).join(', ')}`,
      );
    }
    const defaults = hasTraitFlags(flags) ? traitsFromFlags(flags, {}, BATCH_FLAGS) : undefined;
    const input =
      flags.input === undefined ? process.stdin : createReadStream(flags.input, { highWaterMark: 64 * 1024 });
    const detail = flags.detail === true ? 'detail' : flags.reasons === true ? 'reasons' : 'compact';
    const threads = parseThreads(flags.threads, availableParallelism());
    const inputBytes = regularFileSize(flags.input ?? 0);
    return runRecommendNdjson(input, flags.input ?? 'stdin', options, detail, threads, inputBytes, defaults);
  }
  if (flags.input !== undefined)
    throw usageError('--input goes with --ndjson; for one table use --traits <file>');
  if (flags.threads !== undefined) throw usageError('--threads goes with --ndjson');
  if (flags.reasons)
    throw usageError('--reasons goes with --ndjson (the one-table output always has the reasons)');
  if (flags.detail) throw usageError('--detail goes with --ndjson (for one table, --json gives the detail)');
  const traits = singleTableTraits(flags);
  const result = recommend(traits, options);
  if (!result.ok) throw resultError('cannot recommend a mode', result.issues);
  if (flags.json) printJson({ traits, ...result.value });
  else printOut(renderRecommendation(result.value, traits, spanWords(flags)));
  return result.value.status === 'recommended' ? EXIT.ok : EXIT.failed;
}
