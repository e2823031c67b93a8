/**
 * CLI benchmarks: cold start against `node -e 0`, and `recommend --ndjson` throughput and peak
 * memory against merely splitting, parsing and stringifying the same lines.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatMs, formatRatio } from './lib/format.js';
import { stats } from './lib/measure.js';
import { otherCli } from './lib/other-build.js';
import { CLI_BIN, ROOT } from './lib/paths.js';
import { traitsLines } from './lib/traits-gen.js';
import type { Suite, Target } from './lib/types.js';

function ensureBuilt(log: (l: string) => void): void {
  if (existsSync(CLI_BIN)) return;
  log('building the CLI bundle');
  const r = spawnSync(process.execPath, [join(ROOT, 'packages', 'cli', 'build.mjs')], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('CLI build failed');
}

const median = (xs: readonly number[]): number => stats(xs).median;

/** Wall time of one process run, in ms. */
function timeProcess(args: readonly string[]): number {
  const start = performance.now();
  const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - start;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

/** Interleaved medians of several commands, so that machine noise falls on all alike. */
function interleaved(commands: Record<string, readonly string[]>, samples: number): Record<string, number[]> {
  const out: Record<string, number[]> = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
  for (const args of Object.values(commands)) timeProcess(args); // warm the file cache
  for (let i = 0; i < samples; i++)
    for (const [k, args] of Object.entries(commands)) out[k]?.push(timeProcess(args));
  return out;
}

const RECOMMEND_ARGS = [
  'recommend',
  '--rows',
  '1200000',
  '--column',
  'id:bigint:primary-key:auto-increment',
  '--column',
  'updated_at:timestamp:not-null:auto-update',
  // A known insert rate: without one, full_load's row limit over the horizon leaves it needs_facts (exit 1).
  '--inserts-per-day',
  '1000',
  '--updates',
  'yes',
];

/** The baseline of the NDJSON benchmark: split, JSON.parse and JSON.stringify each line, streamed the same way. */
const BASELINE = `
const fs = require('node:fs');
const input = fs.createReadStream(process.argv[1], { highWaterMark: 64 * 1024, encoding: 'utf8' });
let rest = '';
(async () => {
  for await (const chunk of input) {
    const parts = (rest + chunk).split('\\n');
    rest = parts.pop();
    const out = [];
    for (const line of parts) out.push(JSON.stringify(JSON.parse(line)));
    if (!process.stdout.write(out.join('\\n') + '\\n')) await new Promise((r) => process.stdout.once('drain', r));
  }
  if (rest) process.stdout.write(JSON.stringify(JSON.parse(rest)) + '\\n');
})();
`;

/** Another build of the CLI, run side by side with this one (`pnpm bench --against REV`). */
const OTHER_CLI = otherCli();

/** What one run of a command took: wall time, CPU time (user + system, every thread) and peak RSS. */
interface Measured {
  readonly ms: number;
  /** The process's user + system CPU time in ms, from GNU time (`%U %S`); NaN without it. */
  readonly cpuMs: number;
  readonly rssMb: number;
}

/** Runs a node command with stdout to /dev/null and measures it. */
async function runMeasured(args: readonly string[]): Promise<Measured> {
  const out = createWriteStream('/dev/null');
  await once(out, 'open');
  const useTime = existsSync('/usr/bin/time');
  const cmd = useTime ? '/usr/bin/time' : process.execPath;
  const full = useTime ? ['-f', '%M %U %S', process.execPath, ...args] : [...args];
  const start = performance.now();
  const child = spawn(cmd, full, { stdio: ['ignore', out, 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    stderr += d;
  });
  let peakKb = 0;
  const poll = setInterval(() => {
    try {
      const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (m) peakKb = Math.max(peakKb, Number(m[1]));
    } catch {
      // The process has exited.
    }
  }, 20);
  const [code] = (await once(child, 'close')) as [number];
  clearInterval(poll);
  const ms = performance.now() - start;
  out.close();
  if (code !== 0 && code !== 1) throw new Error(`${args.join(' ')} exited ${code}: ${stderr.slice(-500)}`);
  let cpuMs = Number.NaN;
  if (useTime) {
    const [kb, user, system] = (stderr.trim().split('\n').pop() ?? '').split(' ').map(Number);
    peakKb = kb as number;
    cpuMs = ((user as number) + (system as number)) * 1000;
  }
  return { ms, cpuMs, rssMb: peakKb / 1024 };
}

async function writeLines(path: string, count: number): Promise<void> {
  const out = createWriteStream(path);
  let batch: string[] = [];
  for (const line of traitsLines(count, 42)) {
    batch.push(line);
    if (batch.length === 10_000) {
      if (!out.write(`${batch.join('\n')}\n`)) await once(out, 'drain');
      batch = [];
    }
  }
  if (batch.length) out.write(`${batch.join('\n')}\n`);
  out.end();
  await once(out, 'finish');
}

export const suites: Suite[] = [
  {
    id: 'cli-start',
    title: 'CLI cold start',
    description:
      'Wall time of spawning the bundled bin (`packages/cli/dist/querymode.cjs`) until it exits, against `node -e 0`, interleaved, median of the samples; with `--against REV`, the build of REV in the same rounds. Targets: `--version` within 1.3x and a single-table `recommend` within 1.4x of `node -e 0`, and neither slower than the other build.',
    run({ quick, log }) {
      ensureBuilt(log);
      const samples = quick ? 5 : 40;
      const builds: [string, string][] = [['querymode', CLI_BIN]];
      if (OTHER_CLI !== undefined) builds.push([OTHER_CLI.name, OTHER_CLI.bin]);
      const commands: Record<string, readonly string[]> = { 'node -e 0': ['-e', '0'] };
      for (const [name, bin] of builds) {
        commands[`${name} --version`] = [bin, '--version'];
        commands[`${name} recommend (flags, one table)`] = [bin, ...RECOMMEND_ARGS];
      }
      const r = interleaved(commands, samples);
      const at = (k: string) => median(r[k] as number[]);
      const base = at('node -e 0');
      const vsOther = (k: string) =>
        OTHER_CLI === undefined ? [] : [formatRatio(at(k) / at(k.replace(/^querymode/, OTHER_CLI.name)))];
      const rows = Object.entries(r).map(([k, xs]) => [
        `\`${k}\``,
        formatMs(median(xs)),
        formatMs(Math.min(...xs)),
        formatRatio(median(xs) / base),
        ...(OTHER_CLI === undefined
          ? []
          : k.startsWith('querymode ') && !k.startsWith(OTHER_CLI.name)
            ? vsOther(k)
            : ['']),
      ]);
      const targets: Target[] = [
        {
          name: '`querymode --version` vs `node -e 0`',
          value: at('querymode --version') / base,
          limit: 1.3,
          unit: 'x',
        },
        {
          name: 'single-table `recommend` vs `node -e 0`',
          value: at('querymode recommend (flags, one table)') / base,
          limit: 1.4,
          unit: 'x',
        },
      ];
      if (OTHER_CLI !== undefined)
        for (const k of ['querymode --version', 'querymode recommend (flags, one table)'])
          targets.push({
            name: `\`${k}\` vs ${OTHER_CLI.name}`,
            value: at(k) / at(k.replace(/^querymode/, OTHER_CLI.name)),
            limit: 1,
            unit: 'x',
          });
      return {
        tables: [
          {
            columns: [
              'command',
              'median',
              'min',
              'vs node -e 0',
              ...(OTHER_CLI === undefined ? [] : [`vs ${OTHER_CLI.name}`]),
            ],
            rows,
          },
        ],
        targets,
        notes: [
          `${samples} samples each, interleaved. The recommend command: \`querymode ${RECOMMEND_ARGS.join(' ')}\`.`,
        ],
      };
    },
  },
  {
    id: 'cli-ndjson',
    title: 'CLI `recommend --ndjson` throughput and memory',
    description:
      '`querymode recommend --ndjson --input tables.ndjson > /dev/null` over generated, varied table traits (5 to 16 columns, change tracking on some SQL Server tables), with the default `--threads 2` (the main thread and one worker thread) and with `--threads 1` (the main thread alone), against a baseline that only streams, splits, `JSON.parse`s and `JSON.stringify`s the same lines in one thread. Interleaved, median of the rounds (five at 1,000,000 tables, one at 2,000,000). CPU time (user + system, every thread, from GNU time, `%U` and `%S`) beside the wall time: on a shared machine the wall time also counts the waits for a core. Peak RSS (of the whole process, every thread) from GNU time (`%M`) where present, else from `/proc/<pid>/status` VmHWM. Targets: at least 100,000 tables/s, within 1.3x of the baseline, peak RSS under 200 MB whatever the input size; judged on the default command.',
    async run({ quick, log }) {
      ensureBuilt(log);
      const dir = mkdtempSync(join(tmpdir(), 'querymode-bench-'));
      try {
        const sizes = quick ? [20_000, 40_000] : [1_000_000, 2_000_000];
        /** `recommend --ndjson` of the build `bin` over `file`, with `flags`. */
        const recommend =
          (bin: string, ...flags: string[]) =>
          (file: string) => [bin, 'recommend', '--ndjson', ...flags, '--input', file];
        const commands: Record<string, (file: string) => string[]> = {
          baseline: (file) => ['-e', BASELINE, file],
          'querymode (default: --threads 2)': recommend(CLI_BIN),
          'querymode --threads 1': recommend(CLI_BIN, '--threads', '1'),
          ...(OTHER_CLI === undefined
            ? {}
            : {
                [OTHER_CLI.name]: recommend(OTHER_CLI.bin),
                [`${OTHER_CLI.name} --threads 1`]: recommend(OTHER_CLI.bin, '--threads', '1'),
              }),
        };
        const rows: string[][] = [];
        let first: { tables: number; ms: number; base: number } | undefined;
        let maxRss = 0;
        for (const n of sizes) {
          const file = join(dir, `tables-${n}.ndjson`);
          log(`generating ${n} lines`);
          await writeLines(file, n);
          const mb = statSync(file).size / 1e6;
          const times: Record<string, number[]> = Object.fromEntries(
            Object.keys(commands).map((k) => [k, []]),
          );
          const cpu: Record<string, number[]> = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
          const rss: Record<string, number> = {};
          // Five rounds at 1,000,000 tables: the default's two threads feel the neighbours of both
          // cores, and three rounds of one run on 2026-11-23 took 11.9, 15.7 and 16.9 s.
          const rounds = quick ? 1 : n >= 2_000_000 ? 1 : 5;
          for (let i = 0; i < rounds; i++) {
            for (const [name, args] of Object.entries(commands)) {
              const r = await runMeasured(args(file));
              times[name]?.push(r.ms);
              cpu[name]?.push(r.cpuMs);
              rss[name] = Math.max(rss[name] ?? 0, r.rssMb);
              log(`${n} lines: ${name} ${r.ms.toFixed(0)} ms (${r.rssMb.toFixed(0)} MB)`);
            }
          }
          const base = median(times.baseline as number[]);
          const baseCpu = median(cpu.baseline as number[]);
          for (const name of Object.keys(commands)) {
            const ms = median(times[name] as number[]);
            const cpuMs = median(cpu[name] as number[]);
            rows.push([
              n.toLocaleString('en-US'),
              `${mb.toFixed(0)} MB`,
              name,
              formatMs(ms),
              Math.round(n / (ms / 1000)).toLocaleString('en-US'),
              formatRatio(ms / base),
              Number.isNaN(cpuMs) ? 'n/a' : formatMs(cpuMs),
              Number.isNaN(cpuMs) ? 'n/a' : formatRatio(cpuMs / baseCpu),
              `${(rss[name] as number).toFixed(0)} MB`,
            ]);
            if (name !== 'baseline' && !(OTHER_CLI !== undefined && name.startsWith(OTHER_CLI.name)))
              maxRss = Math.max(maxRss, rss[name] as number);
          }
          first ??= { tables: n, ms: median(times['querymode (default: --threads 2)'] as number[]), base };
          rmSync(file);
        }
        const m = first as { tables: number; ms: number; base: number };
        return {
          tables: [
            {
              columns: [
                'tables',
                'input',
                'command',
                'time',
                'tables/s',
                'vs baseline',
                'CPU time',
                'CPU vs baseline',
                'peak RSS',
              ],
              rows,
            },
          ],
          targets: [
            {
              name: `tables/s at ${m.tables.toLocaleString('en-US')} tables (default threads)`,
              value: m.tables / (m.ms / 1000),
              limit: 100_000,
              atLeast: true,
              unit: '',
            },
            {
              name: 'time vs split + parse + stringify (default threads)',
              value: m.ms / m.base,
              limit: 1.3,
              unit: 'x',
            },
            {
              name: 'peak RSS, any input size, any thread setting (MB)',
              value: maxRss,
              limit: 200,
              unit: ' MB',
            },
          ],
          notes: [
            `This machine: ${availableParallelism()} CPU cores the process may use. The baseline runs in one thread; \`--threads 1\` shows the advisor's own cost against it.`,
            'Output goes to /dev/null; input is read from a file with `--input`; every command reads 64 KiB chunks. Two sizes show that memory does not grow with the input.',
            ...(OTHER_CLI === undefined
              ? []
              : [
                  `\`${OTHER_CLI.name}\` is another build of the CLI (\`QUERYMODE_BENCH_OTHER_CLI=${OTHER_CLI.bin}\`), run with its own defaults and with \`--threads 1\` on the same files in the same rounds, to tell the machine's speed from the code's; its peak RSS does not count toward the target.`,
                ]),
          ],
        };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
