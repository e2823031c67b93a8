/**
 * The questions of a plan: `recommend --ndjson --questions FILE` against `recommend --ndjson` over
 * the same tables, and the report's view of the questions ("Questions that save the most") against
 * the same `recommend --ndjson`, per table, side by side in one run.
 */
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  QuestionTally,
  recommend,
  type TableTraits,
  tableQuestions,
  type WithinReachAdvice,
} from '@querymode/core';
import { questionsHtml } from '../packages/report/src/html/questions.js';
import { questionsPlanLines } from '../scripts/questions-plan.js';
import { formatMs, formatRatio } from './lib/format.js';
import { stats } from './lib/measure.js';
import { CLI_BIN } from './lib/paths.js';
import { traitsLines } from './lib/traits-gen.js';
import type { Suite, Target } from './lib/types.js';

const median = (xs: readonly number[]): number => stats(xs).median;

/** Wall time of one CLI run, in ms. */
function timeCli(args: readonly string[]): number {
  const start = performance.now();
  const r = spawnSync(process.execPath, [CLI_BIN, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - start;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

async function writeLines(file: string, lines: Iterable<string>): Promise<void> {
  const out = createWriteStream(file);
  for (const line of lines) if (!out.write(`${line}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

/** The report's view of the questions of `tables` (their advice made beforehand), in ms. */
function timeView(tables: readonly { traits: TableTraits; reach: WithinReachAdvice }[]): number {
  const start = performance.now();
  const tally = new QuestionTally();
  for (const t of tables) tally.add(tableQuestions(t.traits.table ?? null, t.traits, t.reach));
  questionsHtml({ groups: tally.groups(), tables: tally.tables, withoutDetail: 0 }, 720);
  return performance.now() - start;
}

export const suites: Suite[] = [
  {
    id: 'questions',
    title: 'The questions of a plan: `--questions` and the report view',
    description:
      '`querymode recommend --ndjson --input tables.ndjson --questions answers.yaml > /dev/null` against `querymode recommend --ndjson --input tables.ndjson > /dev/null` (default threads), interleaved, median wall time of the rounds, over two inputs of 100,000 tables: the generated plan of the questions workflow (`scripts/questions-plan.ts`: every table has a question) and the varied tables of `cli-ndjson`. The report view is the gathering and the HTML of "Questions that save the most" from records that carry their cheaper modes within reach (made beforehand, as `--detail` makes them), in process, against the same `recommend --ndjson` run. Target: each under 2x of `recommend --ndjson` over the same tables.',
    async run({ quick, log }) {
      const dir = mkdtempSync(join(tmpdir(), 'querymode-bench-questions-'));
      try {
        const n = quick ? 10_000 : 100_000;
        const rounds = quick ? 1 : 3;
        const inputs: Record<string, () => Iterable<string>> = {
          'questions plan': () => questionsPlanLines(n, 42),
          'cli-ndjson tables': () => traitsLines(n, 42),
        };
        const rows: string[][] = [];
        const targets: Target[] = [];
        for (const [name, lines] of Object.entries(inputs)) {
          const file = join(dir, `${name.replace(/\W+/g, '-')}.ndjson`);
          await writeLines(file, lines());
          const base = ['recommend', '--ndjson', '--input', file];
          const withQuestions = [...base, '--questions', join(dir, 'answers.yaml')];
          const plain: number[] = [];
          const asked: number[] = [];
          timeCli(base); // warm the file cache
          for (let i = 0; i < rounds; i++) {
            plain.push(timeCli(base));
            asked.push(timeCli(withQuestions));
            log(`${name}: ${plain.at(-1)?.toFixed(0)} ms, with --questions ${asked.at(-1)?.toFixed(0)} ms`);
          }
          const advised = [...lines()].map((l) => {
            const traits = JSON.parse(l) as TableTraits;
            const r = recommend(traits);
            return { traits, reach: r.ok ? r.value.withinReach : { modes: [], questions: [] } };
          });
          const view: number[] = [];
          for (let i = 0; i < Math.max(rounds, 3); i++) view.push(timeView(advised));
          const p = median(plain);
          const q = median(asked);
          const v = median(view);
          rows.push(
            [name, '`recommend --ndjson`', formatMs(p), '1.00x'],
            [name, '`recommend --ndjson --questions FILE`', formatMs(q), formatRatio(q / p)],
            [name, 'report view of the questions (in process)', formatMs(v), formatRatio(v / p)],
          );
          targets.push(
            { name: `--questions, ${name}`, value: q / p, limit: 2, unit: 'x' },
            { name: `report view, ${name}`, value: v / p, limit: 2, unit: 'x' },
          );
        }
        return {
          tables: [
            {
              title: `${n.toLocaleString('en-US')} tables`,
              columns: ['input', 'run', 'median', 'vs recommend --ndjson'],
              rows,
            },
          ],
          targets,
          notes: [
            '`--questions` makes the compact record and the open questions of each line from one lazy ranking (`chooseModeWithReach`: the modes `chooseMode` evaluates, then only those that bill fewer events than its answer, the words built only for the modes that may be within reach, without the statements of the remedies, which the questions of a plan do not read, and each open change kind asked once a table whatever the modes that ask it); each batch of lines is tallied where it runs, a worker thread or the main thread, a line at a time as each line is done (held to the end of the batch, the questions of its lines were copied by every young collection meanwhile), and the main thread adds one tally a batch, in input order (`QuestionTally.addPart`).',
          ],
        };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
