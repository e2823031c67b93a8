/**
 * `checkAgainstTable`: the findings of a query-mode body against what is known of a table.
 *
 * @module
 */
import type { QueryModeBody } from '../catalogue/body-types.js';
import { validateQueryModeBody } from '../validate/validate.js';
import { PLAN_BY_MODE } from './checks.js';
import { readFacts } from './facts.js';
import type { Finding } from './finding.js';
import { toFindings } from './finding-text.js';
import { bySeverity, type Raw } from './raw.js';
import { runChecks } from './run-checks.js';
import type { TableTraits } from './traits.js';

/** Options of {@link checkAgainstTable}. */
export interface CheckOptions {
  /** The pipeline's replication frequency in minutes; overrides `traits.replication_frequency_minutes`. */
  readonly replicationFrequencyMinutes?: number;
}

/**
 * Checks a query-mode body against a table: one check per statement of the spec (and, marked
 * `outside_spec`, of public documentation) that a table can break. Each finding names the rule
 * (a catalogue rule id), its severity, the body path, what is wrong or unknown, and a concrete
 * remedy. An unknown fact gives a `warning` or `info` with `unknown: true`, never a guess.
 *
 * Findings come errors first, then warnings, then infos. An invalid body gives its validation
 * issues as `body.valid` errors and nothing else. Never throws.
 *
 * @example
 * checkAgainstTable(
 *   { config: { mode: 'timestamp', timestamp_column_name: 'updated_at' } },
 *   { columns: [{ name: 'updated_at', type: 'timestamp', nullable: true }] },
 * ); // timestamp.column_not_null (error), timestamp.auto_update (warning: unknown), ...
 */
export function checkAgainstTable(
  body: QueryModeBody,
  traits: TableTraits,
  options: CheckOptions = {},
): Finding[] {
  const valid = validateQueryModeBody(body);
  if (!valid.ok) {
    return valid.issues.map((issue) => ({
      rule: 'body.valid',
      severity: 'error',
      path: issue.path,
      message: issue.message,
      source: 'spec',
    }));
  }
  const config = valid.value.config as unknown as Record<string, unknown>;
  const plan = PLAN_BY_MODE.get(valid.value.config.mode);
  if (plan === undefined) return [];
  const facts = readFacts(traits, options.replicationFrequencyMinutes);
  const raws: Raw[] = [];
  runChecks(plan, config, facts, raws);
  return toFindings(bySeverity(raws), plan, facts);
}
