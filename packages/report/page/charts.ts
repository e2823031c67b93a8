/**
 * The two charts of the events comparison, drawn with Observable Plot as SVG: per recommended mode
 * and per status, each group a pair of bars, every table on `full_load` (hatched) against the
 * other mode (solid), with the number written at the end of each bar. The hatching, the legend
 * and the numbers make them readable without colour; the same numbers are in the table under them.
 *
 * @module
 */
import { barX, plot, ruleX, text } from '@observablehq/plot';
import type { EventsComparison, EventsSummary, RowStatus } from '../src/model/types.js';
import { countOf, formatCount, STATUS_WORDS } from '../src/text.js';

/** One bar. */
interface Bar {
  readonly group: string;
  readonly series: 'full' | 'planned';
  readonly value: number;
  readonly label: string;
}

function bars(comparisons: readonly EventsComparison[]): Bar[] {
  return comparisons.flatMap((c) => [
    { group: c.group, series: 'full', value: Number(c.baseline), label: formatCount(c.baseline) },
    { group: c.group, series: 'planned', value: Number(c.planned), label: formatCount(c.planned) },
  ]);
}

/**
 * A chart of comparisons into `element`, as wide as it is: a title per group (a mode or a
 * status), under it a bar per series, named on the left and numbered at its end.
 */
function drawChart(
  element: HTMLElement,
  comparisons: readonly EventsComparison[],
  groupLabel: (group: string) => string,
  plannedWord: string,
  description: string,
): void {
  if (comparisons.length === 0) {
    element.textContent = 'No group has both estimates.';
    return;
  }
  const data = bars(comparisons);
  const max = Math.max(1, ...data.map((d) => d.value));
  const width = Math.max(320, element.clientWidth || 640);
  const seriesWords = { full: 'all on full_load', planned: plannedWord };
  const svg = plot({
    width,
    height: 50 + comparisons.length * 78,
    marginLeft: 110,
    marginRight: 12,
    marginTop: 24,
    marginBottom: 40,
    style: { fontSize: '12px', background: 'transparent', color: 'inherit' },
    ariaLabel: description,
    // Room at the end of the longest bar for its number.
    x: {
      domain: [0, max * 1.4],
      grid: true,
      label: 'billed events →',
      labelAnchor: 'right',
      tickFormat: '~s',
    },
    y: {
      domain: ['full', 'planned'],
      tickFormat: (s: 'full' | 'planned') => seriesWords[s],
      label: null,
      paddingInner: 0.15,
    },
    fy: { axis: null, domain: comparisons.map((c) => c.group), padding: 0.38 },
    marks: [
      barX(
        data.filter((d) => d.series === 'full'),
        { x: 'value', y: 'series', fy: 'group', fill: 'url(#qm-fill-full)', stroke: '#3b3b3b' },
      ),
      barX(
        data.filter((d) => d.series === 'planned'),
        { x: 'value', y: 'series', fy: 'group', fill: 'url(#qm-fill-planned)', stroke: '#1f4e8c' },
      ),
      text(data, { x: 'value', y: 'series', fy: 'group', text: 'label', textAnchor: 'start', dx: 5 }),
      text(comparisons, {
        fy: 'group',
        text: (c: EventsComparison) => `${groupLabel(c.group)} (${countOf(c.tables, 'table')})`,
        frameAnchor: 'top-left',
        dx: -100,
        dy: -14,
        fontWeight: 'bold',
      }),
      ruleX([0]),
    ],
  });
  // One image with one label: the parts' own labels ("bar", "rule") would be read as noise, and
  // on a group element with no role they are not allowed (axe: aria-prohibited-attr).
  svg.setAttribute('role', 'img');
  for (const part of svg.querySelectorAll('[aria-label], [aria-description]')) {
    part.removeAttribute('aria-label');
    part.removeAttribute('aria-description');
  }
  element.replaceChildren(svg);
}

/** The word of a status group. */
const statusLabel = (group: string): string => STATUS_WORDS[group as RowStatus]?.label ?? group;

/** Draws both charts into their places on the page, when the page has them. */
export function drawCharts(events: EventsSummary, horizon: string): void {
  const byMode = document.getElementById('qm-chart-mode');
  if (byMode !== null)
    drawChart(
      byMode,
      events.byMode,
      (g) => g,
      'recommended',
      `Bar chart: billed events over ${horizon} per recommended mode, every table on full_load against the recommended mode. The numbers are in the table below.`,
    );
  const byStatus = document.getElementById('qm-chart-status');
  if (byStatus !== null)
    drawChart(
      byStatus,
      events.byStatus,
      statusLabel,
      'best candidate',
      `Bar chart: billed events over ${horizon} per status, every table on full_load against each table's best candidate. The numbers are in the table below.`,
    );
}
