/**
 * The zod schemas of the small values the output records share: a mode, a kind of change, a
 * three-valued fact, a count, an issue path, a body, and the status lists.
 *
 * @module
 */
import { z } from 'zod';
import { TRI } from '../advisor/traits/tri.js';
import { CHANGE_KINDS } from '../catalogue/change-kinds.js';
import { QUERY_MODES } from '../catalogue/modes.js';
import { queryModeBodySchema } from '../schemas/body.js';

export const mode = z.enum(QUERY_MODES as [string, ...string[]]);
export const kind = z.enum(CHANGE_KINDS as [string, ...string[]]);
export const tri = z.enum(TRI);
export const count = z.int().min(0);
export const path = z.array(z.union([z.string(), z.number()]));
export const body = queryModeBodySchema.nullable();
export const status = z.enum(['recommended', 'needs_facts', 'none']);
export const candidateStatus = z.enum(['eligible', 'needs_facts', 'ineligible']);
