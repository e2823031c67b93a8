/**
 * `querymode report [FILE|-] [-o FILE] [--title TEXT]`: one self-contained HTML page of the
 * records of `recommend --ndjson` (best with `--detail`): the summary, the events over the span,
 * what the page does not know, and every table with its details. The page loads nothing from a
 * network and works from `file://`. `-o` writes it atomically (`writeOutput`); without `-o` it goes
 * to stdout. A one-line summary goes to stderr.
 *
 * @module
 */
import { basename } from 'node:path';
import { renderReportHtml, summarize } from '@querymode/report';
import pkg from '../../package.json' with { type: 'json' };
import { EXIT } from '../errors.js';
import { checkOutputTarget, printErr, writeOutput } from '../io/write.js';
import { pageAssets } from '../lazy/page-assets.js';
import { formatInt } from '../render/number.js';
import { readReportRows } from './report-input.js';

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

const plural = (n: number, word: string): string => `${formatInt(n)} ${word}${n === 1 ? '' : 's'}`;

/** Runs `report`. */
export async function runReport(file: string | undefined, flags: ReportFlags): Promise<number> {
  const source = file ?? '-';
  // A target that cannot be written fails before the input is read.
  if (flags.output !== undefined) checkOutputTarget(flags.output);
  const rows = await readReportRows(source);
  const summary = summarize(rows);
  const input = source === '-' ? 'stdin' : basename(source);
  const html = renderReportHtml(
    {
      title: flags.title ?? `Query-mode plan: ${input}`,
      generator: `querymode ${pkg.version}`,
      input,
      summary,
      rows,
    },
    await pageAssets(),
  );
  writeOutput(html, flags.output);
  const s = summary.byStatus;
  const where = flags.output === undefined ? 'stdout' : flags.output;
  printErr(
    `report: ${plural(summary.records, 'record')} (${formatInt(s.recommended)} recommended, ${formatInt(s.needs_facts)} needs facts, ${formatInt(s.none)} none, ${plural(s.error, 'error')}); wrote ${where} (${sizeText(Buffer.byteLength(html))})`,
  );
  return EXIT.ok;
}
