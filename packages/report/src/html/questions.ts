/**
 * The section "Questions that save the most", as static HTML (it reads and prints without the
 * script): one row per question of the plan, the most billed events saved first, with how many
 * tables ask it, what answering may save, the modes it unlocks, its query (one table's, for a
 * question every table asks with its own names), and the tables it concerns.
 *
 * @module
 */
import type { QuestionGroup } from '@querymode/core';
import type { QuestionsView } from '../model/questions.js';
import { formatCount, horizonText } from '../text.js';
import { escapeHtml, sentenceHtml } from './escape.js';

const count = (n: number | string) => `<span class="qm-num">${formatCount(n)}</span>`;

/** What a group's answers may save, in words. */
function savingHtml(g: QuestionGroup, span: string): string {
  const parts: string[] = [];
  if (g.saves !== '0') parts.push(`up to ${count(g.saves)} billed events over ${escapeHtml(span)}`);
  if (g.breakEven > 0)
    parts.push(
      `${count(g.breakEven)} ${g.breakEven === 1 ? 'table bills' : 'tables bill'} fewer while changing fewer rows a day than a whole-table read loads (break-even)`,
    );
  if (g.awaited > 0)
    parts.push(
      `${count(g.awaited)} ${g.awaited === 1 ? 'table has' : 'tables have'} no recommendation until it is answered (the best mode waits for it; answering saves nothing against that mode)`,
    );
  return parts.length === 0 ? 'not known' : parts.join('; ');
}

/** The query of a group, or why there is none. */
function queryHtml(g: QuestionGroup): string {
  const first = g.tables[0];
  if (first === undefined) return '';
  if (first.query === null) return `<p>${sentenceHtml(first.noQuery ?? 'no query')}</p>`;
  const whose =
    g.tables.length === 1 || first.table === null
      ? 'The query:'
      : `The query of <code>${escapeHtml(first.table)}</code> (each table's names itself; its details have its own):`;
  return `<p>${whose}</p><pre class="qm-code"><code>${escapeHtml(first.query)}</code></pre>`;
}

/** The tables of a group, folded. */
function tablesHtml(g: QuestionGroup): string {
  const names = g.tables.map(
    (t) =>
      (t.table === null ? '<i>a table without a name</i>' : `<code>${escapeHtml(t.table)}</code>`) +
      (t.figure === undefined ? '' : ` (${sentenceHtml(t.figure)})`),
  );
  return `<details><summary>${count(g.tables.length)} ${g.tables.length === 1 ? 'table' : 'tables'}</summary><p class="qm-question-tables">${names.join(', ')}</p></details>`;
}

/**
 * The section of the plan's open questions, or the sentence that the records carry none (no
 * `--detail`); `horizonHours` is the span of the savings (null when the records differ).
 */
export function questionsHtml(view: QuestionsView, horizonHours: number | null): string {
  const span = horizonHours === null ? 'the horizon of each record' : horizonText(horizonHours);
  const missing =
    view.withoutDetail === 0
      ? ''
      : `<p>${count(view.withoutDetail)} ${view.withoutDetail === 1 ? 'record carries' : 'records carry'} no questions (made without <code>--detail</code>): run <code>querymode recommend --ndjson --detail</code> to see theirs.</p>`;
  const rows = view.groups.map(
    (g, i) =>
      `<tr><td class="qm-right">${i + 1}</td><td>${sentenceHtml(g.question)}<br><small>answer: <code>${escapeHtml(g.key)}</code>; unlocks ${g.modes.map((m) => `<code>${escapeHtml(m)}</code>`).join(', ')}</small>${queryHtml(g)}</td><td class="qm-right">${count(g.tables.length)}</td><td>${savingHtml(g, span)}</td><td>${tablesHtml(g)}</td></tr>`,
  );
  const body =
    view.groups.length === 0
      ? `<p>No open question: no table has a cheaper mode, or a best mode, waiting for a fact.</p>`
      : `<p>${count(view.groups.length)} ${view.groups.length === 1 ? 'question' : 'questions'}, each asked once for all the tables that ask it, the most events saved first. A saving is at most what the cheaper mode saves once all its questions are answered. To answer many tables at once: <code>querymode recommend --ndjson --questions answers.yaml</code>, fill it in, then <code>--answers answers.yaml</code>.</p>
<table class="qm-small" id="qm-questions-table"><caption>Questions that save the most</caption><thead><tr><th scope="col" class="qm-right">#</th><th scope="col">question</th><th scope="col" class="qm-right">tables</th><th scope="col">answers may save</th><th scope="col">the tables</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
  return `<section id="qm-questions" aria-labelledby="qm-questions-h">
<h2 id="qm-questions-h">Questions that save the most</h2>
${missing}${body}
</section>`;
}
