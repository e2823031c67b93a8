/**
 * `querymode verify` of the 10,000-table benchmark schema (the one of `inspect.bench.ts`) against
 * `querymode inspect` of the same schema, in the same rounds; and the peak memory of both, on
 * 1,000 and on 10,000 tables, to see that what verify adds does not grow with the tables.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureMariadbSchema, ensurePostgresSchema, MY_URL, PG_URL, SCHEMA } from './inspect.bench.js';
import { formatMs, formatRatio } from './lib/format.js';
import { stats } from './lib/measure.js';
import { otherCli } from './lib/other-build.js';
import { CLI_BIN } from './lib/paths.js';
import type { Suite, Table, Target } from './lib/types.js';

const q = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;
const cli = `${q(process.execPath)} ${q(CLI_BIN)}`;
/** Another build of the CLI, run side by side with this one (`pnpm bench --against REV`). */
const OTHER_CLI = otherCli();
/** Keeps t1 to t999: the names of five characters or more are left out. */
const THOUSAND = `--exclude 't????*'`;

/** Wall time (ms) and peak resident memory (MB) of a shell command; a non-zero exit other than `allowed` fails. */
function run(command: string, allowed: readonly number[] = [0]): Promise<{ ms: number; mb: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn('/usr/bin/time', ['-f', '%M', 'bash', '-o', 'pipefail', '-c', command], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
    });
    child.on('close', (code) => {
      const ms = performance.now() - start;
      const kb = Number(stderr.trim().split('\n').at(-1));
      if (allowed.includes(code ?? -1)) resolve({ ms, mb: kb / 1024 });
      else reject(new Error(`${command} exited ${code}: ${stderr.slice(-400)}`));
    });
  });
}

interface Figures {
  readonly inspect: number;
  readonly verify: number;
  readonly ratio: number;
  /** With the plan of `recommend --ndjson --detail`. */
  readonly detail: number;
  /** The size of that plan, in bytes, and its tables. */
  readonly detailPlan: { readonly bytes: number; readonly tables: number };
  readonly detailRatio: number;
  /** The other build's verify (`--against`), and this verify's time over it within each round. */
  readonly other?: { readonly verify: number; readonly ratio: number };
  readonly memory: {
    readonly inspect: number;
    readonly verify: number;
    readonly detail: number;
    readonly inspect1k: number;
    readonly verify1k: number;
    readonly detail1k: number;
  };
}

async function measure(
  name: string,
  url: string,
  dir: string,
  samples: number,
  log: (l: string) => void,
): Promise<Figures> {
  const plan = join(dir, `${name}.plan.ndjson`);
  const detailPlan = join(dir, `${name}.detail.ndjson`);
  for (const [file, flags] of [
    [plan, ''],
    [detailPlan, ' --detail'],
  ] as const) {
    const made = spawnSync('bash', [
      '-o',
      'pipefail',
      '-c',
      `${cli} inspect ${q(url)} --schema ${SCHEMA} 2>/dev/null | ${cli} recommend --ndjson${flags} > ${q(file)} 2>/dev/null`,
    ]);
    if (made.status !== 0) throw new Error(`making the plan failed: ${made.stderr}`);
  }
  const planned = readFileSync(plan, 'utf8').split('\n').filter(Boolean);
  writeFileSync(
    join(dir, `${name}.plan1k.ndjson`),
    `${planned.filter((l) => /"table":"[^"]*\.t\d{1,3}"/.test(l)).join('\n')}\n`,
  );
  // The --detail plan of the same 999 tables (its lines filtered without holding the whole plan).
  const detail1k = join(dir, `${name}.detail1k.ndjson`);
  const filtered = spawnSync('bash', [
    '-c',
    `grep -E '^[{]"line":[0-9]+,"ok":true,"status":"[a-z_]+","table":"[^"]*\\.t[0-9]{1,3}"' ${q(detailPlan)} > ${q(detail1k)}`,
  ]);
  if (filtered.status !== 0) throw new Error(`filtering the --detail plan failed: ${filtered.stderr}`);
  const inspect = `${cli} inspect ${q(url)} --schema ${SCHEMA} > /dev/null 2>&1`;
  // Exit 1 is a verdict (a table broken), not a failure of the run.
  const verify = `${cli} verify ${q(plan)} ${q(url)} --schema ${SCHEMA} > /dev/null 2>&1`;
  const verifyDetail = `${cli} verify ${q(detailPlan)} ${q(url)} --schema ${SCHEMA} > /dev/null 2>&1`;
  const otherVerify =
    OTHER_CLI === undefined
      ? undefined
      : `${q(process.execPath)} ${q(OTHER_CLI.bin)} verify ${q(plan)} ${q(url)} --schema ${SCHEMA} > /dev/null 2>&1`;
  const theirs: number[] = [];
  await run(inspect);
  await run(verify, [0, 1]);
  const ins: number[] = [];
  const ver: number[] = [];
  const det: number[] = [];
  const insMb: number[] = [];
  const verMb: number[] = [];
  const detMb: number[] = [];
  for (let i = 0; i < samples; i++) {
    const a = await run(inspect);
    const b = await run(verify, [0, 1]);
    const c = await run(verifyDetail, [0, 1]);
    if (otherVerify !== undefined) theirs.push((await run(otherVerify, [0, 1])).ms);
    det.push(c.ms);
    detMb.push(c.mb);
    ins.push(a.ms);
    ver.push(b.ms);
    insMb.push(a.mb);
    verMb.push(b.mb);
    log(
      `${name} round ${i + 1}: inspect ${a.ms.toFixed(0)} ms ${a.mb.toFixed(0)} MB, verify ${b.ms.toFixed(0)} ms ${b.mb.toFixed(0)} MB`,
    );
  }
  const small = await run(`${cli} inspect ${q(url)} --schema ${SCHEMA} ${THOUSAND} > /dev/null 2>&1`);
  const smallVerify = await run(
    `${cli} verify ${q(join(dir, `${name}.plan1k.ndjson`))} ${q(url)} --schema ${SCHEMA} ${THOUSAND} > /dev/null 2>&1`,
    [0, 1],
  );
  const smallDetail = await run(
    `${cli} verify ${q(detail1k)} ${q(url)} --schema ${SCHEMA} ${THOUSAND} > /dev/null 2>&1`,
    [0, 1],
  );
  const median = (xs: readonly number[]) => stats(xs).median;
  return {
    inspect: median(ins),
    verify: median(ver),
    ratio: median(ver.map((v, i) => v / (ins[i] as number))),
    detail: median(det),
    detailRatio: median(det.map((v, i) => v / (ins[i] as number))),
    detailPlan: { bytes: statSync(detailPlan).size, tables: planned.length },
    ...(otherVerify === undefined
      ? {}
      : { other: { verify: median(theirs), ratio: median(ver.map((v, i) => v / (theirs[i] as number))) } }),
    memory: {
      inspect: median(insMb),
      verify: median(verMb),
      detail: median(detMb),
      inspect1k: small.mb,
      verify1k: smallVerify.mb,
      detail1k: smallDetail.mb,
    },
  };
}

export const suites: Suite[] = [
  {
    id: 'verify',
    title: '`querymode verify` on 10,000 tables',
    description:
      'Wall time of `querymode verify PLAN URL --schema qm_bench_10k > /dev/null` (the whole CLI process: reading the plan of `inspect | recommend --ndjson`, the catalog queries of `inspect`, and each planned body evaluated against the table now) against `querymode inspect URL --schema qm_bench_10k > /dev/null` of the same schema (the one of the `inspect` suite: 10,000 tables, 50,000 columns), in the same rounds; and the peak resident memory (`/usr/bin/time -f %M`) of both on the 10,000 tables and on 999 of them. Local PostgreSQL 15 and MariaDB 10.11. Target: verify within 1.2x of inspect.',
    async run({ quick, log }) {
      if (spawnSync(process.execPath, [CLI_BIN, '--version']).status !== 0)
        throw new Error('build the CLI first: pnpm run build');
      const samples = quick ? 1 : 5;
      await ensurePostgresSchema(log);
      await ensureMariadbSchema(log);
      const dir = mkdtempSync(join(tmpdir(), 'querymode-bench-verify-'));
      try {
        const pg = await measure('PostgreSQL', PG_URL, dir, samples, log);
        const my = await measure('MariaDB', MY_URL, dir, samples, log);
        const rows = (name: string, f: Figures): string[][] => [
          [
            name,
            '`querymode inspect`',
            formatMs(f.inspect),
            formatRatio(1),
            `${f.memory.inspect.toFixed(0)} MB`,
            `${f.memory.inspect1k.toFixed(0)} MB`,
          ],
          [
            name,
            '`querymode verify`',
            formatMs(f.verify),
            formatRatio(f.ratio),
            `${f.memory.verify.toFixed(0)} MB`,
            `${f.memory.verify1k.toFixed(0)} MB`,
          ],
          ...(f.other === undefined || OTHER_CLI === undefined
            ? []
            : [
                [
                  name,
                  `\`verify\` of ${OTHER_CLI.name} (this verify: ${formatRatio(f.other.ratio)} of it)`,
                  formatMs(f.other.verify),
                  '',
                  '',
                  '',
                ],
              ]),
          [
            name,
            '`querymode verify` of a `--detail` plan',
            formatMs(f.detail),
            formatRatio(f.detailRatio),
            `${f.memory.detail.toFixed(0)} MB`,
            `${f.memory.detail1k.toFixed(0)} MB`,
          ],
        ];
        const table: Table = {
          columns: [
            'database',
            'what',
            'median',
            'vs inspect',
            'peak memory, 10,000 tables',
            'peak memory, 999 tables',
          ],
          rows: [...rows('PostgreSQL 15', pg), ...rows('MariaDB 10.11', my)],
        };
        const targets: Target[] = [
          { name: 'PostgreSQL: verify vs inspect', value: pg.ratio, limit: 1.2, unit: 'x' },
          { name: 'MariaDB: verify vs inspect', value: my.ratio, limit: 1.2, unit: 'x' },
        ];
        for (const [name, f] of [
          ['PostgreSQL', pg],
          ['MariaDB', my],
        ] as const)
          if (f.other !== undefined && OTHER_CLI !== undefined)
            targets.push({
              name: `${name}: verify vs ${OTHER_CLI.name}`,
              value: f.other.ratio,
              limit: 1,
              unit: 'x',
            });
        return {
          tables: [table],
          targets,
          notes: [
            `${samples} rounds, each running inspect then verify; the times are medians, and "vs inspect" is the median of the ratios within each round (paired, on this shared two-core machine). The plan is every table's record of \`recommend --ndjson\` (the records \`apply\` sets), read and checked against core's schema of those records. A plan of \`recommend --ndjson --detail\` records holds the traits each recommendation rested on (the facts before, and the change kinds verify keeps) and every candidate: ${(pg.detailPlan.bytes / pg.detailPlan.tables / 1024).toFixed(1)} KB a table on PostgreSQL (its first line the legend, written once), ${(pg.detailPlan.bytes / 1e6).toFixed(0)} MB for these ${pg.detailPlan.tables.toLocaleString('en-US')} tables; its row is for information, not held to the target. Memory: inspect holds the tables it reads; verify holds a plan file of up to 4 MiB (the plain plan here, 2 MB: about 2 MB in memory), checks a larger one (the \`--detail\` plan) whole and then reads it again one line at a time as it verifies, so the \`--detail\` plan's peak is the plain plan's; and it lets each table read go once verified. The columns for 999 and 10,000 tables show how each grows with the tables; what verify adds over inspect at 10,000 tables is the garbage of the verifications, which V8 collects later (the live heap after the last table is smaller than after the catalog read).`,
          ],
        };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
