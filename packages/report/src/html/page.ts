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
import type { VerifyView } from '../model/verify.js';
import { countOf } from '../text.js';
import { escapeHtml, scriptJson } from './escape.js';
import { questionsHtml } from './questions.js';
import { eventsHtml, summaryHtml, unknownsHtml } from './summary.js';
import { verifyHtml } from './verify.js';

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

/** The parts of a page that differ between its views. */
interface PageParts {
  readonly title: string;
  readonly generator: string;
  /** The header's line under the title, as HTML. */
  readonly meta: string;
  /** The skip link's target and words. */
  readonly skip: readonly [string, string];
  /** The main element's content, as HTML. */
  readonly main: string;
  /** What follows the footer (the data and the script), as HTML. */
  readonly tail: string;
}

/** A whole page: its head, header, main, footer and tail. */
function pageHtml(parts: PageParts, assets: PageAssets, scriptHash: string): string {
  const title = escapeHtml(parts.title);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(scriptHash)}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="${escapeHtml(parts.generator)}">
<title>${title}</title>
<style>${inertStyle(assets.style)}</style>
</head>
<body>
<a class="qm-skip" href="#${parts.skip[0]}">${parts.skip[1]}</a>
<header class="qm-header">
<h1>${title}</h1>
<p class="qm-meta">${parts.meta}</p>
</header>
<main>
${parts.main}
</main>
<footer class="qm-footer">
<p>Made by ${escapeHtml(parts.generator)} with <code>querymode report</code>. The advisor’s rules and events model: docs/recommend.md of querymode; each finding cites its rule on the page of the service's rules (docs/service.md of querymode) and says where it comes from: the service's API documentation, a public page, or querymode's inference.</p>
<details class="qm-licenses"><summary>Third-party software in this page</summary><pre>${escapeHtml(assets.licenses)}</pre></details>
</footer>
${parts.tail}
</body>
</html>
`;
}

/** The HTML of a report. Pure: the same data and assets give the same bytes. */
export function renderReportHtml(data: ReportData, assets: PageAssets): string {
  const records = data.summary.records;
  // The questions are static HTML only: the script's data stays what the table needs.
  const { questions, ...pageData } = data;
  return pageHtml(
    {
      title: data.title,
      generator: data.generator,
      meta: `${countOf(records, 'record')} of <code>querymode recommend --ndjson</code> from <code>${escapeHtml(data.input)}</code>, made by ${escapeHtml(data.generator)}. This file is the whole report: it works offline and loads nothing from a network.`,
      skip: ['qm-tables', 'Skip to the tables'],
      main: `${summaryHtml(data.summary)}
${eventsHtml(data.summary)}
${questions === undefined ? '' : questionsHtml(questions, data.summary.events.horizonHours)}
${unknownsHtml(data.summary)}
<section id="qm-tables" aria-labelledby="qm-tables-h">
<h2 id="qm-tables-h">Tables</h2>
<div id="qm-table-app"><noscript><p>The table of every record needs JavaScript, which this browser has turned off.</p></noscript></div>
</section>`,
      tail: `${PATTERNS}
<script type="application/json" id="qm-data">${scriptJson(pageData)}</script>
<script>${assets.script}</script>`,
    },
    assets,
    assets.scriptHash,
  );
}

/** What a verify page is made from. */
export interface VerifyPageData {
  readonly title: string;
  readonly generator: string;
  /** Where the records came from, as the page names it. */
  readonly input: string;
  readonly view: VerifyView;
}

/**
 * The HTML of a verify report: static, with no script (its policy runs none), the counts by
 * verdict and one row per table with its verdict beside its planned mode and its first finding.
 */
export function renderVerifyHtml(data: VerifyPageData, assets: PageAssets): string {
  const records = data.view.rows.length;
  return pageHtml(
    {
      title: data.title,
      generator: data.generator,
      meta: `${countOf(records, 'record')} of <code>querymode verify --ndjson</code> from <code>${escapeHtml(data.input)}</code>, made by ${escapeHtml(data.generator)}. This file is the whole report: it works offline and loads nothing from a network.`,
      skip: ['qm-verify-tables', 'Skip to the tables'],
      main: verifyHtml(data.view),
      tail: '',
    },
    assets,
    "'none'",
  );
}
