/**
 * The input of `querymode report`: the records of `recommend --ndjson`, read line by line with the
 * CLI's strict readers (UTF-8 only, JSON with no key twice, `streamNdjson` from a file or stdin)
 * and held to the record schema (`querymode schema ndjson-record`). Each record becomes its page
 * row at once, so a large input (records of `--detail` are tens of kilobytes each) is never held
 * whole. The first line that is not a record stops the run: a clear error with its line number,
 * and no page is written (a page that silently left out a line would mislead).
 *
 * @module
 */
import type { NdjsonRecord } from '@querymode/core';
import { ndjsonRecordSchema } from '@querymode/core/schemas';
import { type ReportRow, reportRow } from '@querymode/report';
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
  const issue = result.error.issues[0];
  const where = issue === undefined || issue.path.length === 0 ? '' : `${issue.path.join('.')}: `;
  return {
    problem: `not a record of \`querymode recommend --ndjson\` (see \`querymode schema ndjson-record\`): ${where}${issue?.message ?? 'invalid'}`,
  };
}

/** Reads every record of `source` (a path, or `-` for stdin) into its page row, in order. */
export async function readReportRows(source: string): Promise<ReportRow[]> {
  const name = sourceName(source);
  const rows: ReportRow[] = [];
  const stop = new AbortController();
  let problem: string | undefined;
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
        const read = readRecord(parsed.value);
        if ('problem' in read) return fail(line, read.problem);
        rows.push(reportRow(read.record, line));
      },
      empty: (line) => fail(line, 'empty line, expected a record of `querymode recommend --ndjson`'),
      unreadable: fail,
    },
    stop.signal,
  );
  if (problem !== undefined) throw new CliError(`${problem}; no page was written`, EXIT.failed);
  if (lines === 0)
    throw usageError(
      source === '-'
        ? 'no records on stdin: pipe in the output of `querymode recommend --ndjson --detail`, or pass a file'
        : `report input file is empty: ${source}`,
    );
  return rows;
}
