/**
 * `querymode report [FILE|-] [-o FILE] [--title TEXT]`: one self-contained HTML page of the
 * records of `recommend --ndjson` (best with `--detail`): the summary, the events over the span,
 * what the page does not know, and every table with its details. The page loads nothing from a
 * network and works from `file://`. The records of `verify --ndjson` make a verify view instead:
 * each table's verdict beside its planned mode, broken and unverified first. `-o` writes it atomically (`writeOutput`); without `-o` it goes
 * to stdout. A one-line summary goes to stderr.
 *
 * @module
 */
import { basename } from 'node:path';
import { countOf, detailLegend } from '@querymode/core';
import {
  type QuestionsView,
  questionsView,
  type ReportRecord,
  type ReportRow,
  renderReportHtml,
  renderVerifyHtml,
  reportRow,
  summarize,
  VERIFY_ORDER,
  type VerifyRow,
  verifyView,
} from '@querymode/report';
import pkg from '../../package.json' with { type: 'json' };
import { EXIT } from '../errors.js';
import { checkNotInput } from '../io/output-file.js';
import { summaryHead } from '../io/style.js';
import { checkOutputTarget, outputFile, printErr, writeOutput } from '../io/write.js';
import { pageAssets } from '../page-assets.js';
import { formatInt } from '../render/number.js';
import { readReportRows } from '../report-input.js';

/** Options of `report`. */
export interface ReportFlags {
  readonly output?: string;
  readonly title?: string;
}

/** A size in bytes, in words: `812 KB`, `3.4 MB`. */
function sizeText(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** What a page is made from, besides its rows. */
export interface PageOptions {
  /** The page title. */
  readonly title: string;
  /** Where the records came from, as the page names it. */
  readonly input: string;
  /** The `-o` file; undefined for stdout. */
  readonly output: string | undefined;
  /** The flag that named `output`, for messages about it: `-o` unless said (`demo --report`). */
  readonly outputFlag?: string;
}

/** Writes the page of `rows` (to `-o` atomically, or stdout) and a one-line summary to stderr. */
async function writePage(
  rows: readonly ReportRow[],
  questions: QuestionsView,
  options: PageOptions,
): Promise<void> {
  const summary = summarize(rows);
  const html = renderReportHtml(
    {
      title: options.title,
      generator: `querymode ${pkg.version}`,
      input: options.input,
      summary,
      rows,
      questions,
    },
    await pageAssets(),
  );
  writeOutput(html, options.output, options.outputFlag ?? '-o');
  const s = summary.byStatus;
  printErr(
    `${summaryHead('report')} ${countOf(summary.records, 'record')} (${formatInt(s.recommended)} recommended, ${formatInt(s.needs_facts)} needs facts, ${formatInt(s.none)} none, ${countOf(s.error, 'error')}); wrote ${options.output ?? 'stdout'} (${sizeText(Buffer.byteLength(html))})`,
  );
}

/** Writes the verify view of `rows` (to `-o` atomically, or stdout) and a one-line summary to stderr. */
async function writeVerifyPage(rows: readonly VerifyRow[], options: PageOptions): Promise<void> {
  const view = verifyView(rows);
  const html = renderVerifyHtml(
    { title: options.title, generator: `querymode ${pkg.version}`, input: options.input, view },
    await pageAssets(),
  );
  writeOutput(html, options.output, options.outputFlag ?? '-o');
  const counts = VERIFY_ORDER.map((v) => `${formatInt(view.counts[v])} ${v}`).join(', ');
  printErr(
    `${summaryHead('report')} ${countOf(rows.length, 'verify record')} (${counts}); wrote ${options.output ?? 'stdout'} (${sizeText(Buffer.byteLength(html))})`,
  );
}

/** Writes the page of records made in this process (`demo --report`), in their order. */
export function writeRecordsPage(records: readonly ReportRecord[], options: PageOptions): Promise<void> {
  const legend = detailLegend();
  return writePage(
    records.map((r, i) => reportRow(r, i + 1, legend)),
    questionsView(records, legend),
    options,
  );
}

/** Runs `report`. */
export async function runReport(file: string | undefined, flags: ReportFlags): Promise<number> {
  const source = file ?? '-';
  const output = outputFile(flags.output);
  // A target that cannot be written fails before the input is read.
  if (output !== undefined) {
    checkOutputTarget(output, '-o');
    checkNotInput(output, source, '-o');
  }
  const read = await readReportRows(source);
  const input = source === '-' ? 'stdin' : basename(source);
  if (read.kind === 'verify')
    await writeVerifyPage(read.rows, {
      title: flags.title ?? `Query-mode verification: ${input}`,
      input,
      output,
    });
  else
    await writePage(read.rows, read.questions, {
      title: flags.title ?? `Query-mode plan: ${input}`,
      input,
      output,
    });
  return EXIT.ok;
}
