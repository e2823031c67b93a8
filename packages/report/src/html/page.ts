/**
 * The whole page: one self-contained HTML file. The summary is static HTML; the tables and the
 * charts are drawn by the page's own script from the data embedded as JSON. A
 * Content-Security-Policy forbids every network request (`default-src 'none'`, `connect-src
 * 'none'`) and runs only the page's script, by its hash; styles are inline (the chart library
 * writes its own).
 *
 * @module
 */
import type { ReportData } from '../model/types.js';
import { escapeHtml, scriptJson } from './escape.js';
import { eventsHtml, summaryHtml, unknownsHtml } from './summary.js';

/** The page's script and style, bundled at build time (see `build-page.mjs`). */
export interface PageAssets {
  /** The script, an IIFE, with no `</script` in it (the build checks), inserted byte for byte: its hash is in the policy. */
  readonly script: string;
  /** Its CSP source, `'sha256-...'`. */
  readonly scriptHash: string;
  /** The style sheet. */
  readonly style: string;
  /** The licences of the libraries bundled into the script, as plain text. */
  readonly licenses: string;
}

/** The policy: nothing from anywhere, but the page's script (by hash), inline styles and data: images. */
export function contentSecurityPolicy(scriptHash: string): string {
  return [
    "default-src 'none'",
    `script-src ${scriptHash}`,
    "style-src 'unsafe-inline'",
    'img-src data:',
    "connect-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The fill patterns of the charts: hatched for full_load, solid for the other mode (readable without colour). */
const PATTERNS = `<svg width="0" height="0" style="position:absolute" aria-hidden="true" focusable="false"><defs>
<pattern id="qm-fill-full" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#ffffff"/><rect width="2.5" height="6" fill="#3b3b3b"/></pattern>
<pattern id="qm-fill-planned" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="#1f4e8c"/></pattern>
</defs></svg>`;

/** A style sheet that cannot close its element: `</style` written `<\/style` (CSS reads it the same). */
function inertStyle(text: string): string {
  return text.replace(/<\/style/gi, '<\\/style');
}

/** The HTML of a report. Pure: the same data and assets give the same bytes. */
export function renderReportHtml(data: ReportData, assets: PageAssets): string {
  const title = escapeHtml(data.title);
  const records = data.summary.records;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(assets.scriptHash)}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="${escapeHtml(data.generator)}">
<title>${title}</title>
<style>${inertStyle(assets.style)}</style>
</head>
<body>
<a class="qm-skip" href="#qm-tables">Skip to the tables</a>
<header class="qm-header">
<h1>${title}</h1>
<p class="qm-meta">${records} ${records === 1 ? 'record' : 'records'} of <code>querymode recommend --ndjson</code> from <code>${escapeHtml(data.input)}</code>, made by ${escapeHtml(data.generator)}. This file is the whole report: it works offline and loads nothing from a network.</p>
</header>
<main>
${summaryHtml(data.summary)}
${eventsHtml(data.summary)}
${unknownsHtml(data.summary)}
<section id="qm-tables" aria-labelledby="qm-tables-h">
<h2 id="qm-tables-h">Tables</h2>
<div id="qm-table-app"><noscript><p>The table of every record needs JavaScript, which this browser has turned off.</p></noscript></div>
</section>
</main>
<footer class="qm-footer">
<p>Made by ${escapeHtml(data.generator)} with <code>querymode report</code>. The advisor’s rules and events model: docs/recommend.md of querymode; each finding cites its rule on the page of the service's rules (docs/service.md of querymode) and says where it comes from: the service's API documentation, a public page, or querymode's inference.</p>
<details class="qm-licenses"><summary>Third-party software in this page</summary><pre>${escapeHtml(assets.licenses)}</pre></details>
</footer>
${PATTERNS}
<script type="application/json" id="qm-data">${scriptJson(data)}</script>
<script>${assets.script}</script>
</body>
</html>
`;
}
