/**
 * `querymode verify PLAN [URL]`: the plan (`recommend --ndjson` records, with or without
 * `--detail`, or an `apply` plan) against the database as it is now. The tables are read as
 * `inspect` reads them (same options, same privileges); each planned body is evaluated by core's
 * `verifier` (`holds`, `broken`, `unverified`, `better`, `new`, `gone`). Human output: the
 * verdict first, one line per table that does not hold, then a summary; `--ndjson` writes one
 * record per table, `--json` one document. Exit 0 when nothing is broken, 1 when something is
 * (with `--strict`, also when something is unverified, new or gone), 2 for usage errors.
 *
 * @module
 */

import { appendFileSync, type Stats, statSync } from 'node:fs';
import {
  countOf,
  type PlannedTable,
  type TableTraits,
  type TableVerification,
  verifier,
  visibleName,
} from '@querymode/core';
import pkg from '../../package.json' with { type: 'json' };
import { answerEachTable } from '../answers/load.js';
import { loadIntrospect } from '../database/load-introspect.js';
import { CliError, EXIT, usageError } from '../errors.js';
import { oneLine } from '../io/one-line.js';
import { checkNotInput, checkOutputTarget, writeFileAtomic } from '../io/output-file.js';
import { sourceName } from '../io/read.js';
import { type Style, styleFor } from '../io/style.js';
import { write } from '../io/write-stdout.js';
import { fileLines } from '../ndjson/file-lines.js';
import { readLines } from '../ndjson/read-lines.js';
import { parseChangeKinds } from '../options/change-kinds.js';
import { githubAnnotations, markdownSummary } from '../verify/formats.js';
import { junitXml } from '../verify/junit.js';
import {
  addPlanLine,
  emptyPlan,
  type PlanFileOptions,
  type PlanRead,
  planLine,
  type RecordWords,
  SHOWN_PROBLEMS,
  wordProblems,
} from '../verify/plan-file.js';
import { planScope } from '../verify/plan-scope.js';
import { verifyRecord } from '../verify/record.js';
import {
  fails,
  filteredWords,
  nounsOfTables,
  noVerdicts,
  overall,
  summaryWords,
  tableLines,
  type VerdictCounts,
  verdictLine,
  worstFirst,
} from '../verify/render.js';
import { sarifLog } from '../verify/sarif.js';
import type { InspectFlags } from './inspect.js';
import { nowSource } from './verify-source.js';

/** Options of `verify`. */
export interface VerifyFlags extends Omit<InspectFlags, 'observe' | 'json'> {
  readonly ndjson?: boolean;
  readonly json?: boolean;
  readonly strict?: boolean;
  /** The human output's format: `text` (when not given), `github` (annotations), `markdown` or `sarif`; not with `ndjson` or `json`. */
  readonly format?: 'text' | 'github' | 'markdown' | 'sarif';
  readonly mustCapture?: string;
  readonly tableFromObjectName?: boolean;
  /** `--junit FILE`: also write JUnit XML to this file (atomically), one testcase per table. */
  readonly junit?: string;
  /** `--answers FILE`: the facts for many tables the plan was made with. */
  readonly answers?: string;
}

/**
 * The largest plan file held in memory whole (4 MiB: about 20,000 tables of plain records, whose
 * tables take about 220 bytes each in memory, or some 150 of `--detail` records, 1.5 KB each).
 * A larger one is checked whole, then read again line by line as its tables are verified, so
 * what verify holds of a plan stays under a bound whatever its size; a smaller one is read once,
 * which is faster (a second reading of 10,000 plain records costs about 5% of verify's CPU time:
 * `pnpm bench verify`). `QUERYMODE_VERIFY_HELD_PLAN_BYTES` sets another bound (for tests).
 */
const HELD_PLAN_BYTES = (() => {
  const n = Number(process.env.QUERYMODE_VERIFY_HELD_PLAN_BYTES);
  return Number.isSafeInteger(n) && n >= 0 ? n : 4 * 1024 * 1024;
})();

/** A file's status, or undefined when it cannot be had (missing, not reachable): its reader says why. */
function statusOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

const planOptions = (flags: VerifyFlags): PlanFileOptions => ({
  tableFromObjectName: flags.tableFromObjectName === true,
});

/** Reads the whole plan and checks every line: a plan with a problem is a usage error, before any table is verified. */
async function readPlan(source: string, flags: VerifyFlags, words: RecordWords): Promise<PlanRead> {
  // A regular file past HELD_PLAN_BYTES is read again (`plannedTables`) rather than held, and
  // the second reading must find it as it is now, before this one. A smaller file is held, and
  // so is stdin, a pipe (`<(...)`) or a device, which cannot be read twice.
  const file = source === '-' ? undefined : statusOf(source);
  const reread = file?.isFile() === true && file.size > HELD_PLAN_BYTES;
  const plan = emptyPlan(!reread);
  if (reread) plan.file = file;
  const options = planOptions(flags);
  await readLines(source, 'plan', {
    line: (text, line) => addPlanLine(plan, text, line, options),
    empty: () => undefined,
    unreadable: (line, message) => {
      plan.records += 1;
      plan.problems.push(`line ${line}: ${message}`);
    },
  });
  if (plan.problems.length > 0) {
    const shownProblems = (await wordProblems(plan.problems, words)).map((p) => `  ${oneLine(p)}`);
    const more = plan.problems.length - SHOWN_PROBLEMS;
    throw usageError(
      `the plan ${oneLine(sourceName(source))} has ${countOf(plan.problems.length, 'invalid record')}; nothing was verified:\n${shownProblems.join('\n')}${more > 0 ? `\n  ...and ${more} more` : ''}`,
    );
  }
  if (plan.records === 0)
    throw usageError(
      `the plan ${oneLine(sourceName(source))} holds no record: expected one JSON object per line`,
    );
  return plan;
}

/**
 * The schemas of the plan's tables, when every record says its schema (the traits of a
 * `--detail` record do): without `--schema` or `--table`, verify reads only these, so that the
 * tables of other schemas in the same database are not reported as new. Undefined otherwise
 * (every schema is read).
 */
export function plannedSchemas(plan: PlanRead): string[] | undefined {
  return plan.schemas === null || plan.schemas.size === 0 ? undefined : [...plan.schemas];
}

/**
 * The tables of a plan file not held (`plan.keep` false), in its order: its lines read again one
 * at a time, each one's table let go once verified. A file that no longer holds what the first
 * reading found (changed meanwhile) is an error.
 */
async function* plannedTables(
  plan: PlanRead,
  source: string,
  flags: VerifyFlags,
): AsyncGenerator<PlannedTable> {
  const changed = () =>
    new CliError(
      `the plan ${oneLine(sourceName(source))} changed while verify read it; run verify again`,
      EXIT.failed,
    );
  const options = planOptions(flags);
  // The file read now must be the one checked: the same file, size and time of change, before
  // and after this reading; its lines are then read, not checked again (`planLine`).
  const same = (): boolean => {
    const now = statusOf(source);
    const then = plan.file;
    return (
      then !== undefined &&
      now !== undefined &&
      now.dev === then.dev &&
      now.ino === then.ino &&
      now.size === then.size &&
      now.mtimeMs === then.mtimeMs
    );
  };
  if (!same()) throw changed();
  let line = 0;
  let tables = 0;
  try {
    for await (const text of fileLines(source)) {
      line += 1;
      let planned: PlannedTable | undefined;
      try {
        planned = planLine(text, line, options, true);
      } catch {
        throw changed();
      }
      if (planned === undefined) continue;
      if (plan.lines.get(planned.table) !== line) throw changed();
      tables += 1;
      yield planned;
    }
  } catch (error) {
    throw error instanceof CliError ? error : changed();
  }
  if (tables !== plan.lines.size || !same()) throw changed();
}

/** Appends the Markdown summary to GitHub's step summary file; a failure to is said, not fatal. */
function appendStepSummary(file: string, markdown: string): void {
  try {
    appendFileSync(file, `${markdown}\n`);
  } catch (error) {
    process.stderr.write(
      `verify: could not append to GITHUB_STEP_SUMMARY (${oneLine(file)}): ${oneLine((error as Error).message)}\n`,
    );
  }
}

/** The colour of a verdict in the human output (`s`, stdout's style): holds and better green, broken red, the others yellow. */
function verdictStyle(verdict: TableVerification['verdict'], s: Style): (text: string) => string {
  if (verdict === 'broken') return s.red;
  return verdict === 'holds' || verdict === 'better' ? s.green : s.yellow;
}

/** Runs `verify`; `words` loads the words of a plan record that is refused. */
export async function runVerify(
  planFile: string,
  url: string | undefined,
  flags: VerifyFlags,
  words: RecordWords,
): Promise<number> {
  if (flags.ndjson === true && flags.json === true) throw usageError('give --ndjson or --json, not both');
  if (flags.format !== undefined && (flags.ndjson === true || flags.json === true))
    throw usageError(
      `give --format ${flags.format} or --${flags.ndjson === true ? 'ndjson' : 'json'}, not both: each chooses what stdout holds (every format carries the same verdicts)`,
    );
  const mustCapture = parseChangeKinds(flags.mustCapture, '--must-capture');
  const verify = verifier(mustCapture === undefined ? {} : { mustCapture });
  if (!verify.ok) throw usageError(verify.issues[0]?.message ?? 'invalid options');
  // Before the work: a JUnit target that cannot be written fails now, not after every table is read.
  if (flags.junit !== undefined) {
    checkOutputTarget(flags.junit, '--junit');
    // The plan is the one file verify must never replace.
    checkNotInput(flags.junit, planFile, '--junit');
  }
  // The source's flags are refused before anything is read, the plan included.
  const source = nowSource(url, flags);
  // A database whose schemas the flags name (not the plan's) is read while the plan is: its
  // catalog statements run on the server meanwhile (`pnpm bench verify`). A plan with a problem
  // still stops the run first, with the same words; the reading then ends unused.
  const early = source.fromDatabaseUrl && (flags.schema !== undefined || flags.table !== undefined);
  const reading = early ? source.read(flags.schema) : undefined;
  reading?.catch(() => undefined);
  const plan = await readPlan(planFile, flags, words);
  const report = await (reading ??
    source.read(flags.schema ?? (flags.table === undefined ? plannedSchemas(plan) : undefined)));
  const selected = (await loadIntrospect()).tableSelector({
    ...(flags.table === undefined ? {} : { tables: flags.table }),
    ...(flags.exclude === undefined ? {} : { exclude: flags.exclude }),
  });
  const inScope = planScope(flags, selected, report.objects);
  /** Planned tables the filters leave out: neither gone nor new. */
  let filteredOut = 0;

  const counts: VerdictCounts = noVerdicts();
  const notHolding: TableVerification[] = [];
  /** Every table, in the order read, only for `--junit` (which has a testcase per table). */
  const all: TableVerification[] = [];
  const documents: ReturnType<typeof verifyRecord>[] = [];
  let chunk = '';
  let open = true;
  /** Counts and keeps one verification; true when the NDJSON held is due to be written (`flush`). */
  const take = (v: TableVerification): boolean => {
    counts[v.verdict] += 1;
    if (flags.junit !== undefined) all.push(v);
    if (flags.ndjson === true) {
      if (!open) return false;
      chunk += `${JSON.stringify(verifyRecord(v))}\n`;
    } else if (flags.json === true) documents.push(verifyRecord(v));
    // Kept for the human output and for the step summary of GitHub Actions, whatever the output.
    if (v.verdict !== 'holds') notHolding.push(v);
    return chunk.length >= 65_536;
  };
  const flush = async (): Promise<void> => {
    open = await write(chunk);
    chunk = '';
  };
  const one = (
    planned: Parameters<typeof verify.value>[0],
    now: TableTraits | undefined,
  ): TableVerification => {
    const r = verify.value(planned, now);
    if (!r.ok)
      throw new CliError(
        `cannot verify ${visibleName(planned?.table ?? now?.table ?? 'a table')}: ${oneLine(r.issues[0]?.message ?? 'invalid traits')}`,
        EXIT.failed,
      );
    return r.value;
  };
  // The plan's tables in its order, each against the table of that name now (let go once
  // verified), then the tables the plan does not name: neither the plan nor the verifications
  // are held whole (`pnpm bench verify`, peak memory).
  // The facts the plan was made with (`--answers`), applied to the tables as they are now.
  const answers = await answerEachTable(flags.answers);
  // Objects where every one read is a Salesforce object: the verdict and summary speak of them so
  // (read before the loop, which lets each table go once verified).
  const nouns = nounsOfTables(report.tables);
  const tables = (
    answers === undefined ? report.tables : report.tables.map((t) => answers.answer(t).traits)
  ) as (TableTraits | undefined)[];
  // Set one by one, not built from 10,000 pairs; the last table of a name is the one found.
  const byName = new Map<string, number>();
  for (let i = 0; i < tables.length; i++) byName.set(tables[i]?.table ?? '', i);
  /** A planned table against the table of that name now (let go once verified), unless the filters leave it out. */
  const verifyPlanned = (planned: PlannedTable): TableVerification | undefined => {
    if (!inScope(planned)) {
      filteredOut += 1;
      return undefined;
    }
    // A plan names each table once, so the name is not looked up again: its entry stays.
    const i = byName.get(planned.table);
    const now = i === undefined ? undefined : tables[i];
    if (i !== undefined) tables[i] = undefined;
    return one(planned, now);
  };
  // A held plan is gone through without a promise a table (through the async generator of a
  // plan read again, each table was a few turns of the event loop: `pnpm bench verify`).
  if (plan.keep)
    for (const planned of plan.tables.values()) {
      const v = verifyPlanned(planned);
      if (v !== undefined && take(v)) await flush();
    }
  else
    for await (const planned of plannedTables(plan, planFile, flags)) {
      const v = verifyPlanned(planned);
      if (v !== undefined && take(v)) await flush();
    }
  for (const now of tables) if (now !== undefined && take(one(undefined, now))) await flush();

  const failing = fails(counts, flags.strict === true);
  if (flags.ndjson === true) {
    if (open && chunk !== '') await write(chunk);
    process.stderr.write(
      `${verdictLine(counts, flags.strict === true, nouns)}\n${[...filteredWords(filteredOut), summaryWords(counts, nouns)].join('\n')}\n`,
    );
  } else if (flags.json === true) {
    await write(
      `${JSON.stringify(
        {
          verdict: overall(counts),
          fails: failing,
          counts,
          database: report.database,
          tables: documents,
        },
        null,
        2,
      )}\n`,
    );
  }
  const shown = worstFirst(notHolding);
  const strict = flags.strict === true;
  if (flags.ndjson !== true && flags.json !== true) {
    // Read once, not for each table's line.
    const style = styleFor(process.stdout);
    const text =
      flags.format === 'sarif'
        ? JSON.stringify(
            sarifLog(shown, {
              version: pkg.version,
              strict,
              planFile: planFile === '-' ? undefined : planFile,
            }),
            null,
            2,
          )
        : flags.format === 'github'
          ? githubAnnotations(shown, counts, strict).join('\n')
          : flags.format === 'markdown'
            ? markdownSummary(shown, counts, strict)
            : [
                verdictStyle(overall(counts), style)(verdictLine(counts, strict, nouns)),
                ...shown.flatMap((v) => tableLines(v).map(verdictStyle(v.verdict, style))),
                ...filteredWords(filteredOut),
                `summary: ${summaryWords(counts, nouns)}`,
              ].join('\n');
    await write(`${text.replace(/\n$/, '')}\n`);
  }
  if (flags.junit !== undefined) writeFileAtomic(flags.junit, junitXml(all, counts, strict), '--junit');
  const summaryFile = process.env.GITHUB_STEP_SUMMARY;
  if (summaryFile !== undefined && summaryFile !== '')
    appendStepSummary(summaryFile, markdownSummary(shown, counts, strict));
  return failing ? EXIT.failed : EXIT.ok;
}
