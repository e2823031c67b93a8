/**
 * `querymode recommend`: a mode for one table (from flags or `--traits`), or for many tables
 * streamed as NDJSON (`--ndjson`).
 *
 * @module
 */
import { createReadStream } from 'node:fs';
import { availableParallelism } from 'node:os';
import { recommend } from '@querymode/core';
import { EXIT, usageError } from '../../errors.js';
import { regularFileSize } from '../../io/file-size.js';
import { printOut } from '../../io/write.js';
import { spanWords } from '../../options/span.js';
import { printJson } from '../../render/json.js';
import { renderRecommendation } from '../../render/recommendation.js';
import { resultError } from '../../result-error.js';
import { BATCH_FLAGS, hasTraitFlags, tableOnlyFlagsGiven, traitsFromFlags } from '../../traits/flags.js';
import { singleTableTraits } from '../../traits/single-table.js';
import { runRecommendNdjson } from './ndjson.js';
import { parseThreads, type RecommendFlags, recommendOptions } from './options.js';

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
