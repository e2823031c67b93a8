/**
 * The plan `querymode verify` checks, one JSON object per line: a record of `querymode recommend
 * --ndjson` (with or without `--detail`: its `table`, its `body`, and with `--detail` the traits
 * the recommendation rested on; read with core's schema of those records, the `pipeline_id` and
 * `object_name` an `apply` plan adds aside), or a record of an `apply` plan (`config`, or `body`, and the
 * table it sets under `table`; with `--table-from-object-name`, a record without `table` takes its
 * `object_name`). A record whose `body` is null (recommend found no mode) plans no mode for its
 * table; the legend a `--detail` stream starts with plans none. Every problem is collected with its
 * line; a plan that names one table twice is invalid.
 *
 * @module
 */

import type { Stats } from 'node:fs';
import {
  isRecord,
  type PlannedTable,
  type QueryModeBody,
  type TableTraits,
  validateQueryModeBody,
  validateTableTraits,
} from '@querymode/core';
import { parseJsonLine } from '../io/json-line.js';
import { type PlannedParts, plannedParts, RefusedRecord } from './planned-record.js';
import type { plannedRecordProblem } from './planned-record-schema.js';

/** The most plan problems shown; the rest are counted. */
export const SHOWN_PROBLEMS = 10;

/** How the plan's records name their tables. */
export interface PlanFileOptions {
  /** A record without `table` takes its `object_name` (`--table-from-object-name`). */
  readonly tableFromObjectName?: boolean;
}

/**
 * The plan read so far: each table's line (to find a table planned twice), the schemas its
 * records name, its problems, and, when `keep` is set, its tables themselves. A large plan
 * file is not kept: `verify` reads it again, one line at a time, as it verifies, so that its
 * memory does not grow with the plan's tables (`pnpm bench verify`); a small one, or a plan on
 * stdin or in a pipe (which cannot be read twice), is kept.
 */
export interface PlanRead {
  /** Whether the tables are kept in `tables`. */
  readonly keep: boolean;
  /** A plan file as it was when its reading began: what a second reading must find. */
  file?: Stats;
  /** The planned tables by name, in the plan's order: only when `keep`. */
  readonly tables: Map<string, PlannedTable>;
  /** The line of each planned table, by name. */
  readonly lines: Map<string, number>;
  /** The schemas of the plan's tables; null once a record names none (a compact record). */
  schemas: Set<string> | null;
  /** Each problem's message, or the record whose message core's schema gives (`wordProblems`). */
  readonly problems: (string | RefusedRecord)[];
  /** Non-empty lines read. */
  records: number;
}

/** The first issue's message, and how many more there are. */
const firstOf = (issues: readonly { message: string }[]): string =>
  `${issues[0]?.message ?? 'invalid'}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`;

function tableOf(value: Record<string, unknown>, line: number, options: PlanFileOptions): string {
  const own = value.table;
  const table = own === undefined && options.tableFromObjectName === true ? value.object_name : own;
  if (typeof table === 'string' && table !== '') return table;
  if (table === undefined)
    throw `line ${line}: no \`table\`; ${
      options.tableFromObjectName === true
        ? 'nor `object_name`'
        : 'add it, or give --table-from-object-name if the objects are named as the tables'
    }`;
  throw `line ${line}: \`table\` must be a non-empty string`;
}

/** The body in force; `parts`, a recommend record's parts already checked (`plannedParts`). */
function bodyOf(
  value: Record<string, unknown>,
  line: number,
  parts: PlannedParts | undefined,
): QueryModeBody | null {
  const hasBody = Object.hasOwn(value, 'body');
  const hasConfig = Object.hasOwn(value, 'config');
  if (hasBody && hasConfig) throw `line ${line}: has both \`config\` and \`body\`; keep one`;
  if (!hasBody && !hasConfig) throw `line ${line}: no \`body\` or \`config\`: which mode is in force?`;
  if (parts !== undefined) return parts.body;
  if (hasBody && value.body === null) return null;
  const body = hasBody ? value.body : { config: value.config };
  const checked = validateQueryModeBody(body);
  if (!checked.ok) throw `line ${line}: ${firstOf(checked.issues)}`;
  return checked.value;
}

function traitsOf(value: Record<string, unknown>, line: number): TableTraits | undefined {
  if (value.traits === undefined) return undefined;
  const checked = validateTableTraits(value.traits);
  if (!checked.ok) throw `line ${line}: \`traits\`: ${firstOf(checked.issues)}`;
  return checked.value;
}

/**
 * One line of a plan (its text, without the newline; `line` from 1): the table it plans, or
 * undefined for an empty line; a problem is thrown as its message (a string). `seen`: the line
 * was read from the same file before and found sound, so the checks that only reject (no
 * duplicate key, the shape of a recommend record) are not made again; the table, body and
 * traits are read as the first time (`verify` reads a plan file twice: `pnpm bench verify`).
 */
export function planLine(
  raw: string,
  line: number,
  options: PlanFileOptions,
  seen = false,
): PlannedTable | undefined {
  const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  if (text.trim() === '') return undefined;
  const parsed: { ok: true; value: unknown } | { ok: false; message: string } = seen
    ? { ok: true, value: JSON.parse(text) }
    : parseJsonLine(text, line);
  if (!parsed.ok) throw parsed.message;
  const value = parsed.value;
  if (!isRecord(value))
    throw `line ${line}: expected a JSON object with \`table\` and \`body\` (or \`config\`)`;
  // The legend of a `recommend --ndjson --detail` stream (its first line) plans no table.
  if (value.kind === 'legend' && value.ok === undefined) return undefined;
  if (value.ok === false)
    throw `line ${line}: a recommend line that failed has no plan; fix its traits or remove it`;
  let parts: PlannedParts | undefined;
  if (value.ok === true && !seen) {
    // Only the keys a plan rests on are checked: checking each candidate of a `--detail` record
    // took most of the time of a 10,000-table plan (`pnpm bench verify`). The keys an apply plan
    // adds are left out of a refused record only, which the schema words (copying every record
    // without them took 1-2 ms of the bench plan's reading: CPU profile).
    parts = plannedParts(value);
    if (parts === undefined) {
      const { pipeline_id: _p, object_name: _o, ...record } = value;
      throw new RefusedRecord(line, record);
    }
  }
  const table = tableOf(value, line, options);
  const body = bodyOf(value, line, parts);
  const traits = parts === undefined ? traitsOf(value, line) : parts.traits;
  return traits === undefined ? { table, line, body } : { table, line, body, traits };
}

/** Reads one line of the plan into `plan` (its text, without the newline; `line` from 1). */
export function addPlanLine(plan: PlanRead, raw: string, line: number, options: PlanFileOptions): void {
  let planned: PlannedTable | undefined;
  try {
    planned = planLine(raw, line, options);
  } catch (problem) {
    if (typeof problem !== 'string' && !(problem instanceof RefusedRecord)) throw problem;
    plan.records += 1;
    // A refused record is held only when its problem is shown.
    plan.problems.push(
      problem instanceof RefusedRecord && plan.problems.length >= SHOWN_PROBLEMS
        ? new RefusedRecord(problem.line, undefined)
        : problem,
    );
    return;
  }
  if (planned === undefined) return;
  plan.records += 1;
  const first = plan.lines.get(planned.table);
  if (first !== undefined) {
    plan.problems.push(
      `line ${line}: plans table ${JSON.stringify(planned.table)} again (first on line ${first}); a plan holds each table once`,
    );
    return;
  }
  plan.lines.set(planned.table, line);
  const schema = planned.traits?.schema;
  if (schema === undefined) plan.schemas = null;
  else plan.schemas?.add(schema);
  if (plan.keep) plan.tables.set(planned.table, planned);
}

/** An empty plan, to read lines into; `keep`: keep the planned tables themselves. */
export const emptyPlan = (keep: boolean): PlanRead => ({
  keep,
  tables: new Map(),
  lines: new Map(),
  schemas: new Set(),
  problems: [],
  records: 0,
});

/**
 * What is wrong with a record by core's schema of plan records (`plannedRecordProblem`): with zod,
 * in the heavy chunk, so the caller loads it, and only for a plan with a refused record.
 */
export type RecordWords = () => Promise<typeof plannedRecordProblem>;

/**
 * The messages of the first {@link SHOWN_PROBLEMS} problems of a plan; the records
 * `isPlannedRecord` refused are worded by core's schema (`words`).
 */
export async function wordProblems(
  problems: readonly (string | RefusedRecord)[],
  words: RecordWords,
): Promise<string[]> {
  const shown = problems.slice(0, SHOWN_PROBLEMS);
  if (shown.every((p) => typeof p === 'string')) return shown as string[];
  const problemOf = await words();
  return shown.map((p) =>
    typeof p === 'string'
      ? p
      : `line ${p.line}: not a record of recommend --ndjson: ${(p.record && problemOf(p.record)) ?? 'the record: invalid'}`,
  );
}
