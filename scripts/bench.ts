/**
 * Runs the benchmark suites (`bench/*.bench.ts`, each exporting `suites`) and writes their
 * figures to docs/benchmarks.md, one section per suite.
 *
 * Usage: pnpm bench [suite ...] [--against REV] [--quick] [--no-write] [--list]
 * - no suite: run every suite; with suite ids, run those and replace only their sections;
 * - --against REV: build the commit REV in a temporary work tree and run its build beside this
 *   one in every suite that runs a build (`QUERYMODE_BENCH_OTHER_CLI`, `QUERYMODE_BENCH_OTHER_CORE`);
 * - --quick: a smoke run with short rounds (figures not meaningful; never written);
 * - --no-write: print the sections instead of writing the file;
 * - --list: list the suites.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { renderResult, targetMet } from '../bench/lib/format.js';
import { describeLoad, describeMachine } from '../bench/lib/machine.js';
import { DEFAULT_MEASURE, QUICK_MEASURE } from '../bench/lib/measure.js';
import { builtAtFile, commitAt } from '../bench/lib/other-build.js';
import { updateReport } from '../bench/lib/report.js';
import type { Suite } from '../bench/lib/types.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = join(root, 'bench');
const reportPath = join(root, 'docs', 'benchmarks.md');

const argv = process.argv.slice(2);
const againstAt = argv.indexOf('--against');
const against = againstAt === -1 ? undefined : argv[againstAt + 1];
if (againstAt !== -1 && (against === undefined || against.startsWith('--'))) {
  console.error('bench: --against needs a commit, such as --against 0efba09');
  process.exit(2);
}
const args = againstAt === -1 ? argv : argv.filter((_, i) => i !== againstAt && i !== againstAt + 1);
const flags = new Set(args.filter((a) => a.startsWith('--')));
const wanted = args.filter((a) => !a.startsWith('--'));
for (const flag of flags) {
  if (!['--quick', '--no-write', '--list'].includes(flag)) {
    console.error(`bench: unknown option ${flag}`);
    process.exit(2);
  }
}
const quick = flags.has('--quick');

/** Runs a command in `cwd`, its output to this process's; stops the run when it fails. */
function step(cwd: string, command: string, commandArgs: readonly string[]): void {
  const r = spawnSync(command, commandArgs, { cwd, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`bench: ${command} ${commandArgs.join(' ')} failed in ${cwd}`);
}

/**
 * Builds `rev` in a temporary work tree (installed from the store, offline where it can be) and
 * points the suites at it; returns the function that removes the work tree.
 */
function buildAgainst(rev: string): () => void {
  const tree = join(mkdtempSync(join(tmpdir(), 'querymode-against-')), 'tree');
  console.log(`bench: building ${rev} in ${tree}`);
  step(root, 'git', ['worktree', 'add', '--detach', tree, rev]);
  const remove = () => {
    spawnSync('git', ['worktree', 'remove', '--force', tree], { cwd: root, stdio: 'inherit' });
    rmSync(dirname(tree), { recursive: true, force: true });
  };
  try {
    step(tree, 'pnpm', ['install', '--frozen-lockfile', '--prefer-offline']);
    step(tree, 'pnpm', ['run', 'build']);
  } catch (error) {
    remove();
    throw error;
  }
  const bin = join(tree, 'packages', 'cli', 'dist', 'querymode.cjs');
  // A build of a commit older than the record of its own commit is labelled by REV's.
  mkdirSync(dirname(builtAtFile(bin)), { recursive: true });
  writeFileSync(builtAtFile(bin), commitAt(tree) ?? rev);
  process.env.QUERYMODE_BENCH_OTHER_CLI = bin;
  process.env.QUERYMODE_BENCH_OTHER_CORE = tree;
  return remove;
}
const removeAgainst = against === undefined ? undefined : buildAgainst(against);
process.on('exit', () => removeAgainst?.());
// Interrupted, the run still removes the work tree ('exit' alone does not come on a signal).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

const files = readdirSync(benchDir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();
const all: Suite[] = [];
for (const file of files) {
  const mod = (await import(pathToFileURL(join(benchDir, file)).href)) as { suites?: Suite[] };
  if (!Array.isArray(mod.suites)) throw new Error(`bench/${file} must export \`suites: Suite[]\``);
  all.push(...mod.suites);
}
const ids = all.map((s) => s.id);
if (new Set(ids).size !== ids.length) throw new Error(`bench: duplicate suite ids in ${ids.join(', ')}`);

if (flags.has('--list')) {
  for (const s of all) console.log(`${s.id}\t${s.title}`);
  process.exit(0);
}
const unknown = wanted.filter((id) => !ids.includes(id));
if (unknown.length > 0) {
  console.error(`bench: unknown suite ${unknown.join(', ')}; suites: ${ids.join(', ')}`);
  process.exit(2);
}
const selected = wanted.length === 0 ? all : all.filter((s) => wanted.includes(s.id));

const machine = describeMachine();
const command = `pnpm bench${wanted.length ? ` ${wanted.join(' ')}` : ''}${against === undefined ? '' : ` --against ${against}`}${quick ? ' --quick' : ''}`;
const sections = new Map<string, string>();
let missed = 0;
for (const suite of selected) {
  console.log(`bench: ${suite.id}: ${suite.title}`);
  const load = describeLoad();
  const result = await suite.run({
    measure: quick ? QUICK_MEASURE : DEFAULT_MEASURE,
    quick,
    log: (line) => console.log(`  ${line}`),
  });
  for (const t of result.targets ?? []) if (!targetMet(t)) missed++;
  const date = new Date().toISOString().slice(0, 10);
  sections.set(
    suite.id,
    [
      `## ${suite.title} (\`${suite.id}\`)`,
      '',
      suite.description,
      '',
      `Measured on ${date} with \`${command}\` on: ${machine}; ${load} when the suite started.`,
      '',
      renderResult(result),
    ].join('\n'),
  );
}

const rendered = [...sections.values()].join('\n');
if (quick || flags.has('--no-write')) {
  console.log(`\n${rendered}`);
  if (quick) console.log('bench: --quick figures are not meaningful and were not written.');
} else {
  const existing = existsSync(reportPath) ? readFileSync(reportPath, 'utf8') : undefined;
  const tmp = `${reportPath}.tmp-${process.pid}`;
  writeFileSync(tmp, updateReport(existing, sections, ids));
  renameSync(tmp, reportPath);
  console.log(`\n${rendered}\nbench: wrote docs/benchmarks.md`);
}
if (missed > 0) console.log(`bench: ${missed} target(s) missed.`);
