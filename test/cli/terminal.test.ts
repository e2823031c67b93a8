import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, runCli, tempDir } from './run-cli.js';

const ARGS = [
  'recommend',
  '--rows',
  '1000',
  '--column',
  'id:bigint:primary-key:auto-increment',
  '--inserts',
  'yes',
];
const ESC = '\u001b[';

describe('terminal behaviour', () => {
  it('writes no colour to a pipe, nor with NO_COLOR, and colour with FORCE_COLOR', () => {
    expect(runCli(ARGS, { env: {} }).stdout).not.toContain(ESC);
    expect(runCli(ARGS, { env: { FORCE_COLOR: '1', NO_COLOR: '1' } }).stdout).not.toContain(ESC);
    expect(runCli(ARGS, { env: { FORCE_COLOR: '1', NO_COLOR: '' } }).stdout).toContain(ESC);
  });

  it.skipIf(!existsSync('/usr/bin/script'))(
    'shows a progress line on a TTY stderr (from the start with QUERYMODE_PROGRESS_AFTER_MS=0)',
    () => {
      const dir = tempDir();
      const input = join(dir, 'in.ndjson');
      const line = JSON.stringify({
        rows: 10,
        columns: [{ name: 'id', type: 'bigint', nullable: false, unique: true, auto_increment: true }],
        changes: { inserts: 'yes' },
      });
      writeFileSync(input, `${Array.from({ length: 20_000 }, () => line).join('\n')}\n`);
      // `script` gives the bin a pseudo-terminal; stdout goes to /dev/null, stderr stays on the terminal.
      const r = spawnSync(
        '/usr/bin/script',
        ['-qec', `${process.execPath} ${BIN} recommend --ndjson --input ${input} > /dev/null`, '/dev/null'],
        {
          encoding: 'utf8',
          env: {
            PATH: process.env.PATH ?? '',
            NO_COLOR: '1',
            TERM: 'xterm',
            QUERYMODE_PROGRESS_AFTER_MS: '0',
          },
        },
      );
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/\rrecommend: [\d,]+ lines \([\d,]+\/s\)/);
      expect(r.stdout).toContain('recommend: 20,000 lines, 20,000 ok, 0 failed');
    },
  );
});

describe('names that would act on the terminal', () => {
  const HOSTILE = 'evil\u001b[31m\u001b]0;pwned\u0007\u202eorders\rX';
  const traits = {
    table: `"${HOSTILE}"`,
    source: 'postgresql',
    rows: 1000,
    columns: [
      { name: `id${HOSTILE}`, type: 'bigint', nullable: false },
      { name: 'created_at', type: 'timestamptz', nullable: false, set_on_update: false },
    ],
  };

  it('keep JSON output valid and the same text', () => {
    const dir = tempDir();
    const file = join(dir, 'traits.json');
    writeFileSync(file, JSON.stringify(traits));
    const r = runCli(['recommend', '--traits', file, '--json']);
    expect(r.stdout).not.toContain('\u202e');
    expect(JSON.parse(r.stdout).traits.table).toBe(traits.table);
  });
});
