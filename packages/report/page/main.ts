/**
 * The page's script: reads the report embedded in the page (`#qm-data`), draws the charts of the
 * events and mounts the table; the marks `qm-table-ready` and `qm-ready` (table and charts) time it
 * for the benchmark (`pnpm bench report`). Bundled with its libraries into one script at build time
 * (`build-page.mjs`); it loads nothing.
 *
 * @module
 */
import type { ReportData } from '../src/model/types.js';
import { horizonText } from '../src/text.js';
import { drawCharts } from './charts.js';
import { TableApp } from './table.js';

function start(): void {
  const data = JSON.parse(document.getElementById('qm-data')?.textContent ?? 'null') as ReportData | null;
  const root = document.getElementById('qm-table-app');
  if (data === null || root === null) return;
  const hours = data.summary.events.horizonHours;
  const horizon = hours === null ? 'over the horizon' : `over ${horizonText(hours)}`;
  new TableApp(root, data.rows, horizon);
  performance.mark('qm-table-ready');
  drawCharts(data.summary.events, hours === null ? 'the horizon' : horizonText(hours));
  performance.mark('qm-ready');
  document.documentElement.dataset.ready = 'true';
}

start();
