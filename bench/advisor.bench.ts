/**
 * Suite `advisor`: the advisor in process, per table, on the traits of the `cli-ndjson` suite,
 * each line parsed from its JSON text as the CLI does: `validateTableTraits`, `chooseMode` (what
 * `recommend --ndjson` runs), `recommendSummary` (`--ndjson --reasons`) and `recommend` (every
 * candidate with its findings), side by side with the `cli-ndjson` baseline's own work per line
 * (`JSON.parse` and `JSON.stringify`). It shows where the CLI's time per table goes.
 *
 * @module
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chooseMode, recommend, recommendSummary, validateTableTraits } from '@querymode/core';
import { parseJsonLine } from '../packages/cli/src/io/json-line.js';
import { formatOps, formatRatio } from './lib/format.js';
import { type Batch, measureOps, type Stats } from './lib/measure.js';
import { commitAt } from './lib/other-build.js';
import { traitsLines } from './lib/traits-gen.js';
import type { Suite, SuiteResult } from './lib/types.js';

const LINES = 4_000;

/** Keeps results alive, so that no work can be optimised away. */
let sink = 0;

/** A candidate that parses each line and passes the value to `work`. */
function perLine(lines: readonly string[], work: (value: never) => number): Batch {
  return () => {
    for (const line of lines) sink += work(JSON.parse(line) as never);
    return lines.length;
  };
}

const microseconds = (s: Stats): string => `${(1e6 / s.median).toFixed(2)} µs`;

/** The advisor functions a row runs. */
interface Advisor {
  readonly chooseMode: typeof chooseMode;
  readonly recommendSummary: typeof recommendSummary;
  readonly recommend: typeof recommend;
}

/**
 * Another work tree's core to run side by side with this one, from `QUERYMODE_BENCH_OTHER_CORE`
 * (the root of a work tree of an older commit, with its packages installed): its `chooseMode`,
 * `recommendSummary` and `recommend`, from source, in the same rounds, so that a change of the code's speed can be told
 * from a change of the machine's (see bench/README.md). Its rows are named after its commit.
 */
async function otherCore(root: string | undefined): Promise<{ name: string; advisor: Advisor } | undefined> {
  if (root === undefined || root === '') return undefined;
  const entry = join(root, 'packages', 'core', 'src', 'index.ts');
  if (!existsSync(entry)) throw new Error(`QUERYMODE_BENCH_OTHER_CORE: no core sources at ${entry}`);
  const commit = commitAt(dirname(entry)) ?? root;
  return { name: `core at ${commit}`, advisor: (await import(pathToFileURL(entry).href)) as Advisor };
}

export const suites: Suite[] = [
  {
    id: 'advisor',
    title: 'The advisor in process, per table',
    description: `Tables per second, in one process, over ${LINES.toLocaleString('en-US')} generated traits lines (the generator of \`cli-ndjson\`), each parsed from its text: the baseline of \`cli-ndjson\` (\`JSON.parse\` and \`JSON.stringify\` of the line), \`JSON.parse\` alone, the CLI's parse of a line (\`JSON.parse\`, then the check that no object has a key twice), then parsing followed by \`validateTableTraits\`, \`chooseMode\` (what \`recommend --ndjson\` runs per line), \`recommendSummary\` (\`--ndjson --reasons\`) and \`recommend\` (every candidate with its findings and words). Interleaved rounds measured in the process's CPU time (wall time on a loaded machine counts the waits for a core), median. No targets: it shows where the time of \`cli-ndjson\` goes. With \`QUERYMODE_BENCH_OTHER_CORE\` naming another work tree, its \`chooseMode\`, \`recommendSummary\` and \`recommend\` run in the same rounds.`,
    async run({ measure, log }): Promise<SuiteResult> {
      const other = await otherCore(process.env.QUERYMODE_BENCH_OTHER_CORE);
      const lines = [...traitsLines(LINES, 42)];
      const candidates: Record<string, Batch> = {
        'parse + stringify (the cli-ndjson baseline)': () => {
          for (const line of lines) sink += JSON.stringify(JSON.parse(line)).length;
          return lines.length;
        },
        'parse alone (JSON.parse)': () => {
          for (const line of lines) sink += JSON.parse(line) === null ? 0 : 1;
          return lines.length;
        },
        // The CLI's own parse (every NDJSON reader's): JSON.parse, then the duplicate-key check.
        "parse + duplicate-key check (the CLI's `parseJsonLine`)": () => {
          let line = 0;
          for (const text of lines) sink += parseJsonLine(text, ++line).ok ? 1 : 0;
          return lines.length;
        },
        'parse + validateTableTraits': perLine(lines, (v) => (validateTableTraits(v).ok ? 1 : 0)),
        'parse + chooseMode': perLine(lines, (v) => {
          const r = chooseMode(v);
          return r.ok ? r.value.warnings + 1 : 0;
        }),
        'parse + recommendSummary': perLine(lines, (v) => {
          const r = recommendSummary(v);
          return r.ok ? r.value.reasons.length : 0;
        }),
        'parse + recommend': perLine(lines, (v) => {
          const r = recommend(v);
          return r.ok ? r.value.candidates.length : 0;
        }),
        ...(other === undefined
          ? {}
          : {
              [`parse + chooseMode (${other.name})`]: perLine(lines, (v) => {
                const r = other.advisor.chooseMode(v);
                return r.ok ? r.value.warnings + 1 : 0;
              }),
              [`parse + recommendSummary (${other.name})`]: perLine(lines, (v) => {
                const r = other.advisor.recommendSummary(v);
                return r.ok ? r.value.reasons.length : 0;
              }),
              [`parse + recommend (${other.name})`]: perLine(lines, (v) => {
                const r = other.advisor.recommend(v);
                return r.ok ? r.value.candidates.length : 0;
              }),
            }),
      };
      log(`advisor: ${lines.length} lines`);
      // CPU time: on this shared two-core machine wall time mostly measures the other processes.
      const s = measureOps(candidates, { ...measure, clock: 'cpu' });
      if (sink === 0) throw new Error('advisor bench: no work was done');
      const base = s['parse + stringify (the cli-ndjson baseline)'] as Stats;
      const perTable = (name: string): number => 1e6 / (s[name] as Stats).median;
      const duplicateCheck =
        perTable("parse + duplicate-key check (the CLI's `parseJsonLine`)") -
        perTable('parse alone (JSON.parse)');
      const parseAlone = perTable('parse alone (JSON.parse)');
      const chooseOwn = perTable('parse + chooseMode') - parseAlone;
      const rows = Object.entries(s).map(([name, stats]) => [
        name,
        formatOps(stats.median).replace('ops/s', 'tables/s'),
        microseconds(stats),
        formatRatio(base.median / stats.median),
      ]);
      return {
        tables: [{ columns: ['per line', 'throughput', 'time per table', 'vs baseline'], rows }],
        notes: [
          '`recommend --ndjson` adds the streaming and the writing of each record to `parse + chooseMode`. In one thread (`--threads 1`), within 1.3x of the baseline (the `cli-ndjson` target) would need `parse + chooseMode` within about 1.3x of `parse + stringify`; by default two threads share the lines (`cli-ndjson`).',
          `The duplicate-key check of the CLI's NDJSON readers costs ${duplicateCheck.toFixed(2)} µs per line here (\`parseJsonLine\` less \`JSON.parse\` alone), ${((100 * duplicateCheck) / perTable('parse + stringify (the cli-ndjson baseline)')).toFixed(0)}% of the baseline's time per line.`,
          `\`chooseMode\`'s own cost per table (\`parse + chooseMode\` less \`JSON.parse\` alone): ${chooseOwn.toFixed(2)} µs, ${(chooseOwn / parseAlone).toFixed(2)}x the cost of \`JSON.parse\` of the line.`,
          ...(other === undefined
            ? []
            : [
                `Side by side with ${other.name} (\`QUERYMODE_BENCH_OTHER_CORE\`): \`parse + chooseMode\` ${formatRatio(perTable('parse + chooseMode') / perTable(`parse + chooseMode (${other.name})`))}, \`parse + recommendSummary\` ${formatRatio(perTable('parse + recommendSummary') / perTable(`parse + recommendSummary (${other.name})`))}, \`parse + recommend\` ${formatRatio(perTable('parse + recommend') / perTable(`parse + recommend (${other.name})`))} of its time per table.`,
              ]),
        ],
      };
    },
  },
];
