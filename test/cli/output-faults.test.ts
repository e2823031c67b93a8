/**
 * Output that never lies (issue 8): `-o` under a full disk, a file size limit and hostile
 * targets; stdout errors; SIGINT/SIGTERM during a stream. Every target is made here, under a
 * temporary directory; `/dev/full` is used only as a stdout redirection.
 */
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { canMount, type Mounted, mountTemporary } from '../support/fault-targets.js';
import { BIN, interruptAfterLines, runCli, tempDir } from './run-cli.js';

const ROOT = canMount();
const mounts: Mounted[] = [];
afterAll(() => {
  for (const m of mounts) m.dispose();
});

/** Runs the bin through bash, so that a test can use `ulimit`, pipes and redirections. */
function runShell(script: string, env: Record<string, string> = {}) {
  return spawnSync('bash', ['--norc', '--noprofile', '-c', script], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', Q: `${process.execPath} ${BIN}`, ...env },
  });
}

const oneLine = (stderr: string) => {
  expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
  expect(stderr.trimEnd().split('\n')).toHaveLength(1);
};

describe('-o writes the whole file or nothing', () => {
  it.skipIf(!ROOT)('on a full disk (a 12k tmpfs) it exits 1 and leaves the old file intact', () => {
    const m = mountTemporary('tmpfs', ['size=12k']);
    mounts.push(m);
    const target = join(m.dir, 'o.yaml');
    writeFileSync(target, 'ORIG\n');
    const r = runCli(['openapi', '-o', target]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('no space left on the device (ENOSPC)');
    oneLine(r.stderr);
    expect(readFileSync(target, 'utf8')).toBe('ORIG\n');
    expect(readdirSync(m.dir)).toEqual(['o.yaml']); // no temporary file left behind
    // A new path on the full disk: no file at all.
    const fresh = runCli(['openapi', '-o', join(m.dir, 'new.yaml')]);
    expect(fresh.status).toBe(1);
    expect(readdirSync(m.dir)).toEqual(['o.yaml']);
  });

  it('under a file size limit (ulimit -f 8) it exits 1 with EFBIG and leaves the old file intact', () => {
    const dir = tempDir();
    const target = join(dir, 'o.yaml');
    writeFileSync(target, 'ORIG\n');
    const r = runShell(`ulimit -f 8; exec $Q openapi -o "${target}"`);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('EFBIG');
    oneLine(r.stderr);
    expect(readFileSync(target, 'utf8')).toBe('ORIG\n');
    expect(readdirSync(dir)).toEqual(['o.yaml']);
  });

  it('replaces a regular file whole and keeps its permission bits', () => {
    const dir = tempDir();
    const target = join(dir, 'o.json');
    writeFileSync(target, 'ORIG\n', { mode: 0o640 });
    const r = runCli(['openapi', '--format', 'json', '-o', target]);
    expect(r).toMatchObject({ status: 0, stdout: '', stderr: '' });
    expect(JSON.parse(readFileSync(target, 'utf8')).openapi).toBe('3.1.0');
    expect(lstatSync(target).mode & 0o777).toBe(0o640);
  });
});

describe('-o refuses what is not a regular file or a new path, in one line (exit 2)', () => {
  it('a symbolic link: neither the link nor its target changes', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'real.yaml'), 'ORIG\n');
    symlinkSync('real.yaml', join(dir, 'link.yaml'));
    const r = runCli(['openapi', '-o', join(dir, 'link.yaml')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('it is a symbolic link to real.yaml');
    oneLine(r.stderr);
    expect(readlinkSync(join(dir, 'link.yaml'))).toBe('real.yaml');
    expect(readFileSync(join(dir, 'real.yaml'), 'utf8')).toBe('ORIG\n');
  });

  it('a directory', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'sub'));
    const r = runCli(['openapi', '-o', join(dir, 'sub')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('it is a directory');
    oneLine(r.stderr);
    expect(lstatSync(join(dir, 'sub')).isDirectory()).toBe(true);
  });

  it('a FIFO: refused without opening it (no hang), still a FIFO', () => {
    const dir = tempDir();
    const fifo = join(dir, 'pipe');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const r = runCli(['openapi', '-o', fifo]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('it is a named pipe (FIFO)');
    expect(r.stderr).toContain(`redirect stdout instead (> ${fifo})`);
    oneLine(r.stderr);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it.skipIf(!ROOT)('a device node (mknod c 1 3, a null device made in a temp dir): still a device', () => {
    const dir = tempDir();
    const device = join(dir, 'null');
    expect(spawnSync('mknod', [device, 'c', '1', '3']).status).toBe(0);
    const r = runCli(['openapi', '-o', device]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('it is a character device');
    oneLine(r.stderr);
    expect(lstatSync(device).isCharacterDevice()).toBe(true);
    expect(readdirSync(dir)).toEqual(['null']);
  });

  it.skipIf(!ROOT)('a directory that takes no new files (procfs, mounted in a temp dir) says so', () => {
    const m = mountTemporary('proc');
    mounts.push(m);
    const r = runCli(['openapi', '-o', join(m.dir, 'x')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`${m.dir} does not accept new files`);
    expect(r.stderr).not.toContain('does not exist');
    oneLine(r.stderr);
  });

  it('a missing directory says which', () => {
    const dir = tempDir();
    const r = runCli(['openapi', '-o', join(dir, 'nope', 'x.yaml')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      `querymode: cannot write -o ${join(dir, 'nope', 'x.yaml')}: its directory ${join(dir, 'nope')} does not exist; create it first\n`,
    );
  });
});

describe('stdout errors: one line, never a stack', () => {
  /** Runs the bin with stdout on /dev/full (a redirection, as `> /dev/full`). */
  const toDevFull = (args: readonly string[]) => {
    const fd = openSync('/dev/full', 'w');
    try {
      return spawnSync(process.execPath, [BIN, ...args], {
        encoding: 'utf8',
        stdio: ['ignore', fd, 'pipe'],
        env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' },
      });
    } finally {
      closeSync(fd);
    }
  };

  for (const args of [['openapi'], ['modes'], ['schema'], ['explain', 'timestamp']]) {
    it(`querymode ${args.join(' ')} > /dev/full: ENOSPC in one line, exit 1`, () => {
      const r = toDevFull(args);
      expect(r.status).toBe(1);
      expect(r.stderr).toBe(
        'querymode: cannot write to stdout: no space left on the device (ENOSPC); the output is incomplete\n',
      );
    });
  }

  it('EPIPE ends quietly: validate --fix big.json | head -c 10, and a stream into head', () => {
    const dir = tempDir();
    const big = join(dir, 'big.json');
    // A hand-written body with 20,000 unknown keys: --fix prints one issue line per key (about 1.5 MB).
    const extra = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`unknown_${i}`, i]));
    writeFileSync(big, JSON.stringify({ config: { mode: 'full_load', ...extra } }));
    const r = runShell(`$Q validate --fix "${big}" | head -c 10 > /dev/null; echo "exit \${PIPESTATUS[0]}"`);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('exit 1\n'); // the body is invalid: its own exit code, quietly
    const line = JSON.stringify({ rows: 10, columns: [{ name: 'id', type: 'bigint' }] });
    writeFileSync(join(dir, 'in.ndjson'), `${Array.from({ length: 50_000 }, () => line).join('\n')}\n`);
    const s = runShell(
      `$Q recommend --ndjson --input "${join(dir, 'in.ndjson')}" | head -n 1 > /dev/null; echo "exit \${PIPESTATUS[0]}"`,
    );
    expect(s.stderr).toBe('');
    expect(s.stdout).toBe('exit 0\n');
  });

  it("an error of stderr is dropped: the exit code is the command's own (2, a usage error; 0 after a stream)", () => {
    const usage = runShell(`$Q recommend --no-such-flag 2> /dev/full; echo "exit $?"`);
    expect(usage.stdout).toBe('exit 2\n');
    const tables = join(import.meta.dirname, '..', '..', 'examples', 'tables.ndjson');
    const stream = runShell(`$Q recommend --ndjson "${tables}" > /dev/null 2> /dev/full; echo "exit $?"`);
    expect(stream.stdout).toBe('exit 0\n');
  });
});

describe('SIGINT and SIGTERM during recommend --ndjson', () => {
  const line = JSON.stringify({
    rows: 10,
    columns: [{ name: 'id', type: 'bigint', nullable: false, unique: true, auto_increment: true }],
    changes: { inserts: 'yes' },
  });

  /** Feeds `n` lines and half a line, waits for `n` output lines, then sends `signal`. */
  const interrupt = (signal: 'SIGINT' | 'SIGTERM', n: number) =>
    interruptAfterLines(
      ['recommend', '--ndjson'],
      `${Array.from({ length: n }, () => line).join('\n')}\n${line.slice(0, 20)}`,
      n,
      signal,
    );

  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    it(`${signal}: whole lines only, the count on stderr, exit ${code}`, async () => {
      const r = await interrupt(signal, 2000);
      expect(r.status).toBe(code);
      expect(r.stdout.endsWith('\n')).toBe(true);
      const records = r.stdout.trimEnd().split('\n');
      expect(records).toHaveLength(2000);
      for (const [i, text] of records.entries())
        expect(JSON.parse(text)).toMatchObject({ line: i + 1, ok: true });
      expect(r.stderr).toBe(
        `recommend: stopped by ${signal} after 2,000 records written (whole lines); the output is incomplete\n`,
      );
    });
  }
});
