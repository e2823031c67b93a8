/**
 * `querymode demo [--url URL]`: the whole way with no server. It inspects the embedded sample
 * shop (PostgreSQL in WebAssembly, seeded in memory) or, with `--url`, a real database, then
 * recommends a mode table by table: one block per table with the mode, the body to send, why,
 * and the facts read.
 *
 * @module
 */

import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CATALOG,
  type ColumnTraits,
  detailWriter,
  fullQuestions,
  fullWithinReach,
  type NdjsonRecord,
  questionsAt,
  recommendRecord,
  recordReasons,
  shownName,
  type TableTraits,
  visibleName,
  visibleText,
} from '@querymode/core';
import { answerEachTable } from '../answers/load.js';
import { answeredOrigins } from '../answers/origins.js';
import { EXIT } from '../errors.js';
import { styleFor } from '../io/style.js';
import { checkOutputTarget, printOut } from '../io/write.js';
import { spanWords } from '../options/span.js';
import { formatInt } from '../render/number.js';
import { pastable, questionKey, withinReachLines } from '../render/recommendation.js';
import { type InspectFlags, inspectFromFlags, summaryLine } from './inspect.js';
import { recommendOptions } from './recommend/options.js';
import type { writeRecordsPage } from './report.js';

/** Options of `demo`. */
export interface DemoFlags extends Omit<InspectFlags, 'sampleShop' | 'json'> {
  readonly url?: string;
  readonly horizon?: string;
  /** Also write the `querymode report` page of the recommendations to this file. */
  readonly report?: string;
  /** `--answers FILE`: facts for many tables at once, applied to each table read. */
  readonly answers?: string;
}

/** What was read about a column, in a few words. */
function columnFacts(c: ColumnTraits): string | undefined {
  const facts: string[] = [];
  if (c.primary_key) facts.push('primary key');
  else if (c.unique) facts.push('unique');
  if (c.auto_increment) facts.push('auto-increment');
  if (c.set_on_update === true) facts.push('set on every update');
  if (c.set_on_update === undefined) facts.push('set on update: unknown');
  return facts.length > 0 ? `${shownName(c.name)} (${facts.join(', ')})` : undefined;
}

/** The facts line of a table. */
function factsOf(t: TableTraits): string {
  const parts = [t.rows === undefined ? 'rows unknown' : `~${formatInt(t.rows)} rows`];
  const cols = (t.columns ?? []).map(columnFacts).filter((x): x is string => x !== undefined);
  if (cols.length > 0) parts.push(cols.join('; '));
  const ch = t.changes ?? {};
  const changes = (['inserts', 'updates', 'deletes'] as const).map((k) => `${k} ${ch[k] ?? 'unknown'}`);
  parts.push(changes.join(', '));
  return parts.join('; ');
}

/**
 * Writes the report page of records made in this process: `writeRecordsPage` of the report
 * command, which lives in a chunk of its own (`lazy/report.ts`), so the caller loads it.
 */
export type RecordsPageWriter = typeof writeRecordsPage;

/** Runs `demo`; `writePage` writes the page of `--report`. */
export async function runDemo(flags: DemoFlags, writePage: RecordsPageWriter): Promise<number> {
  const start = performance.now();
  // A report target that cannot be written fails before the inspection.
  if (flags.report !== undefined) checkOutputTarget(flags.report, '--report');
  const report = await inspectFromFlags(flags.url, {
    ...flags,
    ...(flags.url === undefined ? { sampleShop: true } : {}),
  });
  const answers = await answerEachTable(flags.answers);
  const horizon = flags.horizon ?? '30d';
  const options = recommendOptions({ horizon });
  const s = styleFor(process.stdout);
  const blocks: string[] = [];
  const records: NdjsonRecord[] = [];
  // The legend of the records, built once for every table's.
  const writer = detailWriter();
  const { legend } = writer;
  for (const t of report.tables) {
    const line = records.length + 1;
    // The record of `recommend --ndjson --detail`, made by the same builder; the block reads it.
    const a = answers?.answer(t);
    const r =
      a === undefined
        ? recommendRecord({ line, value: t, options, detail: 'detail', writer })
        : recommendRecord({
            line,
            value: a.traits,
            options,
            detail: 'detail',
            origins: answeredOrigins(a, 'detail', CATALOG),
            writer,
          });
    records.push(r);
    const lines = [s.bold(t.table === undefined ? '(unnamed table)' : visibleName(t.table))];
    if (!r.ok) {
      // Traits read from a catalog are valid; this says so rather than hiding a table if not.
      lines.push(`  ${s.red('cannot be advised')}: ${r.error.issues?.[0]?.message ?? 'invalid traits'}`);
      blocks.push(lines.join('\n'));
      continue;
    }
    const verdict =
      r.status === 'recommended'
        ? s.green(s.bold(`${r.mode}`))
        : `${s.red(r.status === 'needs_facts' ? 'needs facts' : 'none recommended')}${r.best === null ? '' : ` (best candidate: ${r.best})`}`;
    lines.push(`  mode:  ${verdict}`);
    if (r.body !== null) lines.push(`  body:  ${JSON.stringify(r.body)}`);
    lines.push('  why:', ...recordReasons(legend, r).map((x) => `    - ${x}`));
    const best = r.candidates?.find((c) => c.mode === r.best);
    const asked = new Set<string>();
    if (r.status === 'needs_facts' && best !== undefined) {
      lines.push(
        '  find out:',
        ...questionsAt(fullQuestions(legend, r), best.toEstablish ?? []).map((q) => {
          asked.add(questionKey(q));
          return `    - ${q.question} ${typeof q.query === 'string' ? pastable(q.query) : `(${q.noQuery})`}`;
        }),
      );
    }
    if (r.withinReach !== undefined)
      lines.push(
        ...withinReachLines({ withinReach: fullWithinReach(legend, r) }, spanWords({ horizon }), asked).map(
          (x) => `  ${x}`,
        ),
      );
    lines.push(`  read:  ${factsOf(t)}`);
    for (const n of t.notes ?? []) lines.push(s.dim(`  note:  ${n}`));
    for (const [key, at] of Object.entries(r.from_answers ?? {}))
      lines.push(`  answered: ${visibleText(key)} (${visibleText(at)})`);
    for (const o of r.overruled ?? []) lines.push(`  overruled: ${visibleText(o)}`);
    blocks.push(lines.join('\n'));
  }
  printOut(
    [
      `querymode demo: ${report.tables.length} tables inspected from ${visibleName(report.database)}, then recommended one by one (events over ${horizon}).`,
      '',
      blocks.join('\n\n'),
      '',
      'Next, the whole way (README.md, "The whole way"); from a clone of the repository, put its querymode on the PATH first:',
      '  export PATH="$PWD/node_modules/.bin:$PATH"',
      `  querymode inspect ${flags.url === undefined ? '--sample-shop' : '<url>'} > tables.ndjson`,
      '  querymode recommend --ndjson --detail < tables.ndjson > results.ndjson',
      '  querymode report results.ndjson -o plan.html',
      `  grep '"status":"recommended"' results.ndjson | querymode apply - --pipeline YOUR_PIPELINE_ID --object-name-from-table   # a dry run until --yes`,
    ].join('\n'),
  );
  process.stderr.write(`${summaryLine(report, (performance.now() - start) / 1000)}\n`);
  if (flags.report !== undefined) {
    await writePage(records, {
      title: `Query-mode plan: ${visibleName(report.database)}`,
      input: `querymode demo (${visibleName(report.database)})`,
      output: flags.report,
      outputFlag: '--report',
    });
    printOut(
      `\nThe report, one page to share: ${resolve(flags.report)}\nOpen it in a browser: ${pathToFileURL(resolve(flags.report)).href}`,
    );
  }
  const unmatched = answers?.unmatched() ?? [];
  for (const u of unmatched) process.stderr.write(`demo: ${u}\n`);
  return unmatched.length > 0 ? EXIT.failed : EXIT.ok;
}
