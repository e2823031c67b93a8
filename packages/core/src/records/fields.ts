/**
 * The zod schemas of the small values the output records share: a mode, a kind of change, a
 * three-valued fact, a count, an issue path, a body, and the status lists.
 *
 * @module
 */
import { z } from 'zod';
import { CANDIDATE_STATUSES } from '../advisor/evaluate/candidate.js';
import { RECOMMENDATION_STATUSES } from '../advisor/recommend/advise.js';
import { TRI } from '../advisor/traits/tri.js';
import { CHANGE_KINDS } from '../catalogue/change-kinds.js';
import { QUERY_MODES, type QueryMode } from '../catalogue/modes.js';
import type { ChangeKind } from '../catalogue/types.js';
import { queryModeBodySchema } from '../schemas/body.js';

// zod's enum takes a non-empty tuple; the catalogue's lists are typed as arrays of their members.
export const mode = z.enum(QUERY_MODES as [QueryMode, ...QueryMode[]]);
export const kind = z.enum(CHANGE_KINDS as [ChangeKind, ...ChangeKind[]]);
export const tri = z.enum(TRI);
export const count = z.int().min(0);
export const path = z.array(z.union([z.string(), z.number()]));
export const body = queryModeBodySchema.nullable();
export const status = z.enum(RECOMMENDATION_STATUSES);
export const candidateStatus = z.enum(CANDIDATE_STATUSES);

/** Where the facts of a one-table output came from (`recommend --json`, `estimate --json`): {@link FactOrigins}. */
export const factOriginsFields = {
  /** Where every fact of `traits` came from, by key: `catalog`, `observed`, a traits file, a flag, an answers file and line. */
  facts_from: z.record(z.string(), z.string()),
  /** Each answer of `--answers` the table's own facts contradicted, as a sentence; absent when none. */
  overruled: z.array(z.string()).exactOptional(),
};
