/**
 * The verify view as static HTML: a summary line of the counts by verdict, and a table of one row
 * per table (broken and unverified first) with its verdict, its planned mode and body (the
 * config), and its first finding (the message, the fact before and after, the remedy) or, for a
 * new or better table, the fresh recommendation the record carries.
 *
 * @module
 */
import { visibleName } from '@querymode/core';
import { VERIFY_ORDER, type VerifyRow, type VerifyView } from '../model/verify.js';
import { countOf, formatCount, STATUS_WORDS } from '../text.js';
import { escapeHtml, sentenceHtml } from './escape.js';

/** The first finding of a row, as HTML: its message, the fact before and after, the remedy. */
function findingHtml(row: VerifyRow): string {
  if (row.message === null) return '';
  const change =
    row.change === null
      ? ''
      : ` <span class="qm-change">(<code>${escapeHtml(row.change.path)}</code>: was <code>${escapeHtml(row.change.before)}</code>, now <code>${escapeHtml(row.change.after)}</code>)</span>`;
  const remedy =
    row.remedy === null ? '' : `<br><span class="qm-remedy">Remedy: ${sentenceHtml(row.remedy)}</span>`;
  const more =
    row.findings > 1 ? ` <span class="qm-more">(${formatCount(row.findings - 1)} more)</span>` : '';
  return `${sentenceHtml(row.message)}${change}${more}${remedy}`;
}

/** The planned mode and, below it, the planned body's config (JSON, shown as text). */
function planHtml(row: VerifyRow): string {
  if (row.mode === null) return '';
  const config = row.config === null ? '' : `<br><code class="qm-config">${escapeHtml(row.config)}</code>`;
  return `<code>${escapeHtml(row.mode)}</code>${config}`;
}

/** The fresh recommendation of a new or better table: the mode, its config and its events. */
function recommendationHtml(row: VerifyRow): string {
  const r = row.recommendation;
  if (r === null) return '';
  if (r.mode === null) {
    const words = STATUS_WORDS[r.status as keyof typeof STATUS_WORDS];
    return `Recommendation now: ${escapeHtml(words === undefined ? r.status : `${words.label} (${words.meaning})`)}; no mode yet.`;
  }
  const config = r.config === null ? '' : ` <code class="qm-config">${escapeHtml(r.config)}</code>`;
  const events =
    r.events === null
      ? ''
      : row.plannedEvents === null
        ? `; ${formatCount(r.events)} billed events over the span`
        : `; ${formatCount(r.events)} billed events over the span, against ${formatCount(row.plannedEvents)} for the planned mode`;
  return `Recommended now: <code>${escapeHtml(r.mode)}</code>${config}${events}.`;
}

/** The summary line and the table of the verify view. */
export function verifyHtml(view: VerifyView): string {
  const counts = VERIFY_ORDER.map(
    (v) => `<span class="qm-num">${formatCount(view.counts[v])}</span> <span data-verdict="${v}">${v}</span>`,
  ).join(', ');
  const rows = view.rows
    .map(
      (r) =>
        `<tr data-verdict="${r.verdict}"><th scope="row"><code>${escapeHtml(visibleName(r.table))}</code></th><td>${r.verdict}</td><td>${planHtml(r)}</td><td>${r.message === null ? recommendationHtml(r) : findingHtml(r)}</td></tr>`,
    )
    .join('');
  return `<section id="qm-verify-summary" aria-labelledby="qm-verify-summary-h">
<h2 id="qm-verify-summary-h">Summary</h2>
<p id="qm-verdicts">${countOf(view.rows.length, 'table')}: ${counts}.</p>
</section>
<section id="qm-verify-tables" aria-labelledby="qm-verify-tables-h">
<h2 id="qm-verify-tables-h">Tables</h2>
<table class="qm-small"><caption>Each table’s verdict beside its plan: broken and unverified first</caption><thead><tr><th scope="col">table</th><th scope="col">verdict</th><th scope="col">planned mode and body</th><th scope="col">finding, or the recommendation now</th></tr></thead><tbody>${rows}</tbody></table>
</section>`;
}
