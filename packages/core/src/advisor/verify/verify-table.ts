/**
 * `verifyTable`: one table of a plan (the mode and body in force, and the facts they rested on)
 * against what the database shows now. The planned body is evaluated, not a fresh
 * recommendation, by the same evaluation as `checkAgainstTable` and `recommend`; the change kinds
 * and pipeline facts the plan declared are kept where the database does not tell them. Each table
 * gets one verdict; an unknown fact gives `unverified`, never `holds`.
 *
 * @module
 */
import type { QueryModeBody } from '../../catalogue/body-types.js';
import { CHANGE_KINDS } from '../../catalogue/change-kinds.js';
import type { QueryMode } from '../../catalogue/modes.js';
import type { Result } from '../../issues/types.js';
import { neverThrows } from '../../issues/unreadable.js';
import { type BodyCheckOptions, checkValidBody } from '../check/check-against-table.js';
import type { Finding } from '../evaluate/findings.js';
import { fillUnknownFacts } from '../facts/fill-unknown.js';
import { changeKindOf } from '../facts/table-facts.js';
import type { RecommendationStatus } from '../recommend/advise.js';
import { type AdvisorOptions, PreparedOptions, type RecommendOptions } from '../recommend/options.js';
import { chooseModeValue } from '../recommend/recommend.js';
import type { TableTraits } from '../traits/model.js';
import { validateTableTraits } from '../traits/validate.js';
import { factChange } from './fact-change.js';
import { byCost } from './finding-cost.js';
import { withLikelyRename } from './likely-rename.js';
import type { VerifyFinding } from './verify-finding.js';

/**
 * The verdicts, worst first: `broken` (a hard rule of the planned mode is known to fail, or it
 * misses a change kind the table has), `unverified` (a fact it relies on is not known), `new` (a
 * table the plan does not cover, or covers without a mode), `gone` (a planned table that no longer
 * exists), `better` (it holds, and a mode that bills fewer events now qualifies), `holds`.
 */
export const VERDICTS = ['broken', 'unverified', 'new', 'gone', 'better', 'holds'] as const;

/** One table's verdict. */
export type VerifyVerdict = (typeof VERDICTS)[number];

/** One table of a plan. */
export interface PlannedTable {
  /** The qualified table name, as `inspect` writes it. */
  readonly table: string;
  /** The body in force; null when the plan holds no mode for the table. */
  readonly body: QueryModeBody | null;
  /** The facts the plan rested on (a `recommend --ndjson --detail` record's traits), when it holds them. */
  readonly traits?: TableTraits;
  /** The plan's line, from 1. */
  readonly line: number;
}

/** A fresh recommendation, for a `new` or `better` table. */
export interface VerifyRecommendation {
  readonly status: RecommendationStatus;
  readonly mode: QueryMode | null;
  readonly body: QueryModeBody | null;
  /** Its billed events over the span, or null when not known. */
  readonly events: number | null;
}

/** One table's verification. */
export interface TableVerification {
  readonly table: string;
  readonly verdict: VerifyVerdict;
  /** The plan's line of the table, or null for a table the plan does not cover. */
  readonly line: number | null;
  /** The planned body, or null. */
  readonly planned: QueryModeBody | null;
  /**
   * For `broken`, what fails (errors known to fail); for `unverified`, what is not known (each
   * with its questions and queries). Empty otherwise.
   */
  readonly findings: readonly VerifyFinding[];
  /** For `new` and `better`: the fresh recommendation. Null otherwise. */
  readonly recommendation: VerifyRecommendation | null;
  /** For `better`: the planned mode's billed events over the same span. */
  readonly plannedEvents: number | null;
  /** The facts kept from the plan because the database does not tell them (`changes.updates`). */
  readonly declared: readonly string[];
  /** The table's `source` (as it is now, or as planned for a gone one), when known: its words (`wordsOfSource`). */
  readonly source?: string;
}

/** Options of {@link verifier}: those of `recommend` (the span, `mustCapture`, ...). */
export type VerifyOptions = RecommendOptions;

/** Verifies one table: the planned table, the table as it is now, either absent. */
export type VerifyTable = (
  planned: PlannedTable | undefined,
  now: TableTraits | undefined,
) => Result<TableVerification>;

/** The facts of a plan's traits that the database cannot tell: the change kinds, their rates and the pipeline's settings. */
function declaredOf(traits: TableTraits | undefined): TableTraits | undefined {
  if (traits === undefined) return undefined;
  const out: { -readonly [K in keyof TableTraits]: TableTraits[K] } = {};
  if (traits.pipeline_mode !== undefined) out.pipeline_mode = traits.pipeline_mode;
  if (traits.replication_frequency_minutes !== undefined)
    out.replication_frequency_minutes = traits.replication_frequency_minutes;
  const changes: Record<string, 'yes' | 'no' | number> = {};
  for (const kind of CHANGE_KINDS) {
    const answer = changeKindOf(traits.changes, kind);
    if (answer !== 'unknown') changes[kind] = answer;
    // A rate the plan rested on (an answer, or observed then): the catalog cannot tell it again.
    const rate = traits.changes?.[`${kind}_per_day`];
    if (typeof rate === 'number') changes[`${kind}_per_day`] = rate;
  }
  if (Object.keys(changes).length > 0) out.changes = changes;
  return out;
}

/** Whether a kind of change has a known rate per day, or is known not to happen. */
function someRateKnown(traits: TableTraits): boolean {
  const changes = traits.changes;
  if (changes === undefined) return false;
  return CHANGE_KINDS.some(
    (kind) => typeof changes[`${kind}_per_day`] === 'number' || changeKindOf(changes, kind) === 'no',
  );
}

/** A fresh recommendation for `traits`, which chooseMode checks as it reads them (their issues when invalid). */
const recommendationOf = (traits: unknown, options: AdvisorOptions): Result<VerifyRecommendation> => {
  const r = chooseModeValue(traits, options);
  if (!r.ok) return r;
  const c = r.value;
  return { ok: true, value: { status: c.status, mode: c.chosen, body: c.body, events: c.events } };
};

const NONE: readonly never[] = Object.freeze([]);

/**
 * A function that verifies tables with `options` (read and checked once): `ok: false` with the
 * options' issues when they are invalid. The function itself never throws: invalid traits of the
 * table now give `ok: false`.
 *
 * @example
 * const v = verifier({});
 * if (v.ok) v.value({ table: 's.t', line: 1, body: { config: { mode: 'full_load' } } }, { table: 's.t', rows: 6_000_000 });
 * // ok: verdict 'broken', with full_load.row_limit: rows before null (not recorded), after 6000000
 */
export function verifier(options: VerifyOptions = {}): Result<VerifyTable> {
  return neverThrows(verifierOf, [options]);
}

/** What every table of one verifier shares: the caller's options and the planned bodies' check options, each read once. */
interface VerifyContext {
  /** For the fresh recommendations: read again for each table, they were 7% of chooseMode (`PreparedOptions`). */
  readonly options: PreparedOptions;
  readonly check: BodyCheckOptions;
}

function verifierOf(options: VerifyOptions): Result<VerifyTable> {
  const prepared = new PreparedOptions(options);
  const read = prepared.read();
  if (!read.ok) return read;
  const o = read.value;
  const check: BodyCheckOptions = {
    required: o.required,
    rowsEstimateMargin: o.rowsEstimateMargin,
    span: o.span,
    ...(o.replicationFrequencyMinutes === undefined
      ? {}
      : { replicationFrequencyMinutes: o.replicationFrequencyMinutes }),
  };
  const context: VerifyContext = { options: prepared, check };
  return { ok: true, value: (planned, now) => neverThrows(verifyTable, [context, planned, now]) };
}

/** One table's verification: `gone`, `new`, or the planned body against the table now. */
function verifyTable(
  context: VerifyContext,
  planned: PlannedTable | undefined,
  now: TableTraits | undefined,
): Result<TableVerification> {
  const table = planned?.table ?? now?.table ?? '';
  const line = planned?.line ?? null;
  if (now === undefined) {
    const none = { findings: NONE, recommendation: null, plannedEvents: null, declared: NONE };
    const source = planned?.traits?.source;
    const gone = { table, verdict: 'gone', line, planned: planned?.body ?? null, ...none } as const;
    return { ok: true, value: source === undefined ? gone : { ...gone, source } };
  }
  const declared = declaredOf(planned?.traits);
  const filled = declared === undefined ? { traits: now, filled: NONE } : fillUnknownFacts(now, declared);
  const base = { table, line, declared: filled.filled };
  if (planned === undefined || planned.body === null) {
    // chooseMode checks the traits as it reads them, with validateTableTraits's issues when they
    // are invalid: checked before as well, a new table's traits were read twice (issue 39).
    const rec = recommendationOf(filled.traits, context.options);
    if (!rec.ok) return rec;
    return {
      ok: true,
      value: verification(base, 'new', null, NONE, { recommendation: rec.value, plannedEvents: null }),
    };
  }
  const valid = validateTableTraits(filled.traits);
  if (!valid.ok) return valid;
  return verifyPlanned(context, base, planned, planned.body, valid.value);
}

/** What a table's verification says first: its name, its plan's line, the facts kept from the plan. */
interface VerifyBase {
  readonly table: string;
  readonly line: number | null;
  readonly declared: readonly string[];
}

/** What a new or better table's verification adds: the fresh recommendation, and for a better one the planned body's events. */
interface FreshAdvice {
  readonly recommendation: VerifyRecommendation | null;
  readonly plannedEvents: number | null;
}

/** No fresh recommendation: the verification of a planned body that is kept. */
const NO_FRESH: FreshAdvice = { recommendation: null, plannedEvents: null };

/**
 * A verification, `base`'s keys first, written out: built as `{ ...base, verdict, ... }`, the
 * verifier took 30-35 ms more CPU on the bench plan's 10,000 tables (222 against 192 ms cold).
 */
function verification(
  base: VerifyBase,
  verdict: VerifyVerdict,
  planned: QueryModeBody | null,
  findings: readonly VerifyFinding[],
  fresh: FreshAdvice = NO_FRESH,
): TableVerification {
  return {
    table: base.table,
    line: base.line,
    declared: base.declared,
    verdict,
    planned,
    findings,
    recommendation: fresh.recommendation,
    plannedEvents: fresh.plannedEvents,
  };
}

/** The planned body against the table now: `broken`, `unverified`, `better` or `holds`. */
function verifyPlanned(
  context: VerifyContext,
  base: VerifyBase,
  planned: PlannedTable,
  body: QueryModeBody,
  traits: TableTraits,
): Result<TableVerification> {
  const result = checkValidBody(body, traits, context.check);
  const holds = result.status === 'eligible' && result.recommendable;
  const findings: readonly Finding[] = holds ? NONE : result.findings();
  const failed = findings.filter((f) => f.severity === 'error' && f.verdict === 'no');
  const broken =
    result.status === 'ineligible' ||
    failed.length > 0 ||
    (result.status === 'eligible' && !result.recommendable);
  const withChange = (f: Finding): VerifyFinding => {
    const change = factChange(f, body, traits, planned.traits);
    const found = change === undefined ? f : { ...f, change };
    return withLikelyRename(found, change, planned.traits, traits);
  };
  const verdictOf = (verdict: VerifyVerdict, shown: readonly VerifyFinding[]): TableVerification =>
    verification(base, verdict, body, shown);
  if (broken) return { ok: true, value: verdictOf('broken', byCost(failed.map(withChange))) };
  if (result.status !== 'eligible') {
    const open = findings.filter((f) => f.verdict === 'unknown' && f.severity !== 'info');
    return { ok: true, value: verdictOf('unverified', byCost(open.map(withChange))) };
  }
  // Fewer events than the planned mode's is only known when the planned mode's are, and
  // another mode's can be counted only from a rate of change (or a kind known not to happen):
  // without them no fresh recommendation is made (it evaluates every mode: 10,000 tables
  // that hold spent most of verify's time there, `pnpm bench verify`).
  const holdsValue = verdictOf('holds', NONE);
  if (result.billed === null || !someRateKnown(traits)) return { ok: true, value: holdsValue };
  const rec = recommendationOf(traits, context.options);
  if (!rec.ok) return rec;
  const fresh = rec.value;
  const better =
    fresh.status === 'recommended' &&
    fresh.mode !== body.config.mode &&
    fresh.events !== null &&
    fresh.events < result.billed;
  if (!better) return { ok: true, value: holdsValue };
  return {
    ok: true,
    value: verification(base, 'better', body, NONE, { recommendation: fresh, plannedEvents: result.billed }),
  };
}
