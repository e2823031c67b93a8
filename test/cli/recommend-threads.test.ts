/**
 * `recommend --ndjson --threads`: worker threads change nothing but the speed. The output, the exit
 * code and the summary are the same, byte for byte, with 1, 2 or 3 threads, over every kind of line
 * (valid traits, invalid JSON, duplicate keys, empty lines, CRLF, bytes that are not UTF-8, a line
 * over 16 MiB, a last line without a newline) before and after the workers start. A worker that
 * cannot start or dies midway loses no line. Lines that arrive while the input pauses are answered
 * without waiting for more input.
 *
 * Workers start after 10,000 lines by default, and on a file of known size only when at least three
 * times as many lines are left; these tests start them after 500 (`QUERYMODE_THREADS_AFTER_LINES`),
 * so that short inputs exercise them, and check in the summary that workers did process lines.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { traitsLines } from '../../bench/lib/traits-gen.js';
import { BIN, interruptAfterLines, runCli, spawnNode, tempDir, untilOutput } from './run-cli.js';

/** The summary line without its timing and thread count, which differ from run to run. */
/** The stderr without the `--debug` lines that say when the workers start and are ready. */
const withoutStart = (stderr: string) =>
  stderr.replace(/^recommend: (\d+ worker threads? starts?|a worker thread is ready) .*\n/gm, '');
const untimed = (stderr: string) =>
  stderr.replace(/ in [\d.]+ s \(\d+ lines\/s(, \d threads)?\)/, ' in (time)');
/** Workers start after 500 lines. */
const EARLY = { QUERYMODE_THREADS_AFTER_LINES: '500' };
/** The threads the summary says did the work (1 is certain when no worker started; more depends on timing). */
const threadsUsed = (stderr: string) => Number(/, (\d) threads\)/.exec(stderr)?.[1] ?? 1);
/**
 * Whether worker threads started, as `--debug` says when they do: the decision, which does not
 * depend on timing (which threads end up doing lines does: a worker still warming up when the
 * main thread finishes does none, as on a busy machine).
 */
const workersStarted = (stderr: string) => / worker threads? starts? after \d+ lines/.test(stderr);

/** Input bytes with every kind of line, early (before the workers start) and late. */
function mixedInput(count: number, withLongLine: boolean): Buffer {
  const parts: Buffer[] = [Buffer.from('\ufeff')];
  let i = 0;
  for (const line of traitsLines(count, 7)) {
    i++;
    const special = i % 2500;
    if (special === 11) parts.push(Buffer.from('{"rows": 1, "rows": 2}\n'));
    else if (special === 12) parts.push(Buffer.from('{"rows": \n'));
    else if (special === 13) parts.push(Buffer.from('   \n'));
    else if (special === 14)
      parts.push(Buffer.concat([Buffer.from('{"table":"'), Buffer.from([0xff]), Buffer.from('"}\n')]));
    else if (special === 15) parts.push(Buffer.from(`${line}\r\n`));
    else if (special === 16 && withLongLine && i > 5000)
      parts.push(Buffer.from(`{"table":"${'x'.repeat(17 * 1024 * 1024)}"}\n`));
    else parts.push(Buffer.from(`${line}\n`));
  }
  parts.push(Buffer.from(JSON.stringify({ rows: 5, columns: [] }))); // no final newline
  return Buffer.concat(parts);
}

/**
 * These tests run the CLI over up to 28 MB of input several times: under a load average of 27 on
 * 2 cores one took over 60 s (the default timeout). A timeout here would test the machine's load.
 */
const NO_TIMING = { timeout: 900_000 };

describe('recommend --ndjson --threads', NO_TIMING, () => {
  it('gives the same output, exit code and summary with 1, 2 and 3 threads over every kind of line', () => {
    const dir = tempDir();
    const file = join(dir, 'in.ndjson');
    writeFileSync(file, mixedInput(12_000, true));
    const runs = [1, 2, 3].map((threads) =>
      runCli(['recommend', '--ndjson', '--threads', String(threads), '--input', file, '--debug'], {
        env: EARLY,
      }),
    );
    const [one, two, three] = runs as [(typeof runs)[0], (typeof runs)[0], (typeof runs)[0]];
    expect(one.status).toBe(1);
    const records = one.stdout.trimEnd().split('\n');
    expect(records).toHaveLength(12_001);
    expect(records.map((text) => JSON.parse(text).line)).toEqual(records.map((_, index) => index + 1));
    const codes = records.map((text) => JSON.parse(text).error?.code).filter(Boolean);
    for (const code of ['duplicate_key', 'invalid_json', 'empty_line', 'invalid_utf8', 'line_too_long'])
      expect(codes).toContain(code);
    for (const run of [two, three]) {
      expect(run.status).toBe(one.status);
      expect(run.stdout === one.stdout).toBe(true);
      expect(untimed(withoutStart(run.stderr))).toBe(untimed(one.stderr));
    }
    expect(threadsUsed(one.stderr)).toBe(1);
    expect(workersStarted(one.stderr)).toBe(false);
    expect(two.stderr).toContain('recommend: 1 worker thread starts after 5');
    expect(three.stderr).toContain('recommend: 2 worker threads start after 5');
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives the same --reasons and --detail records with and without workers', () => {
    const dir = tempDir();
    const file = join(dir, 'in.ndjson');
    writeFileSync(file, mixedInput(3_000, false));
    for (const level of ['--reasons', '--detail']) {
      const one = runCli(['recommend', '--ndjson', level, '--threads', '1', '--input', file]);
      const two = runCli(['recommend', '--ndjson', level, '--threads', '2', '--input', file, '--debug'], {
        env: EARLY,
      });
      expect(workersStarted(two.stderr)).toBe(true);
      expect(two.stdout === one.stdout).toBe(true);
      expect(two.status).toBe(one.status);
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('loses no line when a worker cannot start or dies midway, and says so', async () => {
    const dir = tempDir();
    const file = join(dir, 'in.ndjson');
    const input = mixedInput(8_000, false);
    writeFileSync(file, input);
    const expected = runCli(['recommend', '--ndjson', '--threads', '1', '--input', file]);
    // The first 600 lines start the workers (after 500); the rest is sent only once `--debug` says
    // the worker is ready or failed, so that a worker that starts slowly still gets its batches.
    let cut = -1;
    for (let n = 0; n < 600; n++) cut = input.indexOf(0x0a, cut + 1);
    const bundle = join(dir, 'dist');
    cpSync(join(BIN, '..'), bundle, { recursive: true });
    const bin = join(bundle, 'querymode.cjs');
    const worker = join(bundle, 'ndjson-worker.cjs');
    const real = readFileSync(worker, 'utf8');
    const cases = {
      // Dies on its third batch, with other batches in hand (the rest is about 20 batches).
      'dies midway': `let n = 0;\nrequire('node:worker_threads').parentPort.on('message', () => { if (++n === 3) process.exit(7); });\n${real}`,
      'throws at start': `throw new Error('cannot load');\n`,
    };
    for (const [name, script] of Object.entries(cases)) {
      writeFileSync(worker, script);
      const { child, result } = spawnNode([bin, 'recommend', '--ndjson', '--threads', '2', '--debug'], EARLY);
      const told = untilOutput(child.stderr, (text) => /a worker thread (is ready|failed)/.test(text));
      child.stdin.write(input.subarray(0, cut + 1));
      await told;
      child.stdin.end(input.subarray(cut + 1));
      const { status, stdout, stderr } = await result;
      expect(status, `${name}: ${stderr}`).toBe(expected.status);
      expect(stdout === expected.stdout, name).toBe(true);
      expect(stderr, name).toMatch(
        /a worker thread failed \(.+\); the main thread did its lines instead, none is lost/,
      );
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the lines that came before a pause without waiting for more input, and stops on SIGINT with whole lines', async () => {
    const lines = [...traitsLines(5_000, 3)];
    // Whole lines, then half a line that never ends: the stream waits for input.
    const r = await interruptAfterLines(
      ['recommend', '--ndjson', '--threads', '2'],
      `${lines.join('\n')}\n${lines[0]?.slice(0, 30)}`,
      lines.length,
      'SIGINT',
      EARLY,
    );
    expect(r.status).toBe(130);
    const records = r.stdout.trimEnd().split('\n');
    expect(r.stdout.endsWith('\n')).toBe(true);
    expect(records).toHaveLength(lines.length);
    expect(records.map((text) => JSON.parse(text).line)).toEqual(records.map((_, index) => index + 1));
    expect(r.stderr).toBe(
      `recommend: stopped by SIGINT after ${lines.length.toLocaleString('en-US')} records written (whole lines); the output is incomplete\n`,
    );
  });

  it('starts workers on a file only when enough lines are left to pay for them, by its size', () => {
    const dir = tempDir();
    const lines = [...traitsLines(14_000, 9)];
    const short = join(dir, 'short.ndjson'); // 7,000 lines left after 3,000: fewer than 3 x 3,000
    const long = join(dir, 'long.ndjson'); // 11,000 left: enough
    writeFileSync(short, `${lines.slice(0, 10_000).join('\n')}\n`);
    writeFileSync(long, `${lines.join('\n')}\n`);
    const env = { QUERYMODE_THREADS_AFTER_LINES: '3000' };
    const args = ['recommend', '--ndjson', '--threads', '2', '--debug'];
    const fromFile = runCli([...args, '--input', short], { env });
    expect(fromFile.status).toBe(0);
    expect(workersStarted(fromFile.stderr)).toBe(false);
    expect(threadsUsed(fromFile.stderr)).toBe(1);
    expect(runCli([...args, '--input', long], { env }).stderr).toMatch(
      // Both counts are over 1,000: written with thousands separators.
      /1 worker thread starts after \d{1,3}(,\d{3})+ lines \(about \d{1,3}(,\d{3})+ lines left\)/,
    );
    // Standard input redirected from the file has the same size; through a pipe, none is known.
    const redirected = runCli(args, { stdinFile: short, env });
    expect(redirected.stdout === fromFile.stdout).toBe(true);
    expect(workersStarted(redirected.stderr)).toBe(false);
    const piped = runCli(args, { input: readFileSync(short, 'utf8'), env });
    expect(piped.stdout === fromFile.stdout).toBe(true);
    expect(piped.stderr).toMatch(/1 worker thread starts after [\d,]+ lines \(input of unknown size\)/);
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts no worker on a short input by default', () => {
    const input = `${[...traitsLines(3_000, 5)].join('\n')}\n`;
    const r = runCli(['recommend', '--ndjson', '--threads', '2'], { input });
    expect(r.status).toBe(0);
    expect(threadsUsed(r.stderr)).toBe(1);
  });

  it('refuses a --threads that is not 1 to 64, a bad QUERYMODE_THREADS_AFTER_LINES, and --threads without --ndjson (exit 2)', () => {
    for (const bad of ['0', '65', 'two', '1.5', '-1', 'auto']) {
      const r = runCli(['recommend', '--ndjson', '--threads', bad], { input: '{}\n' });
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(
        `--threads expects a whole number from 1 (the main thread alone) to 64; received "${bad}"`,
      );
    }
    const env = runCli(['recommend', '--ndjson'], {
      input: '{}\n',
      env: { QUERYMODE_THREADS_AFTER_LINES: 'soon' },
    });
    expect(env.status).toBe(2);
    expect(env.stderr).toContain(
      'QUERYMODE_THREADS_AFTER_LINES expects a whole number of lines (0 or more); received "soon"',
    );
    const alone = runCli(['recommend', '--rows', '5', '--threads', '2']);
    expect(alone.status).toBe(2);
    expect(alone.stderr).toContain('--threads goes with --ndjson');
  });
});

describe('recommend --ndjson --threads from source', NO_TIMING, () => {
  const root = join(import.meta.dirname, '..', '..');
  const main = join(root, 'packages', 'cli', 'src', 'main.ts');

  it('starts worker threads as the bundle does, with the same output', async () => {
    const lines = [...traitsLines(9_000, 11)];
    const expected = runCli(['recommend', '--ndjson', '--threads', '1'], { input: `${lines.join('\n')}\n` });
    const { child, result } = spawnNode(
      ['--conditions=source', '--import', 'tsx', main, 'recommend', '--ndjson', '--threads', '2', '--debug'],
      { QUERYMODE_THREADS_AFTER_LINES: '200' },
      undefined,
      root,
    );
    // The rest of the input once the worker says it is ready (or failed): a worker from source
    // loads through tsx, which takes a while, and the run must not end before it says.
    const told = untilOutput(child.stderr, (text) => /a worker thread (is ready|failed)/.test(text));
    child.stdin.write(`${lines.slice(0, 300).join('\n')}\n`);
    await told;
    child.stdin.end(`${lines.slice(300).join('\n')}\n`);
    const { status, stdout, stderr } = await result;
    expect(status, stderr).toBe(0);
    expect(stderr).not.toContain('a worker thread failed');
    expect(workersStarted(stderr), stderr).toBe(true);
    expect(stderr).toMatch(/a worker thread is ready after [\d,]+ lines/);
    expect(stdout === expected.stdout).toBe(true);
  });
});
