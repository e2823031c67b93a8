/**
 * The summary sections of the page, as static HTML (they print and read without the script):
 * tables by status and by recommended mode, the events comparison with the places of its charts
 * and the same numbers as a table, and what the page does not know.
 *
 * @module
 */
import { wordsOfSource } from '@querymode/core';
import type { EventsComparison, EventsSummary, ReportSummary, RowStatus } from '../model/types.js';
import { ROW_STATUSES } from '../model/types.js';
import { formatCount, horizonText, percentOf, STATUS_WORDS } from '../text.js';
import { escapeHtml, sentenceHtml } from './escape.js';

/** The words of the status comparison: what each status's "other mode" is. */
const PLANNED_BY_STATUS: { readonly [S in RowStatus]?: string } = {
  recommended: 'the recommended mode',
  needs_facts: 'the best candidate, once its facts are established',
  none: 'the closest candidate, once unlocked',
};

const count = (n: number | string) => `<span class="qm-num">${formatCount(n)}</span>`;

/** The status cards and the tables per recommended mode. */
export function summaryHtml(summary: ReportSummary): string {
  const cards = ROW_STATUSES.map((s) => {
    const w = STATUS_WORDS[s];
    return `<li class="qm-card" data-status="${s}"><span class="qm-card-num">${formatCount(summary.byStatus[s])}</span> <span class="qm-card-label"><span class="qm-status-icon" aria-hidden="true"></span>${escapeHtml(w.label)}</span> <span class="qm-card-meaning">${escapeHtml(w.meaning)}</span></li>`;
  }).join('');
  const recommended = summary.byStatus.recommended;
  const modes =
    summary.byMode.length === 0
      ? '<p>No table has a recommended mode.</p>'
      : `<table class="qm-small"><caption>Recommended tables by mode</caption><thead><tr><th scope="col">mode</th><th scope="col" class="qm-right">tables</th><th scope="col" class="qm-right">share</th></tr></thead><tbody>${summary.byMode
          .map(
            (m) =>
              `<tr><th scope="row"><code>${escapeHtml(m.mode)}</code></th><td class="qm-right">${count(m.tables)}</td><td class="qm-right">${percentOf(String(m.tables), String(recommended)) ?? ''}</td></tr>`,
          )
          .join('')}</tbody></table>`;
  return `<section id="qm-summary" aria-labelledby="qm-summary-h">
<h2 id="qm-summary-h">Summary</h2>
<p>${count(summary.records)} ${summary.records === 1 ? 'record' : 'records'}: one per table, in the order of the input.</p>
<ul class="qm-cards">${cards}</ul>
${modes}${summary.deletesBySource.map(deletesHtml).join('')}
</section>`;
}

/**
 * The tables of one kind of source with deletes, in its words: for databases, no query mode
 * replicates deletes in table-mode and custom SQL pipelines (documented by the service), so the
 * destination keeps rows the source deleted. The first group's paragraph is `qm-deletes`.
 */
function deletesHtml(group: { source: string | null; tables: number }, index: number): string {
  const { seen, lost, remedy } = wordsOfSource(group.source).deletesReport;
  const id = index === 0 ? 'qm-deletes' : `qm-deletes-${index + 1}`;
  return `\n<p id="${id}">${seen(count(group.tables), group.tables)} ${escapeHtml(lost.before)}<a href="${escapeHtml(lost.address)}">${escapeHtml(lost.link)}</a>${escapeHtml(lost.after)} ${sentenceHtml(remedy)}</p>`;
}

/** One comparison as a table row. */
function comparisonRow(c: EventsComparison, label: string, planned: string): string {
  const saving = (BigInt(c.baseline) - BigInt(c.planned)).toString();
  return `<tr><th scope="row">${label}</th><td class="qm-right">${count(c.tables)}</td><td class="qm-right">${count(c.baseline)}</td><td>${escapeHtml(planned)}</td><td class="qm-right">${count(c.planned)}</td><td class="qm-right">${count(saving)}</td></tr>`;
}

/** The table of the charts' numbers. */
function comparisonTable(events: EventsSummary): string {
  const head =
    '<thead><tr><th scope="col">tables</th><th scope="col" class="qm-right">counted</th><th scope="col" class="qm-right">all on <code>full_load</code></th><th scope="col">against</th><th scope="col" class="qm-right">events</th><th scope="col" class="qm-right">difference</th></tr></thead>';
  const byMode = events.byMode.map((c) =>
    comparisonRow(c, `recommended <code>${escapeHtml(c.group)}</code>`, `the recommended mode`),
  );
  const byStatus = events.byStatus.map((c) =>
    comparisonRow(
      c,
      `status: ${escapeHtml(STATUS_WORDS[c.group as RowStatus]?.label ?? c.group)}`,
      PLANNED_BY_STATUS[c.group as RowStatus] ?? c.group,
    ),
  );
  return `<table class="qm-small" id="qm-events-table"><caption>The charts’ numbers: billed events over ${escapeHtml(horizonWords(events))}, per recommended mode and per status (tables where the records give both estimates)</caption>${head}<tbody>${[...byMode, ...byStatus].join('')}</tbody></table>`;
}

const horizonWords = (events: EventsSummary): string =>
  events.horizonHours === null ? 'the horizon of each record' : horizonText(events.horizonHours);

/** The headline comparison, in a sentence. */
function headline(events: EventsSummary, recommended: number): string {
  if (events.counted === 0)
    return '<p class="qm-lead">No recommended table has both estimates in the input, so the events are not compared; the reasons are listed under “What this page does not know”.</p>';
  const pct = percentOf(events.saving, events.baseline);
  const saves = !events.saving.startsWith('-');
  const difference = saves ? events.saving : events.saving.slice(1);
  return `<p class="qm-lead">If every table ran <code>full_load</code> (the default mode of every new pipeline object, service rules: the default mode): ${count(events.baseline)} billed events. With the recommended modes: ${count(events.recommended)}. ${saves ? 'Saving' : 'More'}: ${count(difference)}${pct === null ? '' : ` (${pct.replace('-', '')})`}. Counted: ${formatCount(events.counted)} of ${formatCount(recommended)} recommended tables, those where the records give both estimates.</p>${
    events.baselineIneligible > 0
      ? `<p>For ${formatCount(events.baselineIneligible)} of them <code>full_load</code> is not eligible (see their findings): their <code>full_load</code> figure is what it would bill, for the comparison only.</p>`
      : ''
  }`;
}

/** The pattern swatch of a series, for the legend. */
const swatch = (pattern: 'full' | 'planned') =>
  `<svg class="qm-swatch" width="28" height="14" aria-hidden="true" focusable="false"><rect width="28" height="14" fill="url(#qm-fill-${pattern})" stroke="currentColor"/></svg>`;

/** The events section: the headline, the places of the two charts (drawn by the script), their numbers. */
export function eventsHtml(summary: ReportSummary): string {
  const events = summary.events;
  const horizon = horizonWords(events);
  const charts =
    events.byMode.length === 0 && events.byStatus.length === 0
      ? ''
      : `<div class="qm-legend" aria-hidden="true"><span>${swatch('full')} every table on <code>full_load</code></span><span>${swatch('planned')} the recommended mode (by status: the best candidate)</span></div>
<div class="qm-charts">
<figure class="qm-figure"><div id="qm-chart-mode" class="qm-chart" data-chart="byMode"></div><figcaption>Billed events over ${escapeHtml(horizon)} per recommended mode: every table on <code>full_load</code> (hatched) against the recommended mode (solid). The numbers are in the table below.</figcaption></figure>
<figure class="qm-figure"><div id="qm-chart-status" class="qm-chart" data-chart="byStatus"></div><figcaption>Billed events over ${escapeHtml(horizon)} per status: every table on <code>full_load</code> (hatched) against each table’s best candidate (solid): the recommended mode, or the candidate that facts or changes would make recommendable.</figcaption></figure>
</div>
${comparisonTable(events)}`;
  const heading = events.horizonHours === null ? 'Events' : `Events over ${escapeHtml(horizon)}`;
  return `<section id="qm-events" aria-labelledby="qm-events-h">
<h2 id="qm-events-h">${heading}</h2>
${headline(events, summary.byStatus.recommended)}
${charts}
</section>`;
}

/** What the page does not know: each reason with its count of tables, in the records' own words. */
export function unknownsHtml(summary: ReportSummary): string {
  const items: string[] = summary.events.unknown.map(
    (u) =>
      `<li>${count(u.tables)} recommended ${u.tables === 1 ? 'table' : 'tables'}: ${sentenceHtml(u.reason)}</li>`,
  );
  const { needs_facts, none, error } = summary.byStatus;
  if (needs_facts + none > 0)
    items.push(
      `<li>${count(needs_facts + none)} ${needs_facts + none === 1 ? 'table has' : 'tables have'} no recommended mode (needs facts: ${formatCount(needs_facts)}, none: ${formatCount(none)}), so ${needs_facts + none === 1 ? 'it is' : 'they are'} not in the saving; the chart per status shows what their best candidates would bill.</li>`,
    );
  if (error > 0)
    items.push(
      `<li>${count(error)} ${error === 1 ? 'line' : 'lines'} of the input could not be advised (status error): no table name, mode or events for ${error === 1 ? 'it' : 'them'}.</li>`,
    );
  items.push(
    '<li>Which modes each source supports is not published by the service (service rules: modes supported per source); the recommendations assume every mode unless <code>--supported-modes</code> was given to <code>recommend</code>.</li>',
  );
  return `<section id="qm-unknowns" aria-labelledby="qm-unknowns-h">
<h2 id="qm-unknowns-h">What this page does not know</h2>
<ul>${items.join('')}</ul>
</section>`;
}
