/**
 * `estimateEvents`: the events one mode bills for a table, by the service's events model
 * (`count.ts`), in words (`describe.ts`).
 *
 * @module
 */

import { getMode, type QueryMode } from '../../catalogue/modes.js';
import { invalidModeIssue } from '../../issues/invalid-mode.js';
import { invalidTypeIssue } from '../../issues/invalid-type.js';
import { readOptions } from '../../issues/read-options.js';
import type { Issue, Result } from '../../issues/types.js';
import { neverThrows } from '../../issues/unreadable.js';
import { readFacts } from '../facts/valid-facts.js';
import type { TableTraits } from '../traits/model.js';
import { validateTableTraits } from '../traits/validate.js';
import { countEvents } from './count.js';
import { describeEvents, type EventsEstimate } from './describe.js';
import { EVENTS_READERS, type EventsOptions, overflowIssue, spanOf } from './options.js';

function modeIssue(mode: unknown): Issue {
  if (typeof mode !== 'string') return invalidTypeIssue(['mode'], 'string', mode);
  return invalidModeIssue(['mode'], mode);
}

/**
 * Estimates the events a mode bills for a table over a horizon (default 30 days), or over a
 * per-run timeline of changes. A mode that reads the whole table (`full_load`) bills the table as
 * it is at each load (after its six-hour wait); a mode that reads changes bills the changes of the
 * kinds it captures; in a log-based pipeline, the events come from the log and do not depend on
 * the mode. The historical (first) load is reported apart and not billed. `billed` is null when a
 * needed fact is not known, with the reason in `unknown`.
 *
 * Errors are data: an unknown mode, invalid traits or options, and numbers too large for a
 * finite estimate give `ok: false` with issues. Never throws.
 *
 * @example
 * const r = estimateEvents('full_load', { rows: 100, replication_frequency_minutes: 360 }, {
 *   timeline: [{ inserts: 5, updates: 4 }, {}],
 * });
 * if (r.ok) r.value.billed; // 210: 105 + 105 (the service's worked example)
 */
export function estimateEvents(
  mode: QueryMode,
  traits: TableTraits,
  options?: EventsOptions,
): Result<EventsEstimate> {
  return neverThrows(estimate, [mode, traits, options]);
}

function estimate(mode: unknown, traits: unknown, options: unknown): Result<EventsEstimate> {
  const spec = typeof mode === 'string' ? getMode(mode) : undefined;
  const valid = validateTableTraits(traits);
  // Only the events options, of this floor (the advisor's resolver, `options/resolve.ts`, is above it).
  const read = readOptions(options, EVENTS_READERS);
  const issues: Issue[] = [];
  if (spec === undefined) issues.push(modeIssue(mode));
  if (!valid.ok) issues.push(...valid.issues);
  if (!read.ok) issues.push(...read.issues);
  if (spec === undefined || !valid.ok || !read.ok) return { ok: false, issues };
  const resolved = spanOf(read.value);
  if (!resolved.ok) return { ok: false, issues: [resolved.issue] };
  const span = resolved.span;
  const facts = readFacts(valid.value, read.value.replicationFrequencyMinutes);
  const count = countEvents(spec, facts, span);
  if (count.overflow) return { ok: false, issues: [overflowIssue()] };
  return { ok: true, value: describeEvents(count, facts, span.timeline !== undefined) };
}
