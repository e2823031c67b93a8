/**
 * The input of `querymode report`: the records of `recommend --ndjson`, read line by line with the
 * CLI's strict readers (UTF-8 only, JSON with no key twice, `streamNdjson` from a file or stdin)
 * and held to the record schema (`querymode schema ndjson-record`). Each record becomes its page
 * row at once, so a large input (records of `--detail` are tens of kilobytes each) is never held
 * whole. The first line that is not a record stops the run: a clear error with its line number,
 * and no page is written (a page that silently left out a line would mislead). The records of
 * `verify --ndjson` (a `verdict`, no `ok`) make the verify view instead; one input holds one kind.
 *
 * @module
 */
import { type DetailLegend, detailLegend, type NdjsonRecord } from '@querymode/core';
import { detailLegendSchema, ndjsonRecordSchema, verifyRecordSchema } from '@querymode/core/schemas';
import {
  QuestionsGatherer,
  type QuestionsView,
  type ReportRow,
  reportRow,
  type VerifyRow,
  verifyRow,
} from '@querymode/report';
import type { z } from 'zod';
import { CliError, EXIT, usageError } from './errors.js';
import { parseJsonLine } from './io/json-line.js';
import { sourceName } from './io/read.js';
import { readLines } from './ndjson/read-lines.js';

/** What to run when the input is table traits rather than records. */
const TRAITS_HINT =
  'it looks like table traits: run `querymode recommend --ndjson --detail` on them first, and report its output';

/** A parsed line as a record of `recommend --ndjson`, or why it is not one, in one phrase. */
export type RecordRead = { readonly record: NdjsonRecord } | { readonly problem: string };

/** Reads a parsed line as a record of `recommend --ndjson`, held to its schema. */
export function readRecord(value: unknown): RecordRead {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { problem: 'expected a JSON object, a record of `querymode recommend --ndjson`' };
  const ok = (value as { ok?: unknown }).ok;
  if (ok !== true && ok !== false) {
    const traits = ['columns', 'rows', 'changes', 'source'].some((k) => k in value);
    return {
      problem: traits ? TRAITS_HINT : 'it has no `ok` key: not a record of `querymode recommend --ndjson`',
    };
  }
  // The branch the record claims to be, so that the message is about it alone.
  const branch = ndjsonRecordSchema.options[ok ? 0 : 1];
  const result = branch.safeParse(value);
  if (result.success) return { record: result.data };
  return { problem: schemaProblem('recommend', 'ndjson-record', result.error) };
}

/** Why a line is not a record of `command --ndjson`: the first issue of its schema, with where. */
function schemaProblem(command: string, schema: string, error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue === undefined || issue.path.length === 0 ? '' : `${issue.path.join('.')}: `;
  return `not a record of \`querymode ${command} --ndjson\` (see \`querymode schema ${schema}\`): ${where}${issue?.message ?? 'invalid'}`;
}

/** A parsed line as a record of `verify --ndjson`, or why it is not one. */
function readVerify(
  value: object,
): { readonly row: (line: number) => VerifyRow } | { readonly problem: string } {
  const result = verifyRecordSchema.safeParse(value);
  if (result.success) return { row: (line) => verifyRow(result.data, line) };
  return { problem: schemaProblem('verify', 'verify-record', result.error) };
}

/** Whether a parsed line claims to be a record of `verify --ndjson`: a `verdict`, no `ok`. */
const isVerify = (value: unknown): value is object =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  'verdict' in value &&
  !('ok' in value);

/** Whether a parsed line claims to be the legend of a `recommend --ndjson --detail` stream (its first line). */
const isLegend = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'legend';

/** The rows of a report input: of `recommend` records, or of `verify` records (never both). */
export type ReportInput =
  | { readonly kind: 'recommend'; readonly rows: ReportRow[]; readonly questions: QuestionsView }
  | { readonly kind: 'verify'; readonly rows: VerifyRow[] };

/** Reads every record of `source` (a path, or `-` for stdin) into its page row, in order. */
export async function readReportRows(source: string): Promise<ReportInput> {
  const name = sourceName(source);
  const rows: ReportRow[] = [];
  const questions = new QuestionsGatherer();
  const verifyRows: VerifyRow[] = [];
  let first: { kind: 'recommend' | 'verify'; line: number } | undefined;
  let mixed: string | undefined;
  const stop = new AbortController();
  let problem: string | undefined;
  // The texts the records of a `--detail` stream cite by key: its first line.
  let legend: DetailLegend | undefined;
  // Without that line (a stream cut by grep), a record's questions are read with this build's
  // legend, built once for the input when a record first asks something.
  let ownLegend: DetailLegend | undefined;
  const questionsLegend = (record: NdjsonRecord): DetailLegend | undefined => {
    if (legend !== undefined) return legend;
    if (ownLegend === undefined && record.ok && (record.questions?.length ?? 0) > 0)
      ownLegend = detailLegend();
    return ownLegend;
  };
  const fail = (line: number, message: string) => {
    problem ??= `${name}: line ${line}: ${message}`;
    stop.abort();
  };
  const lines = await readLines(
    source,
    'report input',
    {
      line: (text, line) => {
        const parsed = parseJsonLine(text, line);
        if (!parsed.ok) return fail(line, parsed.message.replace(/^line \d+: /, ''));
        if (isLegend(parsed.value)) {
          const read = detailLegendSchema.safeParse(parsed.value);
          if (!read.success) return fail(line, schemaProblem('recommend', 'ndjson-legend', read.error));
          legend = read.data;
          return;
        }
        const kind = isVerify(parsed.value) ? 'verify' : 'recommend';
        first ??= { kind, line };
        if (kind !== first.kind) {
          mixed = `${name}: line ${line} is a record of \`querymode ${kind}\` but line ${first.line} is one of \`querymode ${first.kind}\`: report one kind per input; no page was written`;
          stop.abort();
          return;
        }
        if (isVerify(parsed.value)) {
          const read = readVerify(parsed.value);
          if ('problem' in read) return fail(line, read.problem);
          verifyRows.push(read.row(line));
          return;
        }
        const read = readRecord(parsed.value);
        if ('problem' in read) return fail(line, read.problem);
        // A row's number is its record's place among the records (the legend is none).
        const asked = questionsLegend(read.record);
        rows.push(reportRow(read.record, rows.length + 1, legend, asked));
        questions.add(read.record, asked);
      },
      empty: (line) => fail(line, 'empty line, expected a record of `querymode recommend --ndjson`'),
      unreadable: fail,
    },
    stop.signal,
  );
  if (mixed !== undefined) throw usageError(mixed);
  if (problem !== undefined) throw new CliError(`${problem}; no page was written`, EXIT.failed);
  if (lines === 0)
    throw usageError(
      source === '-'
        ? 'no records on stdin: pipe in the output of `querymode recommend --ndjson --detail`, or pass a file'
        : `report input file is empty: ${source}`,
    );
  return first?.kind === 'verify'
    ? { kind: 'verify', rows: verifyRows }
    : { kind: 'recommend', rows, questions: questions.view() };
}
