/**
 * `querymode recommend`: a mode for one table (from flags or `--traits`, `one-table.ts`), or for
 * many tables streamed as NDJSON (`--ndjson`, `ndjson.ts`), with the same recommend options.
 *
 * @module
 */
import { recommendNdjsonFromFlags } from './ndjson.js';
import { recommendOneTable } from './one-table.js';
import { type RecommendFlags, recommendOptions, withInputFile } from './options.js';

/** Runs `recommend`; `file` is its input argument (see `withInputFile`). */
export async function runRecommend(given: RecommendFlags, file?: string): Promise<number> {
  const flags = withInputFile(given, file);
  const options = recommendOptions(flags);
  return flags.ndjson ? recommendNdjsonFromFlags(flags, options) : recommendOneTable(flags, options);
}
