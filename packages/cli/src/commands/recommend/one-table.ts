/**
 * `querymode recommend` for one table: its traits from flags or `--traits`, with `--answers`
 * filling what they leave unknown, and the recommendation as text or JSON (`--json`, which says
 * where every fact came from). The options that only `--ndjson` reads are refused here.
 *
 * @module
 */
import { type RecommendOptions, recommend } from '@querymode/core';
import { answerOneTable } from '../../answers/load.js';
import { oneTableOrigins } from '../../answers/origins.js';
import { EXIT, usageError } from '../../errors.js';
import { sourceName } from '../../io/read.js';
import { printOut } from '../../io/write.js';
import { spanWords } from '../../options/span.js';
import { answersLines } from '../../render/answers.js';
import { printJson } from '../../render/json.js';
import { renderRecommendation } from '../../render/recommendation.js';
import { resultError } from '../../result-error.js';
import { singleTableTraits } from '../../traits/single-table.js';
import { NDJSON_ONLY, type RecommendFlags } from './options.js';

/** Recommends a mode for one table. The exit is 0 only when a mode is recommended. */
export async function recommendOneTable(flags: RecommendFlags, options: RecommendOptions): Promise<number> {
  for (const [key, message] of NDJSON_ONLY) if (flags[key] !== undefined) throw usageError(message);
  const given = singleTableTraits(flags);
  const input = flags.traits === undefined ? 'flags' : `traits file ${sourceName(flags.traits)}`;
  const a = await answerOneTable(flags.answers, given, input);
  const traits = a.traits;
  const result = recommend(traits, options);
  if (!result.ok) throw resultError('cannot recommend a mode', result.issues);
  if (flags.json) printJson({ traits, ...result.value, ...oneTableOrigins(flags, given, input, a) });
  else
    printOut(
      renderRecommendation(result.value, traits, spanWords(flags)) + answersLines(a.filled, a.overruled),
    );
  return result.value.status === 'recommended' ? EXIT.ok : EXIT.failed;
}
