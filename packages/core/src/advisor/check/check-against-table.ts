/**
 * `checkAgainstTable`: the findings of a query-mode body the caller wrote, against what is
 * known of a table.
 *
 * @module
 */
import type { QueryModeBody } from '../../catalogue/body-types.js';
import type { ChangeKind } from '../../catalogue/types.js';
import { isRecord } from '../../issues/is-record.js';
import type { Issue, Result } from '../../issues/types.js';
import { neverThrows } from '../../issues/unreadable.js';
import { validateQueryModeBody } from '../../validate/validate.js';
import type { EventsSpan } from '../estimate/count.js';
import { type CandidateStatus, described, evaluateGiven } from '../evaluate/candidate.js';
import { type Finding, findingsOf } from '../evaluate/findings.js';
import { Tally } from '../evaluate/sink.js';
import type { KindSet } from '../facts/kind-set.js';
import { readFacts } from '../facts/valid-facts.js';
import { optionReaders, resolveOptions } from '../options/resolve.js';
import { MODE_CHECKS_BY_ID } from '../rules/mode-checks.js';
import type { TableTraits } from '../traits/model.js';
import { validateTableTraits } from '../traits/validate.js';

/** Options of {@link checkAgainstTable}. */
export interface CheckAgainstTableOptions {
  /** The pipeline's replication frequency in minutes; overrides `traits.replication_frequency_minutes`. */
  readonly replicationFrequencyMinutes?: number;
  /** The kinds of change that must not be missed (default inserts and updates: `DEFAULT_MUST_CAPTURE`): decides the severity of capture findings. */
  readonly mustCapture?: readonly ChangeKind[];
  /** How close to the `full_load` limit an estimated row count is not known to be below it (default 0.2). */
  readonly rowsEstimateMargin?: number;
  /** The span, in hours, over which the row limit must hold by the table's known growth (default 0: now). */
  readonly horizonHours?: number;
}

const READERS = optionReaders(
  'horizonHours',
  'replicationFrequencyMinutes',
  'mustCapture',
  'rowsEstimateMargin',
);

/** A valid body evaluated against valid traits: its status, as `recommend` reads it, and its findings. */
export interface BodyCheck {
  /** `eligible`, `needs_facts` or `ineligible`, by the rules `recommend` applies to a candidate. */
  readonly status: CandidateStatus;
  /** Eligible, and not known to miss a kind of change the table has and the caller requires. */
  readonly recommendable: boolean;
  /** The billed events over the options' span, or null when a needed fact is not known. */
  readonly billed: number | null;
  /**
   * The findings, in words: built on first call (the evaluation is run again keeping each
   * outcome), so that a caller that needs only the status does not pay for the words.
   */
  readonly findings: () => Finding[];
}

/** What {@link checkValidBody} needs besides the body and the table. */
export interface BodyCheckOptions {
  readonly required: KindSet;
  readonly rowsEstimateMargin: number;
  readonly span: EventsSpan;
  readonly replicationFrequencyMinutes?: number;
}

/**
 * Evaluates a body already validated against traits already validated: the one evaluation behind
 * {@link checkAgainstTable} and `verifyTable`. Throws only on a bug (its callers catch).
 */
export function checkValidBody(
  body: QueryModeBody,
  traits: TableTraits,
  options: BodyCheckOptions,
): BodyCheck {
  const config = body.config as unknown as Record<string, unknown>;
  const checks = MODE_CHECKS_BY_ID.get(body.config.mode);
  const facts = readFacts(traits, options.replicationFrequencyMinutes);
  if (checks === undefined)
    return { status: 'eligible', recommendable: true, billed: null, findings: () => [] };
  // A tally first: `verify` asks only the status of most tables (10,000 tables: words for each
  // took most of its time, `pnpm bench verify`).
  const evaluation = evaluateGiven(checks, config, { facts, options }, new Tally());
  return {
    status: evaluation.status,
    recommendable: evaluation.recommendable,
    billed: evaluation.countEvents().billed,
    findings: () => findingsOf(described(evaluation), { facts, mode: checks.mode, config, options }),
  };
}

/**
 * Checks a query-mode body against a table: every check of its mode (one per statement of the
 * spec, and of public documentation outside it, that a table can break), and its capture of each
 * kind of change the table has. Each finding names the rule, its strength and source, the verdict
 * (`no`, or `unknown` with the facts to establish), the body path, and a remedy in the source's SQL
 * dialect. Findings come errors first, then warnings, then infos.
 *
 * Errors are data: an invalid body (its validation issues), invalid traits or options give
 * `ok: false`. Never throws.
 *
 * @example
 * const r = checkAgainstTable(
 *   { config: { mode: 'timestamp', timestamp_column_name: 'updated_at' } },
 *   { columns: [{ name: 'updated_at', type: 'timestamp', nullable: true }] },
 * ); // r.value: timestamp.column_not_null (error), timestamp.auto_update (warning: unknown), ...
 */
export function checkAgainstTable(
  body: QueryModeBody,
  traits: TableTraits,
  options?: CheckAgainstTableOptions,
): Result<Finding[]> {
  return neverThrows(check, [body, traits, options]);
}

/** By default a check reads the table now: the row limit over a span only with `horizonHours`. */
const NO_SPAN: EventsSpan = Object.freeze({ horizonHours: 0 });

function check(body: unknown, traits: unknown, options: unknown): Result<Finding[]> {
  const valid = validateQueryModeBody(body);
  const t = validateTableTraits(traits);
  const read = resolveOptions(options, READERS);
  if (!valid.ok || !t.ok || !read.ok) {
    const issues: Issue[] = [
      ...(valid.ok ? [] : valid.issues),
      ...(t.ok ? [] : t.issues),
      ...(read.ok ? [] : read.issues),
    ];
    return { ok: false, issues };
  }
  return {
    ok: true,
    value: checkValidBody(valid.value, t.value, {
      ...read.value,
      span: isRecord(options) && options.horizonHours !== undefined ? read.value.span : NO_SPAN,
    }).findings(),
  };
}
