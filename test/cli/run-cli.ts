/**
 * Runs the built `querymode` bin as a user would: a spawned process with real files and pipes.
 */
import { type ChildProcess, type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The built bin. `pnpm test` builds it before the tests run. `QUERYMODE_TEST_BIN` points the
 * tests at another build (for example an older one, to see a test fail before a fix).
 */
export const BIN =
  process.env.QUERYMODE_TEST_BIN ??
  join(import.meta.dirname, '..', '..', 'packages', 'cli', 'dist', 'querymode.cjs');

/** What a run printed and returned. */
export interface CliRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the bin synchronously with arguments, optional stdin, and a clean environment (no colour).
 * Stdin is `input` through a pipe, or the file `stdinFile` itself, as a shell's `< file` gives it.
 */
export function runCli(
  args: readonly string[],
  options: { input?: string; stdinFile?: string; env?: Record<string, string>; cwd?: string } = {},
): CliRun {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`pnpm build\` first`);
  const fd = options.stdinFile === undefined ? undefined : openSync(options.stdinFile, 'r');
  try {
    const r = spawnSync(process.execPath, [BIN, ...args], {
      ...(fd === undefined ? { input: options.input ?? '' } : { stdio: [fd, 'pipe', 'pipe'] }),
      encoding: 'utf8',
      cwd: options.cwd ?? process.cwd(),
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...options.env },
      maxBuffer: 512 * 1024 * 1024,
    });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Spawns Node with `nodeArgs` (a script and its arguments) and a clean environment, and collects
 * its output; `onStdout` sees the whole stdout so far after each piece.
 */
export function spawnNode(
  nodeArgs: readonly string[],
  env: Record<string, string> = {},
  onStdout?: (stdout: string, child: ChildProcessWithoutNullStreams) => void,
  cwd?: string,
): { child: ChildProcessWithoutNullStreams; result: Promise<CliRun> } {
  const child = spawn(process.execPath, nodeArgs, {
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...env },
    ...(cwd === undefined ? {} : { cwd }),
  });
  const result = new Promise<CliRun>((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      onStdout?.(stdout, child);
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
  return { child, result };
}

/** Spawns the bin and collects its output; `onStdout` sees the whole stdout so far after each piece. */
const spawnCollecting = (
  args: readonly string[],
  onStdout?: (stdout: string, child: ChildProcessWithoutNullStreams) => void,
  env: Record<string, string> = {},
) => spawnNode([BIN, ...args], env, onStdout);

/** Runs the bin with a readable stream as stdin (for large inputs), collecting stdout and stderr. */
export function runCliStreaming(
  args: readonly string[],
  writeInput: (stdin: NodeJS.WritableStream) => Promise<void>,
): Promise<CliRun> {
  const { child, result } = spawnCollecting(args);
  const written = writeInput(child.stdin).then(
    () => child.stdin.end(),
    (error) => {
      child.kill();
      throw error;
    },
  );
  return Promise.all([result, written]).then(([run]) => run);
}

/** A fresh temporary directory. */
export const tempDir = (): string => mkdtempSync(join(tmpdir(), 'querymode-test-'));

/** The records of NDJSON output, one parsed object per line. */
// biome-ignore lint/suspicious/noExplicitAny: test records are read field by field.
export const ndjsonRecords = (stdout: string): any[] =>
  stdout
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));

/**
 * The records of a `recommend --ndjson --detail` run, and its legend: its first line (an error
 * when the first line is not one).
 */
// biome-ignore lint/suspicious/noExplicitAny: test records are read field by field.
export function detailRecords(stdout: string): { legend: any; records: any[] } {
  const [legend, ...records] = ndjsonRecords(stdout);
  if (legend?.kind !== 'legend')
    throw new Error(`not a legend first: ${JSON.stringify(legend)?.slice(0, 200)}`);
  return { legend, records };
}

/**
 * Runs the bin with `input` on stdin, never ending stdin (the input should end in half a line, so
 * that the stream waits), and sends `signal` once `lines` output lines have come; kills it after
 * a minute if they never come.
 */
export function interruptAfterLines(
  args: readonly string[],
  input: string,
  lines: number,
  signal: NodeJS.Signals,
  env: Record<string, string> = {},
): Promise<CliRun> {
  let sent = false;
  const { child, result } = spawnCollecting(
    args,
    (stdout, running) => {
      if (!sent && stdout.split('\n').length > lines) {
        sent = true;
        running.kill(signal);
      }
    },
    env,
  );
  child.stdin.write(input);
  // A run that never gives `lines` lines (a bug under test) is killed, not left running after the test.
  const deadline = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return result.finally(() => clearTimeout(deadline));
}

/** What a spawned run printed, and how it ended. */
export interface BinRun {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Spawns the bin without blocking this process's event loop (so that a server in this process
 * can answer it), with `input` on stdin (or an empty stdin); `done` resolves when it exits.
 */
export function startBin(
  args: readonly string[],
  env: Record<string, string> = {},
  input?: string,
): { child: ChildProcess; done: Promise<BinRun> } {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => {
    stdout += d;
  });
  child.stderr?.setEncoding('utf8').on('data', (d: string) => {
    stderr += d;
  });
  child.stdin?.end(input ?? '');
  const done = new Promise<BinRun>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr }));
  });
  return { child, done };
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Resolves with what `stream` (a child's stdout or stderr, as text) has given from now on, once
 * `reached` holds for it; rejects if the stream ends first. A test waits on what the program
 * says, never on how long it takes to say it.
 */
export function untilOutput(
  stream: NodeJS.ReadableStream | null,
  reached: (text: string) => boolean,
): Promise<string> {
  if (stream === null) return Promise.reject(new Error('no stream to wait on'));
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (d: string | Buffer) => {
      text += String(d);
      if (!reached(text)) return;
      stream.off('data', onData);
      stream.off('end', onEnd);
      resolve(text);
    };
    const onEnd = () => reject(new Error(`the output ended before what was awaited:\n${text}`));
    stream.on('data', onData);
    stream.once('end', onEnd);
  });
}

/** The JSON lines of an output, parsed. */
// biome-ignore lint/suspicious/noExplicitAny: test records are read field by field.
export const lines = (text: string): any[] =>
  text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l));
