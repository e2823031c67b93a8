/**
 * `querymode recommend`: a mode for one table (from flags or `--traits`, `one-table.ts`), or for
 * many tables streamed as NDJSON (`--ndjson`, `ndjson.ts`), with the same recommend options.
 *
 * @module
 */
import { recommendNdjsonFromFlags } from './ndjson.js';
import { recommendOneTable } from './one-table.js';
import { type RecommendFlags, recommendOptions } from './options.js';

/** Runs `recommend`. */
export async function runRecommend(flags: RecommendFlags): Promise<number> {
  const options = recommendOptions(flags);
  return flags.ndjson ? recommendNdjsonFromFlags(flags, options) : recommendOneTable(flags, options);
}
