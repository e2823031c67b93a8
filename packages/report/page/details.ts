/**
 * The expanded row: why, the body to send with its copy button, the events, the findings, the
 * facts to establish with their queries, the cheaper modes within reach, what would unlock the best candidate, every candidate,
 * and the inspection's notes. A record without `--detail` says which parts are not in the input.
 *
 * @module
 */
import type { ErrorRow, EstimateView, ReportRow, ResultRow } from '../src/model/types.js';
import { citeSource, formatCount, horizonText, visibleName } from '../src/text.js';
import { copyText } from './copy.js';
import { type Child, h, sentence } from './dom.js';

/** A titled part of the details. */
const part = (title: string, ...children: Child[]): HTMLElement =>
  h('section', { class: 'qm-part' }, h('h3', {}, title), ...children);

/** A list of sentences. */
const sentences = (items: readonly string[]): HTMLUListElement =>
  h('ul', {}, ...items.map((s) => h('li', {}, sentence(s))));

/** SQL or JSON, as a block. */
const codeBlock = (text: string, label?: string): HTMLPreElement =>
  h(
    'pre',
    { class: 'qm-code', ...(label === undefined ? {} : { 'aria-label': label }) },
    h('code', {}, text),
  );

/** The body to send, with a button that copies it. */
function bodyPart(row: ResultRow, announce: (text: string) => void): HTMLElement {
  if (row.body === null) {
    const why =
      row.status === 'needs_facts'
        ? `No body yet: establish the facts below first${row.best === null ? '' : ` (best candidate: \`${row.best}\`)`}.`
        : 'No body: no mode is recommended for this table.';
    return part('Body to send', h('p', {}, sentence(why)));
  }
  const text = JSON.stringify(row.body, null, 2);
  const name = row.table === null ? `line ${row.line}` : visibleName(row.table);
  const button = h('button', { type: 'button', class: 'qm-copy', 'data-copy': 'body' }, 'Copy body');
  button.addEventListener('click', async () => {
    const copied = await copyText(text);
    button.textContent = copied ? 'Copied' : 'Copy failed: select the text';
    announce(
      copied ? `The body of ${name} is on the clipboard.` : `The body of ${name} could not be copied.`,
    );
    setTimeout(() => {
      button.textContent = 'Copy body';
    }, 2000);
  });
  return part(
    'Body to send',
    h(
      'p',
      {},
      'The request body of ',
      h('code', {}, 'PUT …/pipelines/<pipeline_id>/objects/<object_name>/query-mode'),
      ':',
    ),
    codeBlock(text, 'request body'),
    button,
  );
}

function estimateLine(label: string, e: EstimateView | null, horizon: string): HTMLLIElement | null {
  if (e === null) return null;
  const value =
    e.billed === null ? `unknown: ${e.unknown.join(' ')}` : `${formatCount(e.billed)} billed events`;
  return h(
    'li',
    {},
    h('strong', {}, label),
    ' ',
    h('code', {}, e.mode),
    ` (${e.status.replace('_', ' ')}) over ${horizon}: `,
    sentence(value),
    h('br'),
    h('span', { class: 'qm-formula' }, e.formula),
  );
}

function eventsPart(row: ResultRow): HTMLElement | null {
  if (row.estimate === null) return null;
  const horizon = row.horizonHours === null ? 'the horizon' : horizonText(row.horizonHours);
  const label = row.status === 'recommended' ? 'Recommended:' : 'Best candidate:';
  const items = [estimateLine(label, row.estimate, horizon)];
  if (row.baseline !== null && row.baseline.mode !== row.estimate.mode)
    items.push(estimateLine('If it ran', row.baseline, horizon));
  return part('Events', h('ul', {}, ...items));
}

function findingsPart(row: ResultRow): HTMLElement | null {
  if (row.findings.length === 0) return null;
  return part(
    `Findings of ${row.estimate?.mode ?? 'the best candidate'}`,
    h(
      'ul',
      { class: 'qm-findings' },
      ...row.findings.map((f) =>
        h(
          'li',
          { 'data-severity': f.severity },
          h('span', { class: 'qm-severity' }, f.severity),
          ' ',
          sentence(f.message),
          h('span', { class: 'qm-source' }, ` (${citeSource(f.rule, f.source)})`),
          f.remedy === undefined ? null : h('p', {}, h('strong', {}, 'Remedy: '), sentence(f.remedy)),
          f.sql === undefined ? null : codeBlock(f.sql, 'SQL of the remedy'),
        ),
      ),
    ),
  );
}

function factsPart(row: ResultRow): HTMLElement | null {
  if (row.toEstablish.length === 0) return null;
  return part('Facts to establish', h('ol', {}, ...row.toEstablish.map(factItem)));
}

/** A fact to establish: its question, then its query or why there is none. */
const factItem = (q: ResultRow['toEstablish'][number]): HTMLLIElement =>
  h(
    'li',
    {},
    sentence(q.question),
    q.query === null
      ? h('p', { class: 'qm-note' }, sentence(q.noQuery ?? 'No query establishes it.'))
      : codeBlock(q.query, 'query that establishes it'),
  );

/** The cheaper modes within reach: each mode's saving, then the facts it needs (each once) and its remedies. */
function reachPart(row: ResultRow): HTMLElement | null {
  if (row.reach.length === 0) return null;
  return part(
    'Cheaper within reach',
    h(
      'ol',
      {},
      ...row.reach.map((m) =>
        h(
          'li',
          {},
          sentence(
            m.saves === null
              ? `\`${m.mode}\` would bill fewer than ${formatCount(m.billedBelow ?? 0)} events while the table changes fewer rows a day than a whole-table read loads (break-even).`
              : `\`${m.mode}\` would save about ${formatCount(m.saves)} events over the span.`,
          ),
          m.asks.length > 0 ? h('ul', {}, ...m.asks.map(factItem)) : null,
          m.asksAbove ? h('p', { class: 'qm-note' }, 'It also needs the facts above.') : null,
          m.toUnlock.length > 0
            ? h(
                'ul',
                {},
                ...m.toUnlock.map((u) =>
                  h(
                    'li',
                    {},
                    sentence(u.action),
                    u.sql === undefined ? null : codeBlock(u.sql, 'SQL of the change'),
                  ),
                ),
              )
            : null,
        ),
      ),
    ),
  );
}

function unlockPart(row: ResultRow): HTMLElement | null {
  if (row.toUnlock.length === 0) return null;
  return part(
    `What would unlock ${row.best ?? 'the best candidate'}`,
    h(
      'ol',
      {},
      ...row.toUnlock.map((u) =>
        h('li', {}, sentence(u.action), u.sql === undefined ? null : codeBlock(u.sql, 'SQL of the change')),
      ),
    ),
  );
}

function candidatesPart(row: ResultRow): HTMLElement | null {
  if (row.candidates.length === 0) return null;
  return part(
    'Every candidate, best first',
    h(
      'table',
      { class: 'qm-small' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'mode'),
          h('th', { scope: 'col' }, 'status'),
          h('th', { scope: 'col', class: 'qm-right' }, 'billed events'),
        ),
      ),
      h(
        'tbody',
        {},
        ...row.candidates.map((c) =>
          h(
            'tr',
            {},
            h('th', { scope: 'row' }, h('code', {}, c.mode)),
            h('td', {}, c.status.replace('_', ' ')),
            h('td', { class: 'qm-right' }, c.billed === null ? 'unknown' : formatCount(c.billed)),
          ),
        ),
      ),
    ),
  );
}

/** What a record without `--detail` leaves out. */
function missingPart(row: ResultRow): HTMLElement | null {
  if (row.held === 'detail') return null;
  return h(
    'p',
    { class: 'qm-note' },
    'The findings, the facts to establish, the remedies and the other candidates are not in the input: make it with ',
    h('code', {}, 'querymode recommend --ndjson --detail'),
    '.',
  );
}

function errorPart(row: ErrorRow): HTMLElement {
  return part(
    `Error: ${row.error.code}`,
    h('p', {}, row.error.message),
    row.error.issues.length > 0 ? sentences(row.error.issues) : null,
  );
}

/** The line of facts that opens the details: the source and rows (a result's), and the input line. */
function factsLine(row: ReportRow): HTMLElement {
  const facts: string[] = [];
  if (row.status !== 'error' && row.source !== null) facts.push(`source: ${row.source}`);
  if (row.status !== 'error' && row.rows !== null) facts.push(`rows: ${formatCount(row.rows)}`);
  facts.push(`line ${row.line} of the input of recommend`);
  return h('p', { class: 'qm-facts' }, facts.join(' · '));
}

/** The details of a row. `announce` reads a message to screen readers (the copy result). */
export function detailsOf(row: ReportRow, announce: (text: string) => void): HTMLElement {
  if (row.status === 'error') return h('div', { class: 'qm-details' }, factsLine(row), errorPart(row));
  return h(
    'div',
    { class: 'qm-details' },
    factsLine(row),
    row.reasons.length > 0 ? part('Why', sentences(row.reasons)) : null,
    bodyPart(row, announce),
    factsPart(row),
    reachPart(row),
    unlockPart(row),
    findingsPart(row),
    eventsPart(row),
    candidatesPart(row),
    row.notes.length > 0 ? part('Notes from the inspection', sentences(row.notes)) : null,
    missingPart(row),
  );
}
