/**
 * `querymode recommend` for one table: its traits from flags or `--traits`, the recommendation
 * as text or JSON (`--json`). The options that only `--ndjson` reads are refused here.
 *
 * @module
 */
import { type RecommendOptions, recommend } from '@querymode/core';
import { EXIT, usageError } from '../../errors.js';
import { printOut } from '../../io/write.js';
import { spanWords } from '../../options/span.js';
import { printJson } from '../../render/json.js';
import { renderRecommendation } from '../../render/recommendation.js';
import { resultError } from '../../result-error.js';
import { singleTableTraits } from '../../traits/single-table.js';
import { NDJSON_ONLY, type RecommendFlags } from './options.js';

/** Recommends a mode for one table. The exit is 0 only when a mode is recommended. */
export function recommendOneTable(flags: RecommendFlags, options: RecommendOptions): number {
  for (const [key, message] of NDJSON_ONLY) if (flags[key] !== undefined) throw usageError(message);
  const traits = singleTableTraits(flags);
  const result = recommend(traits, options);
  if (!result.ok) throw resultError('cannot recommend a mode', result.issues);
  if (flags.json) printJson({ traits, ...result.value });
  else printOut(renderRecommendation(result.value, traits, spanWords(flags)));
  return result.value.status === 'recommended' ? EXIT.ok : EXIT.failed;
}
