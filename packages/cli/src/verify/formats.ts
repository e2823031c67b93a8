/**
 * The CI formats of `querymode verify`, from the same verifications as the human output (every
 * table that does not hold, worst first): GitHub Actions annotations (`--format github`: GitHub
 * shows only the first ten of a step, so at most ten are written and the rest summarised in one
 * more), and a Markdown summary (`--format markdown`, also appended to the file that
 * `GITHUB_STEP_SUMMARY` names). Names and messages are written as text: annotations escape
 * `%`, CR and LF as GitHub reads them; Markdown escapes `&`, `<`, `>`, `|` and backticks as HTML
 * entities, so that a table's name cannot close a cell, open a tag or start a code span.
 *
 * @module
 */
import { type TableVerification, type VerifyVerdict, visibleName } from '@querymode/core';
import { oneLine } from '../io/one-line.js';
import { summaryWords, tableDetail, type VerdictCounts, verdictLine } from './render.js';

/** The most annotations GitHub shows for one step. */
export const MAX_ANNOTATIONS = 10;

const LEVEL: Record<VerifyVerdict, 'error' | 'warning' | 'notice'> = {
  broken: 'error',
  unverified: 'warning',
  new: 'warning',
  gone: 'warning',
  better: 'notice',
  holds: 'notice',
};

/** A value of an annotation's message or property, as GitHub's workflow commands read it. */
const escapeData = (text: string): string =>
  text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
const escapeProperty = (text: string): string =>
  escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');

/** The annotations of the tables that do not hold (worst first), at most ten with the summary. */
export function githubAnnotations(
  notHolding: readonly TableVerification[],
  counts: VerdictCounts,
  strict: boolean,
): string[] {
  const shown = notHolding.length > MAX_ANNOTATIONS ? notHolding.slice(0, MAX_ANNOTATIONS - 1) : notHolding;
  const lines = shown.map(
    (v) =>
      `::${LEVEL[v.verdict]} title=${escapeProperty(`querymode verify: ${v.verdict}: ${visibleName(v.table)}`)}::${escapeData(oneLine(tableDetail(v)))}`,
  );
  const rest = notHolding.length - shown.length;
  if (rest > 0)
    lines.push(
      `::${LEVEL[notHolding[shown.length]?.verdict ?? 'holds']}::${escapeData(`${rest} more tables do not hold; ${summaryWords(counts)} (see the step's log or --ndjson)`)}`,
    );
  lines.push(escapeData(verdictLine(counts, strict)), escapeData(`summary: ${summaryWords(counts)}`));
  return lines;
}

/** Text inside a Markdown table cell. */
const cell = (text: string): string =>
  oneLine(text)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('|', '&#124;')
    .replaceAll('`', '&#96;');

/** The Markdown summary: the verdict, a table of the tables that do not hold, the counts. */
export function markdownSummary(
  notHolding: readonly TableVerification[],
  counts: VerdictCounts,
  strict: boolean,
): string {
  const rows = notHolding.map(
    (v) => `| ${v.verdict} | ${cell(visibleName(v.table))} | ${cell(tableDetail(v))} |`,
  );
  return [
    `## ${cell(verdictLine(counts, strict))}`,
    '',
    ...(rows.length > 0 ? ['| verdict | table | what |', '|---|---|---|', ...rows, ''] : []),
    cell(summaryWords(counts)),
    '',
  ].join('\n');
}
